import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** What `resolveAppDataDir` needs from the environment; injectable for tests. */
export interface AppDataDirEnv {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  homedir: string;
}

/**
 * The app data directory by OS convention, unless `override` (from `--data-dir`) is given:
 * Linux and others `$XDG_DATA_HOME/outpost` or `~/.local/share/outpost`; macOS
 * `~/Library/Application Support/Outpost`; Windows `%APPDATA%/Outpost` (or `~/AppData/Roaming/Outpost`).
 * Returns an absolute path; does not create it.
 */
export function resolveAppDataDir(
  override?: string,
  system: AppDataDirEnv = { platform: process.platform, env: process.env, homedir: homedir() },
): string {
  if (override) return resolve(override);
  const { platform, env, homedir: home } = system;
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Outpost');
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'Outpost');
  const xdg = env.XDG_DATA_HOME;
  // XDG base-dir spec: relative values are invalid and must be ignored.
  return join(xdg && xdg.startsWith('/') ? xdg : join(home, '.local', 'share'), 'outpost');
}

/** `<appData>/core`: the embedded core's dataDir. */
export function coreDataDir(appDataDir: string): string {
  return join(appDataDir, 'core');
}

/** `<appData>/host`: profiles.json, vault.json, vault.key, the browser host's Chromium profile. */
export function hostDataDir(appDataDir: string): string {
  return join(appDataDir, 'host');
}

/**
 * Finds `--data-dir DIR` or `--data-dir=DIR` in an argv list (Electron adds its own switches,
 * so a strict parser does not fit there). Returns undefined when absent or without a value.
 */
export function findDataDirArg(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--data-dir') {
      const next = argv[i + 1];
      return next && !next.startsWith('--') ? next : undefined;
    }
    if (arg.startsWith('--data-dir=')) return arg.slice('--data-dir='.length) || undefined;
  }
  return undefined;
}
