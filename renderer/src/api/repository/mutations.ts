import { useMutation } from '@tanstack/react-query';
import { apiJson, apiSend } from '../client.js';
import { encodeFilePath, encodeRefSegment } from './file-path.js';
import { repositoryKeys } from './keys.js';
import type { Release } from '../../../../shared/api-types/releases.js';
import { useInstanceCapabilities } from '../capabilities/capabilities.js';
import { releaseNotesApi, releaseNotesRequest } from './release-notes-api.js';
import type { Branch, FileCommitResult, ProtectedBranch, Tag, TagRelease } from './types.js';
import {
  updateProtectedBranch,
  type ProtectedBranchChange,
  type ProtectedBranchUpdateMode,
} from './protected-branch-update.js';

/** Where a file commit lands: `branch`, created from `startBranch` when that is given. */
interface CommitTarget {
  path: string;
  branch: string;
  /** Create `branch` from this branch first (GitLab's `start_branch`). */
  startBranch?: string;
  commitMessage: string;
}

/** Input of {@link useCreateFile}. */
export interface CreateFileInput extends CommitTarget {
  content: string;
}

/** Input of {@link useUpdateFile}; `lastCommitId` makes the instance refuse a stale edit. */
export interface UpdateFileInput extends CommitTarget {
  content: string;
  lastCommitId?: string;
}

/** Input of {@link useDeleteFile}. */
export interface DeleteFileInput extends CommitTarget {
  lastCommitId?: string;
}

/** Input of {@link useProtectBranch} (access levels 0, 30, 40 or 60). */
export interface ProtectBranchInput {
  name: string;
  pushAccessLevel: number;
  mergeAccessLevel: number;
  allowForcePush: boolean;
}

/** One change to a protection rule (./protected-branch-update.ts), with the rule as last read. */
export interface UpdateProtectedBranchInput extends ProtectedBranchChange {
  rule?: ProtectedBranch;
}

/** Input of {@link useSaveRelease}: `exists` picks PUT (update) over POST (create). */
export interface SaveReleaseInput {
  tagName: string;
  description: string;
  exists: boolean;
}

const repo = (projectId: number) => `/projects/${projectId}/repository`;

function commitBody(input: CommitTarget, extra: Record<string, unknown>) {
  return {
    branch: input.branch,
    ...(input.startBranch ? { start_branch: input.startBranch } : {}),
    commit_message: input.commitMessage,
    ...extra,
  };
}

/**
 * Everything a commit to a branch can change: folder listings, files, raw contents, blame, commit
 * lists and branches (their last commit) of the project. Tags and protections stay.
 */
export function repositoryContentKeys(profileId: string, projectId: number) {
  return [
    repositoryKeys.trees,
    repositoryKeys.files,
    repositoryKeys.raws,
    repositoryKeys.blames,
    repositoryKeys.commits,
    repositoryKeys.branches,
  ].map((key) => key(profileId, projectId));
}

/**
 * `POST /projects/:id/repository/files/:file_path` (text content). Invalidates the project's content
 * (see {@link repositoryContentKeys}). 400 when the file exists; 403 on a protected branch.
 */
export function useCreateFile(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: (input: CreateFileInput) =>
      apiSend<FileCommitResult>(
        profileId,
        'POST',
        `${repo(projectId)}/files/${encodeFilePath(input.path)}`,
        commitBody(input, { content: input.content, encoding: 'text' }),
      ),
    meta: { invalidates: repositoryContentKeys(profileId, projectId) },
  });
}

/**
 * `PUT /projects/:id/repository/files/:file_path` with `last_commit_id`. Invalidates the project's
 * content. 400 when the file changed since `lastCommitId` (or nothing changed); 403 on a protected branch.
 */
export function useUpdateFile(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: (input: UpdateFileInput) =>
      apiJson<FileCommitResult>({
        method: 'PUT',
        path: `${repo(projectId)}/files/${encodeFilePath(input.path)}`,
        body: commitBody(input, {
          content: input.content,
          encoding: 'text',
          ...(input.lastCommitId ? { last_commit_id: input.lastCommitId } : {}),
        }),
        profileId,
      }),
    meta: { invalidates: repositoryContentKeys(profileId, projectId) },
  });
}

/** `DELETE /projects/:id/repository/files/:file_path` with a commit message. Invalidates the project's content. */
export function useDeleteFile(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: (input: DeleteFileInput) =>
      apiSend<unknown>(
        profileId,
        'DELETE',
        `${repo(projectId)}/files/${encodeFilePath(input.path)}`,
        commitBody(input, input.lastCommitId ? { last_commit_id: input.lastCommitId } : {}),
      ),
    meta: { invalidates: repositoryContentKeys(profileId, projectId) },
  });
}

/** `POST /projects/:id/repository/branches` from a branch, tag or SHA. Invalidates the branch lists. */
export function useCreateBranch(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: (input: { branch: string; ref: string }) =>
      apiSend<Branch>(profileId, 'POST', `${repo(projectId)}/branches`, input),
    meta: { invalidates: [repositoryKeys.branches(profileId, projectId)] },
  });
}

/**
 * `DELETE /projects/:id/repository/branches/:branch`. The instance refuses default and protected
 * branches with a message. Invalidates branches and commit lists (of that ref).
 */
export function useDeleteBranch(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: (branch: string) =>
      apiSend<unknown>(profileId, 'DELETE', `${repo(projectId)}/branches/${encodeRefSegment(branch)}`),
    meta: {
      invalidates: [
        repositoryKeys.branches(profileId, projectId),
        repositoryKeys.commits(profileId, projectId),
      ],
    },
  });
}

/**
 * `DELETE /projects/:id/repository/merged_branches`: deletes every branch merged into the default
 * branch, skipping protected ones. Invalidates the branch lists.
 */
export function useDeleteMergedBranches(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: () => apiSend<unknown>(profileId, 'DELETE', `${repo(projectId)}/merged_branches`),
    meta: { invalidates: [repositoryKeys.branches(profileId, projectId)] },
  });
}

/**
 * `POST /projects/:id/repository/tags`: lightweight, or annotated when `message` is given.
 * 405 (or 400) with a reason when git refuses. Invalidates the tag lists.
 */
export function useCreateTag(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: (input: { tagName: string; ref: string; message?: string }) =>
      apiJson<Tag>({
        method: 'POST',
        path: `${repo(projectId)}/tags`,
        body: {
          tag_name: input.tagName,
          ref: input.ref,
          ...(input.message ? { message: input.message } : {}),
        },
        profileId,
      }),
    meta: { invalidates: [repositoryKeys.tags(profileId, projectId)] },
  });
}

/** `DELETE /projects/:id/repository/tags/:tag_name`. Invalidates the tag lists. */
export function useDeleteTag(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: (tagName: string) =>
      apiSend<unknown>(profileId, 'DELETE', `${repo(projectId)}/tags/${encodeRefSegment(tagName)}`),
    meta: { invalidates: [repositoryKeys.tags(profileId, projectId)] },
  });
}

/**
 * Release notes of a tag, through the API the instance offers (release-notes-api.ts decides): the
 * Releases API on GitLab 14.0+ and the embedded core (`POST /projects/:id/releases` to add, 409 when the
 * tag has a release; `PUT /projects/:id/releases/:tag_name` to change), the tag release endpoints on
 * GitLab 13.x (`POST`/`PUT .../tags/:tag_name/release`). Answers `{tag_name, description}` either way.
 * Rejects without a request while the instance is not known or offers neither. Invalidates the tag lists.
 */
export function useSaveRelease(profileId: string, projectId: number) {
  const { capabilities } = useInstanceCapabilities();
  const api = releaseNotesApi(capabilities);
  return useMutation({
    mutationFn: async (input: SaveReleaseInput): Promise<TagRelease> => {
      if ('explanation' in api) throw new Error(api.explanation);
      const request = releaseNotesRequest(
        api,
        projectId,
        input.tagName,
        encodeRefSegment(input.tagName),
        input.description,
        input.exists,
      );
      const saved = await apiJson<Release | TagRelease>({ ...request, profileId });
      return { tag_name: saved.tag_name ?? input.tagName, description: saved.description ?? '' };
    },
    meta: { invalidates: [repositoryKeys.tags(profileId, projectId)] },
  });
}

/**
 * `POST /projects/:id/protected_branches` for a name or wildcard. Invalidates protections and
 * branches (their `protected` flag).
 */
export function useProtectBranch(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: (input: ProtectBranchInput) =>
      apiJson<ProtectedBranch>({
        method: 'POST',
        path: `/projects/${projectId}/protected_branches`,
        body: {
          name: input.name,
          push_access_level: input.pushAccessLevel,
          merge_access_level: input.mergeAccessLevel,
          allow_force_push: input.allowForcePush,
        },
        profileId,
      }),
    meta: {
      invalidates: [
        repositoryKeys.protectedBranches(profileId, projectId),
        repositoryKeys.branches(profileId, projectId),
      ],
    },
  });
}

/** `DELETE /projects/:id/protected_branches/:name`. Invalidates protections and branches. */
export function useUnprotectBranch(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: (name: string) =>
      apiSend<unknown>(
        profileId,
        'DELETE',
        `/projects/${projectId}/protected_branches/${encodeRefSegment(name)}`,
      ),
    meta: {
      invalidates: [
        repositoryKeys.protectedBranches(profileId, projectId),
        repositoryKeys.branches(profileId, projectId),
      ],
    },
  });
}

/**
 * Changes a protection rule in the form the instance accepts (./protected-branch-update.ts): `PATCH
 * /projects/:id/protected_branches/:name` (`allow_force_push`, `allowed_to_push` / `allowed_to_merge`
 * entries updated by `id`) where role arrays are honoured, else (`mode` `reprotect`, GitLab CE) unprotect and
 * protect again with `push_access_level` / `merge_access_level`; the rule is read back and checked either
 * way. `input.rule` is the rule as last read (needed by `reprotect`). Invalidates protections and branches.
 */
export function useUpdateProtectedBranch(
  profileId: string,
  projectId: number,
  mode: ProtectedBranchUpdateMode = 'patch',
) {
  return useMutation({
    mutationFn: (input: UpdateProtectedBranchInput) =>
      updateProtectedBranch(profileId, projectId, input, mode, input.rule ?? null),
    meta: {
      // Also after an error: a re-protect may have changed the rule before failing.
      invalidatesOnError: true,
      invalidates: [
        repositoryKeys.protectedBranches(profileId, projectId),
        repositoryKeys.branches(profileId, projectId),
      ],
    },
  });
}
