/** The hook files the core writes, run as git would run them (stdin = ref updates), without a core. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOOK_SCRIPT_NAME,
  INTERNAL_SECRET_HEADER,
  installPreReceiveHook,
} from '../../services/git-http/pre-receive-hook.js';

function runHook(
  file: string,
  env: Record<string, string>,
  stdin: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(file, [], { env: { PATH: process.env.PATH, ...env } }, (err, stdout, stderr) => {
      const code = err ? ((err as { code?: number }).code ?? 1) : 0;
      resolve({ code, stdout, stderr });
    });
    // A hook that refuses before reading its stdin closes the pipe: that is not an error here.
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(stdin);
  });
}

describe('pre-receive hook files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-hooks-'));
    await installPreReceiveHook(dir);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes executable wrappers and the script', async () => {
    expect((await stat(path.join(dir, 'pre-receive'))).mode & 0o777).toBe(0o755);
    expect((await stat(path.join(dir, 'post-receive'))).mode & 0o777).toBe(0o755);
    expect((await stat(path.join(dir, HOOK_SCRIPT_NAME))).isFile()).toBe(true);
    // Rewriting (the next start) works over existing files.
    await installPreReceiveHook(dir);
  });

  it('refuses when not started by the core, or when the core is unreachable', async () => {
    const line = `${'0'.repeat(40)} ${'a'.repeat(40)} refs/heads/main\n`;
    const bare = await runHook(path.join(dir, 'pre-receive'), {}, line);
    expect(bare.code).toBe(1);
    expect(bare.stderr).toContain('GitLab: Pushes are only accepted through the Outpost core.');

    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((r) => server.close(() => r()));
    const env = {
      OUTPOST_HOOK_NODE: process.execPath,
      OUTPOST_INTERNAL_URL: `http://127.0.0.1:${port}/api/v4/internal/allowed`,
      OUTPOST_INTERNAL_SECRET: 's3cret',
      OUTPOST_PUSH_ID: 'push-1',
    };
    const down = await runHook(path.join(dir, 'pre-receive'), env, line);
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('GitLab: Internal API unreachable');
    // post-receive never fails a push.
    expect((await runHook(path.join(dir, 'post-receive'), env, line)).code).toBe(0);
  });

  it('sends the changes, push options and secret, and follows the answer', async () => {
    const seen: { url?: string; secret?: string; body?: Record<string, unknown> }[] = [];
    let answer: { status: number; body: unknown } = { status: 200, body: { status: true } };
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({
          url: req.url,
          secret: String(req.headers[INTERNAL_SECRET_HEADER]),
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
        });
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as AddressInfo).port;
      const env = {
        OUTPOST_HOOK_NODE: process.execPath,
        OUTPOST_INTERNAL_URL: `http://127.0.0.1:${port}/api/v4/internal/allowed`,
        OUTPOST_INTERNAL_SECRET: 's3cret',
        OUTPOST_PUSH_ID: 'push-1',
        GIT_PUSH_OPTION_COUNT: '2',
        GIT_PUSH_OPTION_0: 'ci.skip',
        GIT_PUSH_OPTION_1: 'merge_request.create',
      };
      const line = `${'0'.repeat(40)} ${'a'.repeat(40)} refs/heads/main\n`;
      expect((await runHook(path.join(dir, 'pre-receive'), env, line)).code).toBe(0);
      expect(seen[0]).toMatchObject({
        url: '/api/v4/internal/allowed',
        secret: 's3cret',
        body: { push_id: 'push-1', changes: line, push_options: ['ci.skip', 'merge_request.create'] },
      });

      answer = { status: 403, body: { status: false, message: 'Nope.' } };
      const refused = await runHook(path.join(dir, 'pre-receive'), env, line);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe('GitLab: Nope.\n');

      answer = { status: 200, body: { messages: [{ type: 'basic', message: 'Hello\n  there' }] } };
      const post = await runHook(path.join(dir, 'post-receive'), env, line);
      expect(post.code).toBe(0);
      expect(post.stdout).toBe('\nHello\n  there\n\n');
      expect(seen[2]!.url).toBe('/api/v4/internal/post_receive');
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
