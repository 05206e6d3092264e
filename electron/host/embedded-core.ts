import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Core, CoreOptions } from '../core/core-contract.js';
import { coreDataDir } from './app-data-dir.js';
import { EMBEDDED_PROFILE_ID } from './profiles/profile-store.js';
import type { TokenVault } from './vault/token-vault.js';

/** `createCore` from electron/core/app.ts, injected so host code and tests choose the core. */
export type CreateCore = (options: CoreOptions) => Core | Promise<Core>;

/** Options of `startEmbeddedCore`. */
export interface StartEmbeddedCoreOptions {
  appDataDir: string;
  vault: TokenVault;
  createCore: CreateCore;
  /** Environment to read `OUTPOST_ROOT_TOKEN` from (default `process.env`). */
  env?: Record<string, string | undefined>;
}

/**
 * Starts the embedded core on `<appData>/core` and makes sure the vault holds its root token for the
 * 'embedded' profile: the token the core created on first start (`core.initialRootToken`), or, when
 * the vault has no usable token on a later start, `OUTPOST_ROOT_TOKEN` or `<appData>/core/initial_root_token`.
 * Returns the running core (the caller closes it). Errors: core start failures and vault write errors.
 */
export async function startEmbeddedCore({
  appDataDir,
  vault,
  createCore,
  env = process.env,
}: StartEmbeddedCoreOptions): Promise<Core> {
  const dataDir = coreDataDir(appDataDir);
  const core = await createCore({ dataDir });
  try {
    if (core.initialRootToken) {
      await vault.set(EMBEDDED_PROFILE_ID, core.initialRootToken);
    } else if (!(await hasUsableToken(vault))) {
      const token = env.OUTPOST_ROOT_TOKEN?.trim() || (await readInitialRootToken(dataDir));
      if (token) await vault.set(EMBEDDED_PROFILE_ID, token);
    }
  } catch (err) {
    await core.close();
    throw err;
  }
  return core;
}

/** False when the vault has no embedded token or can't decrypt it (e.g. stored by the other shell). */
async function hasUsableToken(vault: TokenVault): Promise<boolean> {
  if (!vault.has(EMBEDDED_PROFILE_ID)) return false;
  try {
    return (await vault.get(EMBEDDED_PROFILE_ID)) !== null;
  } catch {
    return false;
  }
}

async function readInitialRootToken(dataDir: string): Promise<string | null> {
  try {
    const text = (await readFile(join(dataDir, 'initial_root_token'), 'utf8')).trim();
    return text || null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
