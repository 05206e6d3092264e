/**
 * The git hook client: what runs when `git receive-pack` calls the core's `pre-receive` or
 * `post-receive` hook (githooks(5)). Like GitLab's gitlab-shell hooks calling
 * `POST /api/v4/internal/allowed` (gitlab-shell `internal/gitlabnet/accessverifier`), it asks the core
 * over HTTP whether the push may update its refs, and afterwards which messages to print.
 *
 * One function, two ways to run it (pre-receive-hook.ts writes the wrapper that picks one):
 * - plain Node (browser host, standalone core, tests): the `outpost-pre-receive.cjs` script, whose text
 *   is built from this function's own source (`hookScriptSource`), so there is no second copy;
 * - Electron: the app's own executable started with `--outpost-git-hook=<hook>`; electron/main/index.ts
 *   sees the flag before anything else and calls {@link runGitHookClient} in the main process, because
 *   the packaged app has the RunAsNode fuse off (electron-builder.yml) and can't run the script as Node.
 *
 * The function must stay self-contained: it may use only its argument and JavaScript globals (Buffer,
 * JSON, Number, Array, Promise), never an import or a module-level name, since its source text is
 * written into the .cjs script.
 */

/** How the hook reaches the outside world (injected, so the same code runs as a script and in Electron). */
export interface GitHookClientIo {
  /** Which hook git ran. A post-receive hook never fails the push. */
  hook: 'pre-receive' | 'post-receive';
  /** The hook's environment: OUTPOST_INTERNAL_URL, OUTPOST_INTERNAL_SECRET, OUTPOST_PUSH_ID, GIT_*. */
  env: Record<string, string | undefined>;
  /** git's ref updates, `<old> <new> <ref>` lines. */
  stdin: AsyncIterable<Buffer | string>;
  /** git shows both as `remote: …` lines. */
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** `http.request` of node:http. */
  request: typeof import('node:http').request;
  /** `path.resolve` and `path.delimiter` of node:path. */
  resolvePath: (p: string) => string;
  pathDelimiter: string;
  /** Name of the header carrying the secret (`INTERNAL_SECRET_HEADER`). */
  secretHeader: string;
}

/**
 * Runs one hook and resolves to its exit code (never rejects):
 * - without OUTPOST_INTERNAL_URL/SECRET/PUSH_ID (not started by the core): pre-receive prints
 *   `GitLab: Pushes are only accepted through the Outpost core.` and gives 1, without reading stdin;
 * - pre-receive: POSTs `{action, protocol, push_id, changes, push_options, env}` (push options from
 *   GIT_PUSH_OPTION_COUNT/GIT_PUSH_OPTION_<n>, the quarantine directories as absolute paths) to
 *   OUTPOST_INTERNAL_URL with the secret header; 200 `{"status":true}` gives 0, anything else prints
 *   `GitLab: <message>` (or `API is not accessible`) to stderr and gives 1; a network error prints
 *   `GitLab: Internal API unreachable`; no answer within 120 s counts as unreachable;
 * - post-receive: POSTs the same body to `…/internal/post_receive` and prints each `messages[].message`
 *   to stdout; always 0.
 */
export async function runGitHookClient(io: GitHookClientIo): Promise<number> {
  const env = io.env;
  const isPost = io.hook === 'post-receive';
  const refuse = (message: string): number => {
    // A post-receive hook can't refuse anything (the refs already moved): it stays quiet.
    if (isPost) return 0;
    io.stderr.write('GitLab: ' + message + '\n');
    return 1;
  };
  const internalUrl = env.OUTPOST_INTERNAL_URL;
  const secret = env.OUTPOST_INTERNAL_SECRET;
  const pushId = env.OUTPOST_PUSH_ID;
  if (!internalUrl || !secret || !pushId) return refuse('Pushes are only accepted through the Outpost core.');

  const abs = (p: string | undefined): string | undefined => (p ? io.resolvePath(p) : undefined);
  const alternates = (list: string | undefined): string | undefined =>
    list
      ? list
          .split(io.pathDelimiter)
          .filter(Boolean)
          .map((p) => (p.startsWith('"') ? p : io.resolvePath(p)))
          .join(io.pathDelimiter)
      : undefined;

  const chunks: Buffer[] = [];
  try {
    for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  } catch {
    return refuse('Could not read the ref updates.');
  }
  const pushOptions: string[] = [];
  const count = Number(env.GIT_PUSH_OPTION_COUNT || 0);
  for (let i = 0; i < count; i++) pushOptions.push(env['GIT_PUSH_OPTION_' + i] || '');
  const body = JSON.stringify({
    action: 'git-receive-pack',
    protocol: 'http',
    push_id: pushId,
    changes: Buffer.concat(chunks).toString('utf8'),
    push_options: pushOptions,
    env: {
      GIT_OBJECT_DIRECTORY: abs(env.GIT_OBJECT_DIRECTORY),
      GIT_ALTERNATE_OBJECT_DIRECTORIES: alternates(env.GIT_ALTERNATE_OBJECT_DIRECTORIES),
      GIT_QUARANTINE_PATH: abs(env.GIT_QUARANTINE_PATH),
    },
  });
  const url = isPost ? internalUrl.slice(0, -'allowed'.length) + 'post_receive' : internalUrl;

  const answer = await new Promise<{ status: number; json: unknown } | null>((resolve) => {
    let req: ReturnType<typeof io.request>;
    try {
      req = io.request(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            [io.secretHeader]: secret,
          },
          timeout: 120000,
          // One request, then exit: no keep-alive socket holding the process open.
          agent: false,
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (c: Buffer) => parts.push(c));
          res.on('error', () => resolve(null));
          res.on('end', () => {
            let json: unknown;
            try {
              json = JSON.parse(Buffer.concat(parts).toString('utf8'));
            } catch {
              json = null;
            }
            resolve({ status: res.statusCode ?? 0, json });
          });
        },
      );
    } catch {
      resolve(null);
      return;
    }
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(null));
    req.end(body);
  });
  if (!answer) return refuse('Internal API unreachable');

  const json = (answer.json && typeof answer.json === 'object' ? answer.json : {}) as {
    status?: unknown;
    message?: unknown;
    messages?: unknown;
  };
  if (isPost) {
    const messages = Array.isArray(json.messages) ? (json.messages as unknown[]) : [];
    for (const m of messages) {
      const text = m && typeof m === 'object' ? (m as { message?: unknown }).message : undefined;
      if (typeof text === 'string') io.stdout.write('\n' + text + '\n');
    }
    if (messages.length > 0) io.stdout.write('\n');
    return 0;
  }
  if (answer.status === 200 && json.status === true) return 0;
  return refuse(typeof json.message === 'string' ? json.message : 'API is not accessible');
}

/** Header carrying the per-core secret on `POST /api/v4/internal/allowed` (and `post_receive`). */
export const INTERNAL_SECRET_HEADER = 'outpost-internal-secret';

/** The command-line flag that makes the Outpost executable run a git hook instead of the app. */
export const GIT_HOOK_FLAG = '--outpost-git-hook';

/**
 * The hook named by `--outpost-git-hook=<hook>` in `argv`, or null when the flag is absent or names
 * something else (then the app starts normally). Pure.
 */
export function gitHookFromArgv(argv: readonly string[]): 'pre-receive' | 'post-receive' | null {
  for (const arg of argv) {
    if (arg === `${GIT_HOOK_FLAG}=pre-receive`) return 'pre-receive';
    if (arg === `${GIT_HOOK_FLAG}=post-receive`) return 'post-receive';
  }
  return null;
}

/**
 * The text of `outpost-pre-receive.cjs`: CommonJS, Node built-ins only, running
 * {@link runGitHookClient} (its own source, inlined) with the process's stdio and environment, then
 * exiting with its code once stdout and stderr are flushed. `process.argv[2]` names the hook.
 */
export function hookScriptSource(secretHeader: string): string {
  return `'use strict';
// Outpost git hook (pre-receive / post-receive): asks the core whether this push may update its refs.
// Written by the core at start from electron/core/services/git-http/hook-client.ts; edits are overwritten.
const http = require('node:http');
const path = require('node:path');

const runGitHookClient = ${runGitHookClient.toString()};

const exit = (code) => process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
runGitHookClient({
  hook: process.argv[2] === 'post-receive' ? 'post-receive' : 'pre-receive',
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  request: http.request,
  resolvePath: (p) => path.resolve(p),
  pathDelimiter: path.delimiter,
  secretHeader: ${JSON.stringify(secretHeader)},
}).then(exit, () => exit(process.argv[2] === 'post-receive' ? 0 : 1));
`;
}
