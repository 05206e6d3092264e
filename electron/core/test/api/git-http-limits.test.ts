/**
 * Caps and idle timeout of the git smart-HTTP processes (issue 15, "Git processes";
 * services/git-http/git-process-limits.ts): stalled clients (a POST git-upload-pack whose body never
 * ends) over real HTTP against a listening core, the git processes counted in /proc as children of this
 * process, the over-capacity answers (429 for one client's share, 503 for the instance), the idle kill
 * with a test-shortened timeout, and a real `git clone` afterwards.
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cloneUrl, makeGitClient } from '../helpers/git-http.js';
import type { GitClient } from '../helpers/git-http.js';
import { importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

const MAX = 4;
const PER_CLIENT = 3;
const IDLE_MS = 3000;

/** Direct children of this process running git (`comm` is `git`), from /proc. */
function gitChildren(): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // pid (comm) state ppid …; comm may hold spaces, so split after the last ')'.
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (comm === 'git' && ppid === process.pid) pids.push(Number(name));
  }
  return pids;
}

interface Stalled {
  /** The response's status once headers arrive. */
  status: Promise<number>;
  /** Resolves when the exchange is over (response ended, or the connection was cut). */
  ended: Promise<void>;
  headers: Promise<http.IncomingHttpHeaders>;
  /** Whether a response (status line) arrived. */
  answered(): boolean;
  destroy(): void;
}

/** A POST git-upload-pack that sends half a pkt-line and then nothing: git waits on its stdin. */
function stalledUploadPack(baseUrl: string, projectPath: string, token: string | null): Stalled {
  const url = new URL(`${baseUrl}/${projectPath}.git/git-upload-pack`);
  const headers: Record<string, string> = {
    'content-type': 'application/x-git-upload-pack-request',
    'transfer-encoding': 'chunked',
  };
  if (token) headers.authorization = `Basic ${Buffer.from(`oauth2:${token}`).toString('base64')}`;
  const req = http.request(url, { method: 'POST', headers, agent: false });
  let resolveHeaders!: (h: http.IncomingHttpHeaders) => void;
  let resolveStatus!: (s: number) => void;
  const headersP = new Promise<http.IncomingHttpHeaders>((r) => (resolveHeaders = r));
  const status = new Promise<number>((r) => (resolveStatus = r));
  let answered = false;
  const ended = new Promise<void>((resolve) => {
    req.on('response', (res) => {
      answered = true;
      resolveStatus(res.statusCode ?? 0);
      resolveHeaders(res.headers);
      res.resume();
      res.on('end', resolve);
      res.on('error', () => resolve());
      res.on('close', resolve);
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
  });
  req.flushHeaders();
  req.write('0032want ');
  return { status, ended, headers: headersP, answered: () => answered, destroy: () => req.destroy() };
}

/** Retry `check` until it stops throwing (vitest's `vi.waitFor`), up to 20 s. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 20_000, interval: 50 });

describe('git smart-HTTP process limits', () => {
  let t: TestCore;
  let git: GitClient;
  let project: ImportedProject;
  let alice: { token: string };
  let bob: { token: string };

  beforeAll(async () => {
    t = await startTestCore({
      options: {
        gitHttp: {
          maxProcesses: MAX,
          maxProcessesPerClient: PER_CLIENT,
          idleTimeoutMs: IDLE_MS,
          retryAfterSeconds: 7,
        },
      },
    });
    git = await makeGitClient();
    project = await importFixtureProject(t, 'capped', { visibility: 'public' });
    alice = await createUserWithToken(t, { scopes: ['read_repository'] });
    bob = await createUserWithToken(t, { scopes: ['read_repository'] });
  });

  afterAll(async () => {
    await t.close();
    await rm(git.home, { recursive: true, force: true });
  });

  it('caps processes per client (429) and per instance (503), kills idle ones, then serves clones again', async () => {
    expect(gitChildren()).toEqual([]);
    const stalled: Stalled[] = [];
    try {
      // Alice takes her whole share; each request has its git process (waiting for the rest of the body,
      // so no answer has started yet). One at a time, so the 429 below is for the one over her share.
      for (let i = 1; i <= PER_CLIENT; i++) {
        stalled.push(stalledUploadPack(t.url, project.pathWithNamespace, alice.token));
        await eventually(() => expect(gitChildren()).toHaveLength(i));
      }
      await eventually(() => expect(gitChildren()).toHaveLength(PER_CLIENT));

      // One more from Alice: 429 with Retry-After, no process.
      const aliceAgain = stalledUploadPack(t.url, project.pathWithNamespace, alice.token);
      expect(await aliceAgain.status).toBe(429);
      expect((await aliceAgain.headers)['retry-after']).toBe('7');
      await aliceAgain.ended;

      // Bob (another client) gets the last instance slot; then the instance is full for anyone: 503.
      stalled.push(stalledUploadPack(t.url, project.pathWithNamespace, bob.token));
      await eventually(() => expect(gitChildren()).toHaveLength(MAX));
      const anonymous = stalledUploadPack(t.url, project.pathWithNamespace, null);
      expect(await anonymous.status).toBe(503);
      expect((await anonymous.headers)['retry-after']).toBe('7');
      await anonymous.ended;
      const clone = await git.run(
        await git.tempDir(),
        'clone',
        cloneUrl(t.url, project.pathWithNamespace, bob.token),
        'c',
      );
      expect(clone.code).not.toBe(0);
      expect(clone.stderr).toMatch(/503|429/);
      expect(gitChildren()).toHaveLength(MAX);

      // Nobody sends or reads anything: after the idle timeout every git is stopped and every answer cut off.
      await Promise.all(stalled.map((s) => s.ended));
      for (const s of stalled) expect(s.answered()).toBe(false);
      await eventually(() => expect(gitChildren()).toEqual([]));
    } finally {
      for (const s of stalled) s.destroy();
    }

    // The slots are free again: a normal clone works.
    const dir = await git.tempDir();
    await git.ok(dir, 'clone', cloneUrl(t.url, project.pathWithNamespace, alice.token), 'work');
    expect(await git.ok(`${dir}/work`, 'rev-parse', 'HEAD')).toBe(project.trunk[2]);
    await eventually(() => expect(gitChildren()).toEqual([]));
  });

  it('frees the slot of a client that disconnects', async () => {
    const gone = stalledUploadPack(t.url, project.pathWithNamespace, alice.token);
    await eventually(() => expect(gitChildren()).toHaveLength(1));
    gone.destroy();
    await eventually(() => expect(gitChildren()).toEqual([]));
    const dir = await git.tempDir();
    await git.ok(dir, 'clone', cloneUrl(t.url, project.pathWithNamespace, alice.token), 'again');
  });
});
