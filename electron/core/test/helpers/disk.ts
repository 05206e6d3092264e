/**
 * Looking at what the core left on disk, computed independently of the core's own code: where a
 * project's bare repository lives (GitLab hashed storage), git queries on it, and read-only access to
 * the SQLite file for the few facts no API exposes yet (audit events).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** `<dataDir>/repositories/default/@hashed/ab/cd/<sha256(id)>.git`. */
export function projectRepoPath(dataDir: string, projectId: number): string {
  const h = createHash('sha256').update(String(projectId)).digest('hex');
  return path.join(dataDir, 'repositories', 'default', '@hashed', h.slice(0, 2), h.slice(2, 4), `${h}.git`);
}

/** `git --git-dir <repo> <args>`, trimmed stdout. */
export function gitDir(repo: string, ...args: string[]): string {
  return execFileSync('git', [`--git-dir=${repo}`, ...args], {
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
  }).trim();
}

/** `refname objectname` lines of every branch and tag, sorted. */
export function refs(repo: string): string[] {
  return gitDir(repo, 'for-each-ref', '--format=%(refname) %(objectname)', 'refs/heads', 'refs/tags')
    .split('\n')
    .filter(Boolean)
    .sort();
}

export function isBareRepository(repo: string): boolean {
  return existsSync(repo) && gitDir(repo, 'rev-parse', '--is-bare-repository') === 'true';
}

/** Open `<dataDir>/outpost.sqlite`; read-only unless `writable` (crash simulations on a stopped core). */
export function openCoreDatabase(dataDir: string, opts: { writable?: boolean } = {}): Database.Database {
  return new Database(path.join(dataDir, 'outpost.sqlite'), {
    readonly: !opts.writable,
    fileMustExist: true,
  });
}
