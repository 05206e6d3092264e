/**
 * The cat-file pool against real git processes: hostile bytes survive, requests queue on a bounded
 * number of processes, dead processes are replaced, oversized objects are not buffered, and closing
 * a repository or the pool leaves no git process behind.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readBlob } from './blobs.js';
import {
  CatFileUnsupportedName,
  catFileContents,
  catFileContentsMany,
  catFileInfo,
  catFilePoolStats,
  closeRepositoryProcesses,
  configureCatFilePool,
  shutdownCatFilePool,
} from './cat-file-pool.js';
import { GitError, gitSpawnCount } from './run-git.js';

const ENV = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
const DEFAULTS = { perRepository: 2, total: 16, idleMs: 30_000, requestTimeoutMs: 60_000 };

function git(repo: string, args: string[], input?: Buffer | string): string {
  return execFileSync('git', [`--git-dir=${repo}`, ...args], { env: ENV, input, encoding: 'utf8' }).trim();
}

/** True while a process with `pid` exists (a reaped child is gone from /proc). */
const alive = (pid: number) => existsSync(`/proc/${pid}`);

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe('cat-file pool', () => {
  let dir: string;
  const repos: string[] = [];
  let hostile: Buffer;
  let hostileId: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-cat-file-pool-'));
    for (let i = 0; i < 4; i++) {
      const repo = path.join(dir, `r${i}.git`);
      execFileSync('git', ['init', '--bare', '--quiet', repo], { env: ENV });
      repos.push(repo);
    }
    // NULs, newlines, a fake cat-file header and "missing" inside the bytes.
    hostile = Buffer.concat([
      Buffer.from('x missing\n0123456789012345678901234567890123456789 blob 3\n\0\0\n'),
      randomBytes(70_000),
    ]);
    for (const repo of repos) hostileId = git(repo, ['hash-object', '-w', '--stdin'], hostile);
  });
  afterEach(async () => {
    configureCatFilePool(DEFAULTS);
    await shutdownCatFilePool();
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('returns binary content byte for byte, null for missing names, and refuses newline names', async () => {
    const obj = await catFileContents(repos[0]!, hostileId);
    expect(obj && 'content' in obj && obj.content?.equals(hostile)).toBe(true);
    expect(await catFileInfo(repos[0]!, hostileId)).toEqual({
      oid: hostileId,
      type: 'blob',
      size: hostile.length,
      content: null,
    });
    expect(await catFileInfo(repos[0]!, 'no-such-ref^{commit}')).toBeNull();
    expect(await catFileContents(repos[0]!, 'f'.repeat(40))).toBeNull();
    await expect(catFileInfo(repos[0]!, 'a\nb')).rejects.toBeInstanceOf(CatFileUnsupportedName);
    // Still in step after all that.
    const again = await catFileContents(repos[0]!, hostileId);
    expect(again && 'content' in again && again.content?.equals(hostile)).toBe(true);
  });

  it('answers many concurrent requests with at most two processes per repository', async () => {
    const spawned = gitSpawnCount();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 3 === 0 ? catFileInfo(repos[0]!, 'nothing-here') : catFileContents(repos[0]!, hostileId),
      ),
    );
    answers.forEach((a, i) => {
      if (i % 3 === 0) expect(a).toBeNull();
      else expect(a && 'content' in a && a.content?.equals(hostile)).toBe(true);
    });
    expect(gitSpawnCount() - spawned).toBeLessThanOrEqual(2);
    expect(catFilePoolStats().total).toBeLessThanOrEqual(2);
  });

  it('keeps the total bounded, ending the least recently used idle process of another repository', async () => {
    configureCatFilePool({ total: 2, perRepository: 1 });
    for (const repo of repos) {
      await catFileInfo(repo, hostileId);
      expect(catFilePoolStats().total).toBeLessThanOrEqual(2);
    }
    expect([...catFilePoolStats().repositories.keys()]).toEqual(
      [repos[2], repos[3]].map((r) => path.resolve(r!)),
    );
  });

  it('replaces a process that was killed, retrying the request it was answering', async () => {
    await catFileInfo(repos[1]!, hostileId);
    const [pid] = catFilePoolStats().pids;
    const pending = catFileContents(repos[1]!, hostileId); // written to the process, then it dies
    process.kill(pid!, 'SIGKILL');
    const obj = await pending;
    expect(obj && 'content' in obj && obj.content?.equals(hostile)).toBe(true);
    expect(catFilePoolStats().pids).not.toContain(pid);
  });

  it('answers a request naming many objects in order, dropping oversized ones unread', async () => {
    const small = git(repos[0]!, ['hash-object', '-w', '--stdin'], 'small\n');
    const answers = await catFileContentsMany(repos[0]!, [small, hostileId, 'nothing', small], 1024);
    expect(
      answers.map((a) => (a === null ? null : 'tooLarge' in a ? 'too large' : a.content?.toString())),
    ).toEqual(['small\n', 'too large', null, 'small\n']);
    expect(await catFileContentsMany(repos[0]!, [])).toEqual([]);
    const obj = await catFileContents(repos[0]!, hostileId);
    expect(obj && 'content' in obj && obj.content?.equals(hostile)).toBe(true);
  });

  it('does not buffer an object over maxBytes; readBlob then spawns git for it', async () => {
    const big = await catFileContents(repos[0]!, hostileId, 1024);
    expect(big).toEqual({ oid: hostileId, type: 'blob', size: hostile.length, tooLarge: true });
    expect((await readBlob(repos[0]!, hostileId)).equals(hostile)).toBe(true);
    expect(await catFileInfo(repos[0]!, hostileId)).not.toBeNull();
  });

  it('rejects with a GitError for a directory that is no repository, and stays usable', async () => {
    await expect(catFileInfo(path.join(dir, 'nope.git'), 'HEAD')).rejects.toBeInstanceOf(GitError);
    expect(await catFileInfo(repos[0]!, hostileId)).not.toBeNull();
  });

  it('ends idle processes after the idle timeout', async () => {
    configureCatFilePool({ idleMs: 20 });
    await catFileInfo(repos[0]!, hostileId);
    const { pids } = catFilePoolStats();
    await until(() => catFilePoolStats().total === 0 && pids.every((p) => !alive(p)));
    expect(catFilePoolStats().total).toBe(0);
    expect(pids.some(alive)).toBe(false);
  });

  it('closing a repository or the pool leaves no git process (nor zombie) behind', async () => {
    await Promise.all(repos.map((r) => catFileInfo(r, hostileId)));
    const before = catFilePoolStats().pids;
    expect(before).toHaveLength(4);
    await closeRepositoryProcesses(repos[0]!);
    expect(catFilePoolStats().total).toBe(3);
    await shutdownCatFilePool();
    expect(catFilePoolStats().total).toBe(0);
    expect(before.some(alive)).toBe(false);
  });
});
