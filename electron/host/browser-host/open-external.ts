import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Full path of `command` on `PATH`, or null. Sync because it runs once at start-up.
 */
export function findOnPathSync(
  command: string,
  pathEnv: string | undefined = process.env.PATH,
): string | null {
  for (const dir of (pathEnv ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * The browser host's opener for `shell:open-external`. On Linux with a display ($DISPLAY or
 * $WAYLAND_DISPLAY) and `xdg-open` on PATH it runs `xdg-open <url>` (argument array, no shell,
 * detached); everywhere else it does nothing, and the renderer's own link handling applies.
 * Callers pass only URLs that passed `isAllowedExternalUrl`.
 */
export function createBrowserHostOpener(
  env: Record<string, string | undefined> = process.env,
  platform: NodeJS.Platform = process.platform,
): (url: string) => Promise<void> {
  const hasDisplay = Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
  const xdgOpen = platform === 'linux' && hasDisplay ? findOnPathSync('xdg-open', env.PATH) : null;
  if (!xdgOpen) return async () => undefined;
  return async (url) => {
    const child = spawn(xdgOpen, [url], { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
  };
}
