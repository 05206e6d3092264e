/**
 * `POST /projects/:id/repository/tags` (doc/api/tags.md "Create a new tag"; GitLab's Tags::CreateService):
 * a lightweight tag, or an annotated one when `message` is given, on a branch, tag or commit SHA; the
 * deprecated `release_description` also stores release notes. Failures answer 405 with GitLab's message.
 */
import { nowIso } from '../../db/database.js';
import type { ProjectRow } from '../../db/projects.js';
import { findRelease, insertRelease } from '../../db/releases.js';
import type { TagView } from '../../entities/tags.js';
import { resolveCommit } from '../../git/commit-info.js';
import { createAnnotatedTag, createRef, findTagRef } from '../../git/refs.js';
import { GitError } from '../../git/run-git.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { MethodNotAllowedError } from '../errors.js';
import { createPipelinesForRefUpdate } from '../pipelines/create-pipeline.js';
import { projectRepository, requirePushAccess } from '../refs/project-repository.js';
import { isValidRefName } from '../refs/ref-name.js';
import { loadTagViews } from './tag-views.js';
import { requireWritableRepository } from '../storage-moves/read-only.js';

export interface CreateTagInput {
  tag_name: string;
  /** Commit SHA, tag name or branch name. */
  ref: string;
  /** Annotation; blank (after trimming) makes a lightweight tag. */
  message?: string;
  /** Deprecated: release notes stored with the tag. */
  release_description?: string;
}

/**
 * Create a tag. Developer or above (GitLab's admin_tag). The tag points at the commit `ref` resolves to.
 * @throws ForbiddenError; MethodNotAllowedError 405 `Tag name invalid`, `Target <ref> is invalid`,
 *   `Tag <name> already exists`, or git's reason.
 */
export async function createTag(
  ctx: ServiceContext,
  project: ProjectRow,
  input: CreateTagInput,
): Promise<{ tag: TagView; projectWebUrl: string }> {
  requirePushAccess(ctx, project);
  requireWritableRepository(ctx, project);
  const user = requireUser(ctx);
  const repo = projectRepository(ctx, project);
  const name = input.tag_name;
  if (!isValidRefName(name)) throw new MethodNotAllowedError('Tag name invalid');
  const exists = () => new MethodNotAllowedError(`Tag ${name} already exists`);
  if (await findTagRef(repo.path, name)) throw exists();
  const commitId = await resolveCommit(repo.path, input.ref);
  if (!commitId) throw new MethodNotAllowedError(`Target ${input.ref} is invalid`);

  const message = input.message?.trim() ?? '';
  try {
    const created =
      message === ''
        ? await createRef(repo.path, `refs/tags/${name}`, commitId)
        : await createAnnotatedTag(repo.path, name, commitId, message, {
            name: user.name,
            email: user.email,
          });
    if (created === 'exists') throw exists();
  } catch (err) {
    if (err instanceof GitError) throw new MethodNotAllowedError(err.message);
    throw err;
  }

  const description = input.release_description?.trim() ? input.release_description : undefined;
  if (description !== undefined && !findRelease(ctx.db, project.id, name)) {
    const at = nowIso();
    insertRelease(ctx.db, {
      project_id: project.id,
      tag_name: name,
      name: null,
      description,
      sha: commitId,
      author_id: user.id,
      released_at: at,
      created_at: at,
    });
  }
  const ref = await findTagRef(repo.path, name);
  if (!ref) throw new MethodNotAllowedError(`Tag ${name} was removed while it was created`);
  createPipelinesForRefUpdate(ctx, project, name, commitId, { tag: true, before: null });
  const [tag] = await loadTagViews(ctx, repo, [ref]);
  return { tag: tag!, projectWebUrl: repo.webUrl };
}
