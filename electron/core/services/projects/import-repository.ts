/**
 * Import of an existing repository into a project (`POST /projects` with `import_url`;
 * doc/api/projects.md, doc/user/project/import/repo_by_url.md). The import mirrors all branches and
 * tags with their real history, in the background; `import_status` goes scheduled → started →
 * finished | failed (`import_error` says why). Imports cut short by a crash restart on the next start.
 *
 * Who may import from where is import-url-policy.ts (GitLab's `UrlBlocker` rules: administrators anywhere,
 * local paths included; ordinary users only http(s) to public addresses unless the instance setting
 * `allow_local_requests_from_web_hooks_and_services` is on). The URL is checked when the project is
 * created and again when the import runs, for the creator's current rights and the current setting; an
 * ordinary user's import then follows redirects itself, checking every hop (import-redirects.ts), and runs
 * git pinned to the approved addresses (`http.curloptResolve`, against DNS rebinding), with redirects
 * off, http/https as the only transports, no submodules and an empty HOME (no ~/.netrc).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { nowIso } from '../../db/database.js';
import { findProjectById, findProjectsByImportStatus, updateProject } from '../../db/projects.js';
import { findUserById } from '../../db/users.js';
import { fetchMirror } from '../../git/repository.js';
import { resolveRepositoryPath } from '../../git/storage.js';
import { isAdmin } from '../access/project-access.js';
import { instanceSetting } from '../admin/instance-settings.js';
import type { ServiceContext } from '../context.js';
import { protectDefaultBranch } from '../protected-branches/protect-default-branch.js';
import { followImportRedirects } from './import-redirects.js';
import {
  BlockedUrlError,
  checkHttpUrl,
  checkImportUrl,
  curlResolveEntries,
  InvalidImportUrlError,
} from './import-url-policy.js';
import type { ImportUrlPolicy } from './import-url-policy.js';

/** The import URL policy for a user (admin or not) under the instance's current settings. */
export function importUrlPolicy(ctx: ServiceContext, admin: boolean): ImportUrlPolicy {
  let instanceHost: string[] = [];
  try {
    instanceHost = [new URL(ctx.externalUrl()).hostname];
  } catch {
    // No usable external URL: the interface addresses still cover this machine.
  }
  return {
    admin,
    allowLocalRequests: instanceSetting(ctx.db, 'allow_local_requests_from_web_hooks_and_services'),
    instanceHosts: instanceHost,
  };
}

/**
 * Why the calling user may not import from `url` (the `import_url` field error, GitLab's wording:
 * "is blocked: Requests to localhost are not allowed", "is blocked: Only allowed schemes are http, https",
 * "can't be blank", "must not contain credentials"), or null when they may. Resolves the host (DNS).
 */
export async function importUrlProblem(ctx: ServiceContext, url: string): Promise<string | null> {
  try {
    await checkImportUrl(url, importUrlPolicy(ctx, isAdmin(ctx.actor.user)));
    return null;
  } catch (err) {
    if (err instanceof BlockedUrlError) return `is blocked: ${err.message}`;
    if (err instanceof InvalidImportUrlError) return err.message;
    throw err;
  }
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
    const creator = project.creator_id === null ? null : (findUserById(ctx.db, project.creator_id) ?? null);
    const head = await mirrorImportSource(ctx, repoPath, project.import_url, isAdmin(creator));
    if (!findProjectById(ctx.db, projectId)) return; // deleted meanwhile
    updateProject(
      ctx.db,
      projectId,
      { import_status: 'finished', default_branch: head, last_activity_at: nowIso() },
      nowIso(),
    );
    protectDefaultBranch(ctx, projectId); // per default_branch_protection, as GitLab after an import
  } catch (err) {
    if (!findProjectById(ctx.db, projectId)) return;
    const message =
      err instanceof BlockedUrlError
        ? `Import url is blocked: ${err.message}`
        : err instanceof InvalidImportUrlError
          ? `Import url ${err.message}`
          : err instanceof Error
            ? err.message
            : String(err);
    updateProject(
      ctx.db,
      projectId,
      { import_status: 'failed', import_error: message.slice(0, 1000) },
      nowIso(),
    );
  }
}

/**
 * Check `url` again for the importing user (`admin` or not) and mirror it into `repoPath`.
 * @returns the imported default branch, or null for an empty source.
 * @throws BlockedUrlError / InvalidImportUrlError when the URL (or a redirect hop) is refused now;
 *   GitError when git fails.
 */
async function mirrorImportSource(
  ctx: ServiceContext,
  repoPath: string,
  url: string,
  admin: boolean,
): Promise<string | null> {
  const policy = importUrlPolicy(ctx, admin);
  const checked = await checkImportUrl(url, policy);
  if (checked.kind === 'path') return fetchMirror(repoPath, checked.path);
  if (admin) return fetchMirror(repoPath, checked.url);
  // Each hop is judged under the settings of that moment (an administrator may have changed them).
  const target = await followImportRedirects(checked, (u) => checkHttpUrl(u, importUrlPolicy(ctx, admin)));
  const home = await mkdtemp(path.join(os.tmpdir(), 'outpost-import-home-'));
  try {
    return await fetchMirror(repoPath, target.url, undefined, {
      allowFile: false,
      followRedirects: false,
      resolve: curlResolveEntries(target),
      home,
    });
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

/** Restart imports that were scheduled or running when the core stopped. */
export function resumeImports(ctx: ServiceContext): number {
  const pending = findProjectsByImportStatus(ctx.db, ['scheduled', 'started']);
  for (const p of pending) scheduleImport(ctx, p.id);
  return pending.length;
}
