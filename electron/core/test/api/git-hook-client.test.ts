/**
 * The git hook client as the Electron app runs it (in-process, `runGitHookClient`), and the hook wrapper
 * written for Electron: it starts the app's own executable with `--outpost-git-hook=<hook>` (no
 * ELECTRON_RUN_AS_NODE). The executable here is a real small script that records what it was given.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http, { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GIT_HOOK_FLAG,
  gitHookFromArgv,
  hookScriptSource,
  INTERNAL_SECRET_HEADER,
  runGitHookClient,
} from '../../services/git-http/hook-client.js';
import {
  HOOK_SCRIPT,
  HOOK_SCRIPT_NAME,
  hookWrapper,
  installPreReceiveHook,
} from '../../services/git-http/pre-receive-hook.js';

const LINE = `${'0'.repeat(40)} ${'a'.repeat(40)} refs/heads/main\n`;

function runFile(
  file: string,
  env: Record<string, string>,
  stdin: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(file, [], { env: { PATH: process.env.PATH, ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(stdin);
  });
}

/** Runs the client in this process, as electron/main/git-hook-mode.ts does, capturing its output. */
async function runInProcess(
  hook: 'pre-receive' | 'post-receive',
  env: Record<string, string>,
  stdin: string,
) {
  let stdout = '';
  let stderr = '';
  const code = await runGitHookClient({
    hook,
    env,
    stdin: Readable.from([Buffer.from(stdin)]),
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    request: http.request,
    resolvePath: (p) => path.resolve(p),
    pathDelimiter: path.delimiter,
    secretHeader: INTERNAL_SECRET_HEADER,
  });
  return { code, stdout, stderr };
}

describe('gitHookFromArgv', () => {
  it('finds the flag anywhere in argv and accepts only the two hooks', () => {
    expect(gitHookFromArgv(['/opt/Outpost/outpost', '--outpost-git-hook=pre-receive'])).toBe('pre-receive');
    expect(
      gitHookFromArgv(['electron', '/app', '--ozone-platform=headless', '--outpost-git-hook=post-receive']),
    ).toBe('post-receive');
    expect(gitHookFromArgv(['/opt/Outpost/outpost'])).toBeNull();
    expect(gitHookFromArgv(['/opt/Outpost/outpost', '--outpost-git-hook=/tmp/evil.cjs'])).toBeNull();
    expect(gitHookFromArgv(['/opt/Outpost/outpost', '--outpost-git-hook', 'pre-receive'])).toBeNull();
  });
});

describe('runGitHookClient in-process (the Electron path)', () => {
  let server: http.Server;
  let port: number;
  const seen: Array<{ url?: string; secret?: string; body: Record<string, unknown> }> = [];
  let answer: { status: number; body: unknown } = { status: 200, body: { status: true } };

  beforeAll(async () => {
    server = createServer((req, res) => {
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
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
  });

  const env = () => ({
    OUTPOST_INTERNAL_URL: `http://127.0.0.1:${port}/api/v4/internal/allowed`,
    OUTPOST_INTERNAL_SECRET: 's3cret',
    OUTPOST_PUSH_ID: 'push-9',
    GIT_PUSH_OPTION_COUNT: '1',
    GIT_PUSH_OPTION_0: 'ci.skip',
    GIT_QUARANTINE_PATH: 'objects/incoming-x',
  });

  it('refuses without the core environment, before any request', async () => {
    const before = seen.length;
    expect(await runInProcess('pre-receive', {}, LINE)).toEqual({
      code: 1,
      stdout: '',
      stderr: 'GitLab: Pushes are only accepted through the Outpost core.\n',
    });
    expect((await runInProcess('post-receive', {}, LINE)).code).toBe(0);
    expect(seen.length).toBe(before);
  });

  it('posts the push with the secret and follows the answer', async () => {
    answer = { status: 200, body: { status: true } };
    expect((await runInProcess('pre-receive', env(), LINE)).code).toBe(0);
    expect(seen.at(-1)).toMatchObject({
      url: '/api/v4/internal/allowed',
      secret: 's3cret',
      body: {
        action: 'git-receive-pack',
        push_id: 'push-9',
        changes: LINE,
        push_options: ['ci.skip'],
        env: { GIT_QUARANTINE_PATH: path.resolve('objects/incoming-x') },
      },
    });

    answer = {
      status: 403,
      body: { status: false, message: 'You are not allowed to push code to this project.' },
    };
    expect(await runInProcess('pre-receive', env(), LINE)).toMatchObject({
      code: 1,
      stderr: 'GitLab: You are not allowed to push code to this project.\n',
    });
    answer = { status: 500, body: 'oops' };
    expect(await runInProcess('pre-receive', env(), LINE)).toMatchObject({
      code: 1,
      stderr: 'GitLab: API is not accessible\n',
    });

    answer = { status: 200, body: { messages: [{ type: 'basic', message: 'To create a merge request…' }] } };
    const post = await runInProcess('post-receive', env(), LINE);
    expect(post).toEqual({ code: 0, stdout: '\nTo create a merge request…\n\n', stderr: '' });
    expect(seen.at(-1)?.url).toBe('/api/v4/internal/post_receive');
  });

  it('refuses when the core is unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const dead = { ...env(), OUTPOST_INTERNAL_URL: `http://127.0.0.1:${deadPort}/api/v4/internal/allowed` };
    expect(await runInProcess('pre-receive', dead, LINE)).toMatchObject({
      code: 1,
      stderr: 'GitLab: Internal API unreachable\n',
    });
    expect((await runInProcess('post-receive', dead, LINE)).code).toBe(0);
  });
});

describe('the hook script', () => {
  it('is the client function itself, with no Electron run-as-Node anywhere', () => {
    expect(HOOK_SCRIPT).toBe(hookScriptSource(INTERNAL_SECRET_HEADER));
    expect(HOOK_SCRIPT).toContain(runGitHookClient.toString());
    expect(HOOK_SCRIPT).not.toContain('ELECTRON_RUN_AS_NODE');
    for (const hook of ['pre-receive', 'post-receive'] as const) {
      expect(hookWrapper('/x/outpost-pre-receive.cjs', hook)).not.toContain('ELECTRON_RUN_AS_NODE');
      expect(hookWrapper('/x/y.cjs', hook, { kind: 'electron', args: [] })).not.toContain(
        'ELECTRON_RUN_AS_NODE',
      );
    }
  });
});

describe('hook wrapper for Electron', () => {
  let dir: string;
  let fakeExe: string;
  let record: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-hook-electron-'));
    record = path.join(dir, 'record.txt');
    // A stand-in for the Outpost executable: writes its arguments (one per line), the push id it saw
    // and its stdin to a file, says something on stderr and exits 3.
    fakeExe = path.join(dir, "Out post's app");
    await writeFile(
      fakeExe,
      [
        '#!/bin/sh',
        `out=${JSON.stringify(record)}`,
        ': > "$out"',
        'for a in "$@"; do printf "arg:%s\\n" "$a" >> "$out"; done',
        'printf "push:%s\\n" "$OUTPOST_PUSH_ID" >> "$out"',
        'printf "run-as-node:%s\\n" "${ELECTRON_RUN_AS_NODE:-unset}" >> "$out"',
        'printf "stdin:%s\\n" "$(cat)" >> "$out"',
        'echo "GitLab: from the fake executable" >&2',
        'exit 3',
        '',
      ].join('\n'),
    );
    await chmod(fakeExe, 0o755);
    await installPreReceiveHook(path.join(dir, 'hooks'), {
      kind: 'electron',
      args: ['/opt/my app/resources/app', '--ozone-platform=headless', '--disable-gpu'],
    });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes executable wrappers that never name a script for the executable', async () => {
    const pre = await readFile(path.join(dir, 'hooks', 'pre-receive'), 'utf8');
    expect((await stat(path.join(dir, 'hooks', 'pre-receive'))).mode & 0o777).toBe(0o755);
    expect(pre).not.toContain(HOOK_SCRIPT_NAME);
    expect(pre).toContain(`${GIT_HOOK_FLAG}=pre-receive`);
  });

  it.each(['pre-receive', 'post-receive'] as const)(
    '%s runs the executable with the flag, passing stdin, stderr, the environment and the exit code',
    async (hook) => {
      const result = await runFile(
        path.join(dir, 'hooks', hook),
        { OUTPOST_HOOK_NODE: fakeExe, OUTPOST_PUSH_ID: 'push-42' },
        LINE,
      );
      expect(result.code).toBe(3);
      expect(result.stderr).toBe('GitLab: from the fake executable\n');
      expect((await readFile(record, 'utf8')).split('\n')).toEqual([
        'arg:/opt/my app/resources/app',
        'arg:--ozone-platform=headless',
        'arg:--disable-gpu',
        `arg:--outpost-git-hook=${hook}`,
        'push:push-42',
        'run-as-node:unset',
        `stdin:${LINE.trimEnd()}`,
        '',
      ]);
    },
  );

  it('refuses, without starting anything, when not started by the core', async () => {
    await rm(record, { force: true });
    const result = await runFile(path.join(dir, 'hooks', 'pre-receive'), {}, LINE);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('GitLab: Pushes are only accepted through the Outpost core.');
    await expect(stat(record)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
