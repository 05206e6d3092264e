/**
 * The pre-receive hook the core installs for every push (GitLab's gitlab-shell/Gitaly hooks calling
 * `POST /api/v4/internal/allowed`; githooks(5) "pre-receive"). `git receive-pack` runs with
 * `-c core.hooksPath=<dataDir>/git-hooks`, where the core writes at start:
 * - `pre-receive` (mode 0755): a tiny `#!/bin/sh` that execs `$OUTPOST_HOOK_NODE` (the core's
 *   `process.execPath`): under plain Node on the script below; under Electron the Outpost executable
 *   itself with `--outpost-git-hook=pre-receive` (electron/main/index.ts runs the same client in the main
 *   process and exits; the RunAsNode fuse is off, so no ELECTRON_RUN_AS_NODE). See `HookLauncher`.
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
import { GIT_HOOK_FLAG, hookScriptSource, INTERNAL_SECRET_HEADER } from './hook-client.js';

/** File name of the Node script next to the `pre-receive` wrapper. */
export const HOOK_SCRIPT_NAME = 'outpost-pre-receive.cjs';

export { INTERNAL_SECRET_HEADER } from './hook-client.js';

/** The script's source: Node built-ins only, CommonJS, no dependency on the core's build (hook-client.ts). */
export const HOOK_SCRIPT = hookScriptSource(INTERNAL_SECRET_HEADER);

/**
 * How the wrapper starts the hook client:
 * - `node`: `"$OUTPOST_HOOK_NODE" <script> <hook>`, the core's Node running `outpost-pre-receive.cjs`;
 * - `electron`: `"$OUTPOST_HOOK_NODE" <args…> --outpost-git-hook=<hook>`, the Outpost executable itself
 *   (the packaged app has the RunAsNode fuse off, so it can't run a script as Node); `args` are the app
 *   path when Electron runs an unpackaged app (`electron <app>`) and, on Linux, Chromium switches that
 *   let it start without a display (the hook's environment has no DISPLAY).
 * The wrapper never names code for the executable to load: argv only selects the built-in client.
 */
export type HookLauncher = { kind: 'node' } | { kind: 'electron'; args: readonly string[] };

/**
 * The launcher for this process: `electron` under Electron (`process.versions.electron`), with the
 * resolved app path when it runs as Electron's default app (`process.defaultApp`, development) and
 * `--ozone-platform=headless --disable-gpu` on Linux; else `node`.
 */
export function currentHookLauncher(): HookLauncher {
  if (!process.versions.electron) return { kind: 'node' };
  const args: string[] = [];
  const defaultApp = (process as { defaultApp?: boolean }).defaultApp === true;
  if (defaultApp && process.argv[1]) args.push(path.resolve(process.argv[1]));
  if (process.platform === 'linux') args.push('--ozone-platform=headless', '--disable-gpu');
  return { kind: 'electron', args };
}

/** `value` single-quoted for sh. */
const shQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

/**
 * The `#!/bin/sh` wrapper of `hook` (`pre-receive` or `post-receive`). It refuses the push when
 * `$OUTPOST_HOOK_NODE` is unset (not started by the core), else execs the hook client as `launcher`
 * says (stdin, stdout, stderr and the environment pass through). Arguments are single-quoted.
 */
export function hookWrapper(
  scriptPath: string,
  hook: 'pre-receive' | 'post-receive' = 'pre-receive',
  launcher: HookLauncher = { kind: 'node' },
): string {
  const command =
    launcher.kind === 'node'
      ? `exec "$OUTPOST_HOOK_NODE" ${shQuote(scriptPath)} ${hook}`
      : ['exec "$OUTPOST_HOOK_NODE"', ...launcher.args.map(shQuote), `${GIT_HOOK_FLAG}=${hook}`].join(' ');
  return [
    '#!/bin/sh',
    launcher.kind === 'node'
      ? `# Outpost ${hook} hook: runs the hook script with the Node of the core. Written by the core.`
      : `# Outpost ${hook} hook: runs the Outpost executable's built-in hook client. Written by the core.`,
    'if [ -z "$OUTPOST_HOOK_NODE" ]; then',
    '  echo "GitLab: Pushes are only accepted through the Outpost core." >&2',
    '  exit 1',
    'fi',
    command,
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
export async function installPreReceiveHook(
  hooksDir: string,
  launcher: HookLauncher = currentHookLauncher(),
): Promise<string> {
  const dir = path.resolve(hooksDir);
  await mkdir(dir, { recursive: true });
  const script = path.join(dir, HOOK_SCRIPT_NAME);
  await writeAtomic(script, HOOK_SCRIPT, 0o644);
  await writeAtomic(path.join(dir, 'pre-receive'), hookWrapper(script, 'pre-receive', launcher), 0o755);
  await writeAtomic(path.join(dir, 'post-receive'), hookWrapper(script, 'post-receive', launcher), 0o755);
  return dir;
}
