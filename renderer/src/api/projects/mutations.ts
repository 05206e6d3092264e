import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Visibility } from '../../../../shared/access-levels.js';
import type { Project } from '../../../../shared/api-types/projects.js';
import { ApiError } from '../api-error.js';
import { decideFeature, type InstanceCapabilities } from '../../../../shared/instance-capabilities.js';
import { apiGet, apiSend } from '../client.js';
import { readDeletionOutcome, type DeletionOutcome } from './deletion.js';
import { projectKeys } from './keys.js';

/** Body of `POST /projects` for a new, empty (or README-initialised) project. */
export interface CreateProjectInput {
  name: string;
  path: string;
  visibility: Visibility;
  description?: string;
  initialize_with_readme?: boolean;
  /** Omitted: the project goes into the current user's namespace. */
  namespace_id?: number;
}

/** Body of `POST /projects` that imports an existing repository from `import_url`. */
export interface ImportProjectInput {
  name: string;
  path: string;
  import_url: string;
  visibility?: Visibility;
  namespace_id?: number;
}

/** Stores a new or changed project as its detail (every project list is invalidated by `meta`). */
function storeProject(queryClient: QueryClient, profileId: string, project: Project): void {
  queryClient.setQueryData(projectKeys.detail(profileId, project.id), project);
}

/**
 * `POST /projects`. On success stores the new project as its detail and invalidates every project
 * list of the profile (awaited, so the submit button stays busy until the list is fresh).
 * Rejects with an ApiError carrying GitLab's per-field messages on 400/422.
 */
export function useCreateProject(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProjectInput) => apiSend<Project>(profileId, 'POST', '/projects', input),
    onSuccess: (project) => storeProject(queryClient, profileId, project),
    meta: { invalidates: [projectKeys.lists(profileId)] },
  });
}

/**
 * `POST /projects` with `import_url`: the instance creates the project and imports the repository
 * (`import_status` moves from `scheduled`/`started` to `finished` or `failed`). Same cache updates as
 * {@link useCreateProject}; follow the import with `projectQueries.detail`.
 */
export function useImportProject(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportProjectInput) => apiSend<Project>(profileId, 'POST', '/projects', input),
    onSuccess: (project) => storeProject(queryClient, profileId, project),
    meta: { invalidates: [projectKeys.lists(profileId)] },
  });
}

/** Body of `PUT /projects/:id` (doc/api/projects.md "Edit project"): only the fields that change. */
export interface UpdateProjectInput {
  name?: string;
  path?: string;
  description?: string;
  visibility?: Visibility;
  default_branch?: string;
}

/**
 * True for the 404 an instance answers for a route it does not have (`{"error": "404 Not Found"}` or
 * `{"message": "404 Not Found"}`), as opposed to `404 Project Not Found`.
 */
export function isMissingRoute(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 404) return false;
  const body = (error.body ?? {}) as { error?: unknown; message?: unknown };
  return body.error === '404 Not Found' || body.message === '404 Not Found';
}

/**
 * `PUT /projects/:id` with the changed fields. Stores the answer as the project's detail. Rejects with
 * an ApiError carrying GitLab's per-field messages on 400 (`{"message": {"path": ["has already been
 * taken"]}}`), 403 without the right role.
 */
export function useUpdateProject(profileId: string, projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProjectInput) =>
      apiSend<Project>(profileId, 'PUT', `/projects/${projectId}`, input),
    onSuccess: (project) => storeProject(queryClient, profileId, project),
    meta: { invalidates: [projectKeys.lists(profileId)] },
  });
}

/**
 * Archive or unarchive: `POST /projects/:id/archive` / `unarchive` (doc/api/projects.md "Archive a
 * project", GitLab 13.10 answers 201 with the project). An instance without those endpoints (404
 * `404 Not Found` for the route, as an older embedded core answers) is asked with `PUT /projects/:id`
 * `{archived}` instead. Errors: ApiError (403 without Maintainer/Owner).
 */
export function useSetProjectArchived(profileId: string, projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (archived: boolean) => {
      const action = archived ? 'archive' : 'unarchive';
      try {
        return await apiSend<Project>(profileId, 'POST', `/projects/${projectId}/${action}`);
      } catch (error) {
        if (!isMissingRoute(error)) throw error;
        return apiSend<Project>(profileId, 'PUT', `/projects/${projectId}`, { archived });
      }
    },
    onSuccess: (project) => storeProject(queryClient, profileId, project),
    meta: { invalidates: [projectKeys.lists(profileId)] },
  });
}

/**
 * `PUT /projects/:id/transfer` `{namespace}` (id or full path; doc/api/projects.md "Transfer a project to
 * a new namespace"). Rejects with the instance's error as it is: 400 `Failed to transfer project …`,
 * 403, 404 `Namespace Not Found`, or a plain 404 from an instance without the endpoint.
 */
export function useTransferProject(profileId: string, projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (namespace: number | string) =>
      apiSend<Project>(profileId, 'PUT', `/projects/${projectId}/transfer`, { namespace }),
    onSuccess: (project) => storeProject(queryClient, profileId, project),
    meta: { invalidates: [projectKeys.lists(profileId)] },
  });
}

/**
 * `DELETE /projects/:id` (202 Accepted; doc/api/projects.md "Delete a project"), resolving with what it
 * did ({@link DeletionOutcome}). `capabilities`: the active instance's (`useInstanceCapabilities`; null
 * reads as an instance that deletes at once). On a GitLab that marks projects for deletion (capability
 * `project-delayed-deletion`, 18.0+) the project is read once afterwards for `marked_for_deletion_on`, and an
 * administrator's token (per the capabilities; never tried otherwise) reads `deletion_adjourned_period`;
 * elsewhere (the embedded core, older GitLab) the project is gone. A gone project's cached detail is
 * removed, a marked one's replaced; the lists are refreshed. Errors: ApiError (403 without Owner, 404).
 */
export function useDeleteProject(profileId: string, capabilities: InstanceCapabilities | null = null) {
  const queryClient = useQueryClient();
  const marks = decideFeature('project-delayed-deletion', capabilities).status === 'available';
  const mayReadSettings =
    capabilities?.kind === 'gitlab' &&
    capabilities.user?.isAdmin === true &&
    capabilities.adminMode !== 'token-lacks-admin_mode';
  return useMutation({
    mutationFn: async (projectId: number): Promise<DeletionOutcome> => {
      await apiSend<unknown>(profileId, 'DELETE', `/projects/${projectId}`);
      if (!marks || capabilities?.kind !== 'gitlab') return { kind: 'deleted', projectId };
      return readDeletionOutcome(profileId, projectId, async () => {
        if (!mayReadSettings) return null;
        try {
          const settings = await apiGet<{ deletion_adjourned_period?: unknown }>(
            profileId,
            '/application/settings',
          );
          return typeof settings.deletion_adjourned_period === 'number'
            ? settings.deletion_adjourned_period
            : null;
        } catch {
          return null;
        }
      });
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'marked')
        queryClient.setQueryData(projectKeys.detail(profileId, outcome.projectId), outcome.project);
      else queryClient.removeQueries({ queryKey: projectKeys.detail(profileId, outcome.projectId) });
    },
    meta: { invalidates: [projectKeys.lists(profileId)] },
  });
}
