/**
 * Electron entry (package.json "main" → dist/node/electron/main/index.js). Looks at the command line
 * before anything else: started by a git hook (`--outpost-git-hook=pre-receive|post-receive`, written by
 * the core's pre-receive-hook.ts) the process runs the hook client and exits, without the single-instance
 * lock, the data dir, windows or `ready`; otherwise it loads the app (app-main.ts). The import is awaited:
 * Electron emits `ready` only after the entry module has resolved, so app-main's pre-ready setup
 * (privileged scheme, userData path) still runs in time.
 */
import { app } from 'electron';
import { gitHookFromArgv } from '../core/services/git-http/hook-client.js';

const gitHook = gitHookFromArgv(process.argv);
if (gitHook) {
  const { runGitHookMode } = await import('./git-hook-mode.js');
  await runGitHookMode(gitHook, app);
} else {
  await import('./app-main.js');
}
