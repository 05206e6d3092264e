/**
 * Projects (doc/api/projects.md): create (empty, with a README first commit, or imported from a
 * repository), update, delete. Each project owns a bare repository in hashed storage on a shard.
 *
 * Crash safety: the project row is written first; its repository is created right after and recreated
 * on start-up if missing (`repairRepositories`). Deletion removes the row and queues the directory in
 * `repository_removals` in one transaction, so a crash between the two is finished on restart.
 */
import { AccessLevel, VISIBILITY_LEVELS } from '../../../../shared/access-levels.js';
import type { Visibility } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import { deleteMembersOfSource } from '../../db/members.js';
import { findNamespaceById, findUserNamespace } from '../../db/namespaces.js';
import type { NamespaceRow } from '../../db/namespaces.js';
import {
  deleteProject as deleteProjectRow,
  findProjectById,
  findProjectByName,
  findProjectByPath,
  insertProject,
  insertRepositoryRemoval,
  updateProject as updateProjectRow,
} from '../../db/projects.js';
import type { ProjectChanges, ProjectRow } from '../../db/projects.js';
import { hashedDiskPath, resolveRepositoryPath } from '../../git/storage.js';
import {
  commitInitialFile,
  initBareRepository,
  listBranchNames,
  removeRepository,
  repositoryExists,
  setDefaultBranch,
} from '../../git/repository.js';
import { recordCreationAuditEvent, recordSelfAuditEvent } from '../audit/record-audit-event.js';
import { requireNamespaceAccess, requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { visibilityAllowed } from '../groups/groups-service.js';
import { defaultBranchName, defaultVisibility } from '../admin/gitlab-settings.js';
import { pathProblem } from '../users/namespace-path.js';
import { importUrlProblem, scheduleImport } from './import-repository.js';
import { finishRepositoryRemovals } from './repository-maintenance.js';
import { storageForNewProject } from '../storage-moves/shards.js';
import { protectDefaultBranch } from '../protected-branches/protect-default-branch.js';

export interface CreateProjectInput {
  name?: string;
  path?: string;
  namespace_id?: number;
  visibility?: Visibility;
  description?: string;
  initialize_with_readme?: boolean;
  default_branch?: string;
  import_url?: string;
}

/** `My Project` → `my-project` (GitLab derives the path from the name this way). */
export function pathFromName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
}

/**
 * Why `name` can't be a branch name (git check-ref-format --branch rules), or null when it can.
 * Checked before git sees the name, so a bad value is a 400 field error rather than a git failure.
 */
export function branchNameProblem(name: string): string | null {
  const bad =
    name === '' ||
    name === '@' ||
    name === 'HEAD' ||
    name.startsWith('-') ||
    name.startsWith('/') ||
    name.endsWith('/') ||
    name.endsWith('.') ||
    name.length > 255 ||
    /\.\.|@\{|\/\/|[\s~^:?*[\\]/.test(name) ||
    [...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) ||
    name.split('/').some((part) => part.startsWith('.') || part.endsWith('.lock'));
  return bad ? 'is invalid' : null;
}

/** Absolute path of a project's bare repository. */
export function projectRepositoryPath(ctx: ServiceContext, project: ProjectRow): string {
  return resolveRepositoryPath(ctx.shards, project.repository_storage, project.disk_path);
}

/**
 * Create a project (`POST /projects`). With `initialize_with_readme` the repository gets a real first
 * commit and its branch is protected per `default_branch_protection` (GitLab's ProtectDefaultBranchService);
 * with `import_url` the import runs in the background (`import_status` scheduled → finished/failed).
 * @throws NotFoundError('Namespace'); ForbiddenError; ValidationError (400, field errors) for a bad or taken
 *   name/path, visibility above the namespace's, or a blocked import URL.
 */
export async function createProject(ctx: ServiceContext, input: CreateProjectInput): Promise<ProjectRow> {
  const user = requireUser(ctx);
  const ns: NamespaceRow | undefined =
    input.namespace_id !== undefined
      ? findNamespaceById(ctx.db, input.namespace_id)
      : findUserNamespace(ctx.db, user.id);
  if (!ns) throw new NotFoundError('Namespace');
  if (!(ns.kind === 'user' && ns.owner_id === user.id))
    requireNamespaceAccess(ctx, ns, AccessLevel.Maintainer);

  const name = (input.name ?? input.path ?? '').trim();
  const path = input.path ?? pathFromName(name);
  const visibility =
    input.visibility ?? defaultVisibility(ctx.db, 'project', ns.kind === 'group' ? ns.visibility : null);
  const defaultBranch = input.default_branch ?? defaultBranchName(ctx.db);
  const errors: Record<string, string[]> = {};
  const problem = pathProblem(path);
  if (problem) errors.path = [problem];
  if (name === '') errors.name = ["can't be blank"];
  else if (name.length > 255) errors.name = ['is too long (maximum is 255 characters)'];
  if (!VISIBILITY_LEVELS.includes(visibility)) errors.visibility_level = ['is invalid'];
  else if (ns.kind === 'group' && !visibilityAllowed(visibility, ns.visibility)) {
    errors.visibility_level = [`${visibility} is not allowed in a ${ns.visibility} group.`];
  }
  const branchProblem = branchNameProblem(defaultBranch);
  if (branchProblem) errors.default_branch = [branchProblem];
  if (!errors.path && findProjectByPath(ctx.db, ns.id, path)) errors.path = ['has already been taken'];
  if (!errors.name && findProjectByName(ctx.db, ns.id, name)) errors.name = ['has already been taken'];
  if (input.import_url !== undefined) {
    const importProblem = await importUrlProblem(ctx, input.import_url);
    if (importProblem) errors.import_url = [importProblem];
  }
  if (Object.keys(errors).length) throw new ValidationError('Failed to save project', errors);

  const at = nowIso();
  const project = ctx.db.transaction(() => {
    const id = insertProject(ctx.db, {
      namespace_id: ns.id,
      name,
      path,
      description: input.description ?? null,
      visibility,
      default_branch: input.import_url ? null : input.initialize_with_readme ? defaultBranch : null,
      repository_storage: storageForNewProject(ctx),
      creator_id: user.id,
      import_url: input.import_url ?? null,
      import_status: input.import_url ? 'scheduled' : 'none',
      created_at: at,
    });
    updateProjectRow(ctx.db, id, { disk_path: hashedDiskPath(id) }, at);
    const fullPath = `${ns.full_path}/${path}`;
    recordCreationAuditEvent(ctx, 'Project', { id, fullPath });
    return findProjectById(ctx.db, id)!;
  })();

  const repoPath = projectRepositoryPath(ctx, project);
  try {
    await initBareRepository(repoPath, defaultBranch);
    if (input.initialize_with_readme && !input.import_url) {
      await commitInitialFile(
        repoPath,
        defaultBranch,
        { path: 'README.md', content: `# ${name}\n\n${input.description ?? ''}\n`.replace(/\n\n\n$/, '\n') },
        'Initial commit',
        { name: user.name, email: user.email },
      );
      protectDefaultBranch(ctx, project.id);
    }
  } catch (err) {
    // Leave nothing half-made: drop the row (with its audit trail intact) and the directory.
    ctx.db.transaction(() => {
      deleteMembersOfSource(ctx.db, 'Project', project.id);
      deleteProjectRow(ctx.db, project.id);
    })();
    await removeRepository(repoPath);
    throw err;
  }
  if (input.import_url) scheduleImport(ctx, project.id);
  return findProjectById(ctx.db, project.id)!;
}

export interface UpdateProjectInput {
  name?: string;
  path?: string;
  description?: string;
  visibility?: Visibility;
  default_branch?: string;
  archived?: boolean;
}

/**
 * Change project settings (`PUT /projects/:id`): Maintainer or above; visibility changes need Owner.
 * A new `default_branch` must be an existing branch; the repository's HEAD follows it.
 * Each changed attribute is audited as `change`/`from`/`to`.
 * @throws ForbiddenError; ValidationError for bad or taken values, or `Could not set the default branch`.
 */
export async function updateProject(
  ctx: ServiceContext,
  project: ProjectRow,
  input: UpdateProjectInput,
): Promise<ProjectRow> {
  requireProjectAccess(ctx, project, AccessLevel.Maintainer);
  if (input.visibility !== undefined && input.visibility !== project.visibility) {
    requireProjectAccess(ctx, project, AccessLevel.Owner);
  }
  const ns = findNamespaceById(ctx.db, project.namespace_id)!;
  const errors: Record<string, string[]> = {};
  const changes: ProjectChanges = {};
  if (input.name !== undefined && input.name !== project.name) {
    const other = findProjectByName(ctx.db, ns.id, input.name);
    if (input.name.trim() === '') errors.name = ["can't be blank"];
    else if (other && other.id !== project.id) errors.name = ['has already been taken'];
    changes.name = input.name;
  }
  if (input.path !== undefined && input.path !== project.path) {
    const problem = pathProblem(input.path);
    const other = findProjectByPath(ctx.db, ns.id, input.path);
    if (problem) errors.path = [problem];
    else if (other && other.id !== project.id) errors.path = ['has already been taken'];
    changes.path = input.path;
  }
  if (input.description !== undefined && input.description !== project.description)
    changes.description = input.description;
  if (input.visibility !== undefined && input.visibility !== project.visibility) {
    if (!VISIBILITY_LEVELS.includes(input.visibility)) errors.visibility_level = ['is invalid'];
    else if (ns.kind === 'group' && !visibilityAllowed(input.visibility, ns.visibility)) {
      errors.visibility_level = [`${input.visibility} is not allowed in a ${ns.visibility} group.`];
    }
    changes.visibility = input.visibility;
  }
  if (input.default_branch !== undefined && input.default_branch !== project.default_branch) {
    changes.default_branch = input.default_branch;
  }
  if (input.archived !== undefined && (input.archived ? 1 : 0) !== project.archived)
    changes.archived = input.archived ? 1 : 0;
  if (Object.keys(errors).length) throw new ValidationError('Failed to update project', errors);
  if (Object.keys(changes).length === 0) return project;
  const newDefaultBranch = changes.default_branch;
  if (typeof newDefaultBranch === 'string') {
    // GitLab (Projects::UpdateService): only an existing branch can become the default, and HEAD follows.
    const repoPath = projectRepositoryPath(ctx, project);
    const branches = (await repositoryExists(repoPath)) ? await listBranchNames(repoPath) : [];
    if (!branches.includes(newDefaultBranch)) throw new ValidationError('Could not set the default branch');
    await setDefaultBranch(repoPath, newDefaultBranch);
  }

  const fullPath = `${ns.full_path}/${changes.path ?? project.path}`;
  return ctx.db.transaction(() => {
    updateProjectRow(ctx.db, project.id, changes, nowIso());
    for (const [key, to] of Object.entries(changes) as [keyof ProjectChanges, string | number | null][]) {
      const from = project[key as keyof ProjectRow] as string | number | null;
      const eventName =
        key === 'archived'
          ? to
            ? 'project_archived'
            : 'project_unarchived'
          : key === 'path' || key === 'name'
            ? 'project_renamed'
            : `project_${key}_updated`;
      recordSelfAuditEvent(
        ctx,
        'Project',
        { id: project.id, fullPath },
        key === 'archived'
          ? { custom_message: to ? 'Project archived' : 'Project unarchived' }
          : { change: key === 'visibility' ? 'visibility_level' : key, from, to },
        { event_name: eventName },
      );
    }
    return findProjectById(ctx.db, project.id)!;
  })();
}

/**
 * Delete a project (`DELETE /projects/:id`): Owner or administrator. The row, its memberships and an
 * audit event go in one transaction together with a queued removal of the repository directory, which is
 * then removed (or on the next start after a crash).
 * @throws ForbiddenError
 */
export async function deleteProject(ctx: ServiceContext, project: ProjectRow): Promise<void> {
  requireProjectAccess(ctx, project, AccessLevel.Owner);
  const ns = findNamespaceById(ctx.db, project.namespace_id)!;
  const fullPath = `${ns.full_path}/${project.path}`;
  const at = nowIso();
  const removalId = ctx.db.transaction(() => {
    deleteMembersOfSource(ctx.db, 'Project', project.id);
    deleteProjectRow(ctx.db, project.id);
    recordSelfAuditEvent(
      ctx,
      'Project',
      { id: project.id, fullPath },
      { remove: 'project' },
      { event_name: 'project_destroyed', custom_message: `Project ${fullPath} was deleted` },
    );
    return insertRepositoryRemoval(ctx.db, project.repository_storage, project.disk_path, at);
  })();
  await finishRepositoryRemovals(ctx, [removalId]);
}
