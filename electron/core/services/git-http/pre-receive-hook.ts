/**
 * The pre-receive hook the core installs for every push (GitLab's gitlab-shell/Gitaly hooks calling
 * `POST /api/v4/internal/allowed`; githooks(5) "pre-receive"). `git receive-pack` runs with
 * `-c core.hooksPath=<dataDir>/git-hooks`, where the core writes at start:
 * - `pre-receive` (mode 0755): a tiny `#!/bin/sh` that execs `$OUTPOST_HOOK_NODE` (the core's
 *   `process.execPath`, with `ELECTRON_RUN_AS_NODE=1` so it runs as plain Node under Electron) on
 * - `outpost-pre-receive.cjs`: a self-contained CommonJS script (Node built-ins only) that reads the ref
 *   updates from stdin (`<old> <new> <ref>` lines), collects the push options (`GIT_PUSH_OPTION_COUNT`,
 *   `GIT_PUSH_OPTION_<n>`) and the quarantine environment (`GIT_OBJECT_DIRECTORY`,
 *   `GIT_ALTERNATE_OBJECT_DIRECTORIES`, `GIT_QUARANTINE_PATH`), and POSTs them over loopback to
 *   `$OUTPOST_INTERNAL_URL` with the per-core secret `$OUTPOST_INTERNAL_SECRET` and `$OUTPOST_PUSH_ID`.
 *   Answer 200 `{"status":true}`: exit 0 (refs move). Anything else: prints `GitLab: <message>` to stderr
 *   (git shows it as `remote: GitLab: …`) and exits 1, so receive-pack rejects every ref
 *   (`! [remote rejected] … (pre-receive hook declined)`) and deletes the quarantined objects.
 * The same script runs as `post-receive` (after the refs moved): it asks
 * `POST /api/v4/internal/post_receive` for the messages to show (merge request links) and prints them to
 * stdout (`remote: …`); it never fails the push.
 * No access token ever reaches the hook: the secret only opens the internal route for pushes in flight.
 */
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** File name of the Node script next to the `pre-receive` wrapper. */
export const HOOK_SCRIPT_NAME = 'outpost-pre-receive.cjs';

/** Header carrying the per-core secret on `POST /api/v4/internal/allowed`. */
export const INTERNAL_SECRET_HEADER = 'outpost-internal-secret';

/** The script's source: Node built-ins only, CommonJS, no dependency on the core's build. */
export const HOOK_SCRIPT = `'use strict';
// Outpost pre-receive hook: asks the core whether this push may update its refs. Written by the core at
// start; edits are overwritten.
const http = require('node:http');
const path = require('node:path');

const mode = process.argv[2] === 'post-receive' ? 'post-receive' : 'pre-receive';

function refuse(message) {
  // A post-receive hook can't refuse anything (the refs already moved): it stays quiet.
  if (mode === 'post-receive') process.exit(0);
  process.stderr.write('GitLab: ' + message + '\\n');
  process.exit(1);
}

const env = process.env;
if (!env.OUTPOST_INTERNAL_URL || !env.OUTPOST_INTERNAL_SECRET || !env.OUTPOST_PUSH_ID) {
  refuse('Pushes are only accepted through the Outpost core.');
}
const abs = (p) => (p ? path.resolve(p) : undefined);
const alternates = (list) =>
  list
    ? list
        .split(path.delimiter)
        .filter(Boolean)
        .map((p) => (p.startsWith('"') ? p : path.resolve(p)))
        .join(path.delimiter)
    : undefined;

const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => {
  const pushOptions = [];
  const count = Number(env.GIT_PUSH_OPTION_COUNT || 0);
  for (let i = 0; i < count; i++) pushOptions.push(env['GIT_PUSH_OPTION_' + i] || '');
  const body = JSON.stringify({
    action: 'git-receive-pack',
    protocol: 'http',
    push_id: env.OUTPOST_PUSH_ID,
    changes: Buffer.concat(chunks).toString('utf8'),
    push_options: pushOptions,
    env: {
      GIT_OBJECT_DIRECTORY: abs(env.GIT_OBJECT_DIRECTORY),
      GIT_ALTERNATE_OBJECT_DIRECTORIES: alternates(env.GIT_ALTERNATE_OBJECT_DIRECTORIES),
      GIT_QUARANTINE_PATH: abs(env.GIT_QUARANTINE_PATH),
    },
  });
  const url =
    mode === 'post-receive'
      ? env.OUTPOST_INTERNAL_URL.slice(0, -'allowed'.length) + 'post_receive'
      : env.OUTPOST_INTERNAL_URL;
  const req = http.request(
    url,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        '${INTERNAL_SECRET_HEADER}': env.OUTPOST_INTERNAL_SECRET,
      },
      timeout: 120000,
    },
    (res) => {
      const parts = [];
      res.on('data', (c) => parts.push(c));
      res.on('end', () => {
        let answer = null;
        try {
          answer = JSON.parse(Buffer.concat(parts).toString('utf8'));
        } catch (e) {
          answer = null;
        }
        if (mode === 'post-receive') {
          const messages = answer && Array.isArray(answer.messages) ? answer.messages : [];
          for (const m of messages) {
            if (m && typeof m.message === 'string') process.stdout.write('\\n' + m.message + '\\n');
          }
          if (messages.length > 0) process.stdout.write('\\n');
          process.exit(0);
        }
        if (res.statusCode === 200 && answer && answer.status === true) process.exit(0);
        refuse(answer && typeof answer.message === 'string' ? answer.message : 'API is not accessible');
      });
    },
  );
  req.on('timeout', () => req.destroy(new Error('timeout')));
  req.on('error', () => refuse('Internal API unreachable'));
  req.end(body);
});
`;

/**
 * The `#!/bin/sh` wrapper of `hook` (`pre-receive` or `post-receive`); `scriptPath` is single-quoted for
 * the shell.
 */
export function hookWrapper(
  scriptPath: string,
  hook: 'pre-receive' | 'post-receive' = 'pre-receive',
): string {
  const quoted = `'${scriptPath.replace(/'/g, `'\\''`)}'`;
  return [
    '#!/bin/sh',
    `# Outpost ${hook} hook: runs the hook script with the Node of the core. Written by the core.`,
    'if [ -z "$OUTPOST_HOOK_NODE" ]; then',
    '  echo "GitLab: Pushes are only accepted through the Outpost core." >&2',
    '  exit 1',
    'fi',
    'ELECTRON_RUN_AS_NODE=1',
    'export ELECTRON_RUN_AS_NODE',
    `exec "$OUTPOST_HOOK_NODE" ${quoted} ${hook}`,
    '',
  ].join('\n');
}

/** Write `content` to `file` through a temp file and a rename (no half-written hook is ever run). */
async function writeAtomic(file: string, content: string, mode: number): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, content, { mode });
  await chmod(tmp, mode);
  await rename(tmp, file);
}

/**
 * (Re)write the hooks directory: `<hooksDir>/pre-receive` and `<hooksDir>/post-receive` (0755) and
 * `<hooksDir>/outpost-pre-receive.cjs` (0644). Called at every core start, so an upgrade replaces older hooks.
 * @returns `hooksDir` (absolute), for `-c core.hooksPath=`.
 * @throws the file system error when the directory can't be written.
 */
export async function installPreReceiveHook(hooksDir: string): Promise<string> {
  const dir = path.resolve(hooksDir);
  await mkdir(dir, { recursive: true });
  const script = path.join(dir, HOOK_SCRIPT_NAME);
  await writeAtomic(script, HOOK_SCRIPT, 0o644);
  await writeAtomic(path.join(dir, 'pre-receive'), hookWrapper(script, 'pre-receive'), 0o755);
  await writeAtomic(path.join(dir, 'post-receive'), hookWrapper(script, 'post-receive'), 0o755);
  return dir;
}
