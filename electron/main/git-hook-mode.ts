/**
 * The Outpost executable as a git hook. With the RunAsNode fuse off (electron-builder.yml) the app's
 * binary can't run `outpost-pre-receive.cjs` as Node, so the hook wrapper starts the app itself with
 * `--outpost-git-hook=<hook>` (pre-receive-hook.ts `HookLauncher`) and index.ts hands over here: the
 * same hook client as the script (hook-client.ts `runGitHookClient`), with this process's stdio and
 * environment, then `app.exit(code)`. No window, no single-instance lock, no data dir, no `ready`.
 * argv only selects the built-in client; nothing here loads code named on the command line.
 */
import http from 'node:http';
import path from 'node:path';
import { INTERNAL_SECRET_HEADER, runGitHookClient } from '../core/services/git-http/hook-client.js';

/** The parts of Electron's `app` used here (injected: index.ts passes the real one). */
export interface HookModeApp {
  exit(code: number): void;
  dock?: { hide(): void } | undefined;
}

/** Resolves once everything written to `stream` so far is flushed. */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    try {
      stream.write('', () => resolve());
    } catch {
      resolve();
    }
  });
}

/**
 * Runs git hook `hook` in this process and exits the app with its code (pre-receive: 0 lets the refs
 * move, 1 rejects the push; post-receive: always 0). An unexpected failure counts as a rejection.
 */
export async function runGitHookMode(hook: 'pre-receive' | 'post-receive', app: HookModeApp): Promise<void> {
  // macOS: no Dock icon for a process that never shows a window.
  app.dock?.hide();
  const code = await runGitHookClient({
    hook,
    env: process.env,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    request: http.request,
    resolvePath: (p) => path.resolve(p),
    pathDelimiter: path.delimiter,
    secretHeader: INTERNAL_SECRET_HEADER,
  }).catch(() => (hook === 'post-receive' ? 0 : 1));
  await flushed(process.stdout);
  await flushed(process.stderr);
  app.exit(code);
}
