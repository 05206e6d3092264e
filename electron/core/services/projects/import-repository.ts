/**
 * Import of an existing repository into a project (`POST /projects` with `import_url`;
 * doc/api/projects.md, doc/user/project/import/repo_by_url.md). The import mirrors all branches and
 * tags with their real history, in the background; `import_status` goes scheduled → started →
 * finished | failed (`import_error` says why). Imports cut short by a crash restart on the next start.
 */
import path from 'node:path';
import { nowIso } from '../../db/database.js';
import { findProjectById, findProjectsByImportStatus, updateProject } from '../../db/projects.js';
import { fetchMirror } from '../../git/repository.js';
import { resolveRepositoryPath } from '../../git/storage.js';
import type { ServiceContext } from '../context.js';

/**
 * Why an import URL is refused, or null when acceptable. http(s) URLs are open to everyone; local paths
 * and file:// URLs read the instance's own disk, so only administrators may use them. Credentials in
 * URLs are refused (they would be stored).
 */
export function validateImportUrl(url: string, admin: boolean): string | null {
  if (url.trim() === '') return "can't be blank";
  if (/^https?:\/\//i.test(url)) {
    try {
      const u = new URL(url);
      if (u.username || u.password) return 'must not contain credentials';
      return null;
    } catch {
      return 'is blocked: Invalid URL';
    }
  }
  if (/^file:\/\//i.test(url) || path.isAbsolute(url)) {
    return admin ? null : 'is blocked: Only allowed schemes are http, https';
  }
  return 'is blocked: Only allowed schemes are http, https (administrators may also use file:// and absolute paths)';
}

/** Turn a `file://` URL into a path git accepts; other URLs pass through. */
function gitSource(url: string): string {
  return /^file:\/\//i.test(url) ? decodeURIComponent(new URL(url).pathname) : url;
}

/** Run the import of `projectId` in the background (tracked by `ctx.tasks`). */
export function scheduleImport(ctx: ServiceContext, projectId: number): void {
  ctx.tasks.run(
    `import project ${projectId}`,
    () => runImport(ctx, projectId),
    () => undefined,
  );
}

async function runImport(ctx: ServiceContext, projectId: number): Promise<void> {
  const project = findProjectById(ctx.db, projectId);
  if (!project || !project.import_url) return;
  updateProject(ctx.db, projectId, { import_status: 'started', import_error: null }, nowIso());
  try {
    const repoPath = resolveRepositoryPath(ctx.shards, project.repository_storage, project.disk_path);
    const head = await fetchMirror(repoPath, gitSource(project.import_url));
    if (!findProjectById(ctx.db, projectId)) return; // deleted meanwhile
    updateProject(
      ctx.db,
      projectId,
      { import_status: 'finished', default_branch: head, last_activity_at: nowIso() },
      nowIso(),
    );
  } catch (err) {
    if (!findProjectById(ctx.db, projectId)) return;
    const message = err instanceof Error ? err.message : String(err);
    updateProject(
      ctx.db,
      projectId,
      { import_status: 'failed', import_error: message.slice(0, 1000) },
      nowIso(),
    );
  }
}

/** Restart imports that were scheduled or running when the core stopped. */
export function resumeImports(ctx: ServiceContext): number {
  const pending = findProjectsByImportStatus(ctx.db, ['scheduled', 'started']);
  for (const p of pending) scheduleImport(ctx, p.id);
  return pending.length;
}
