import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';
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
  /**
   * Environment to read `OUTPOST_ROOT_TOKEN`, `OUTPOST_CORE_PORT` and `OUTPOST_STORAGES` from
   * (default `process.env`). Without `OUTPOST_STORAGES` the core gets a second shard `secondary`
   * (see `embeddedStorages`).
   */
  env?: Record<string, string | undefined>;
  /**
   * Listen on 127.0.0.1 so git clients and monitoring tools can reach the embedded instance (alert
   * receiver, clone URLs). `undefined` (default): `OUTPOST_CORE_PORT`, else the port remembered in
   * `<appData>/host/core-port.json`, else a free port (then remembered, so URLs stay stable across
   * launches). `false`: in-process only (`inject`), no socket.
   */
  listenPort?: number | false;
}

/**
 * More repository storage shards from `OUTPOST_STORAGES`: `NAME=PATH` pairs separated by commas
 * (`second=/srv/shards/second,third=/mnt/third`), paths resolved to absolute ones. The same as the
 * core's repeatable `--storage NAME=PATH`. Unset or blank: none.
 * @throws Error naming the entry that is not `NAME=PATH`.
 */
export function parseStorageSpecs(spec: string | undefined): Record<string, string> {
  const storages: Record<string, string> = {};
  for (const entry of (spec ?? '').split(',')) {
    const trimmed = entry.trim();
    if (trimmed === '') continue;
    const eq = trimmed.indexOf('=');
    if (eq <= 0 || eq === trimmed.length - 1)
      throw new Error(`OUTPOST_STORAGES entries must be NAME=PATH, got "${trimmed}"`);
    storages[trimmed.slice(0, eq).trim()] = resolve(trimmed.slice(eq + 1).trim());
  }
  return storages;
}

/** The second shard the embedded instance gets when `OUTPOST_STORAGES` is unset (storage moves need two). */
export const DEFAULT_SECONDARY_STORAGE = 'secondary';

/**
 * The embedded core's extra shards: `OUTPOST_STORAGES` when set (blank: none), else one shard
 * `secondary` at `<dataDir>/repositories/secondary`, so repositories can be moved between shards out of
 * the box (it has no weight, so new projects stay on `default`).
 * @throws Error as `parseStorageSpecs`.
 */
export function embeddedStorages(dataDir: string, spec: string | undefined): Record<string, string> {
  if (spec === undefined) return { [DEFAULT_SECONDARY_STORAGE]: join(dataDir, 'repositories', 'secondary') };
  return parseStorageSpecs(spec);
}

/** Where the embedded core's last port is kept. */
function portFile(appDataDir: string): string {
  return join(appDataDir, 'host', 'core-port.json');
}

async function rememberedPort(appDataDir: string): Promise<number | null> {
  try {
    const { port } = JSON.parse(await readFile(portFile(appDataDir), 'utf8')) as { port?: unknown };
    return typeof port === 'number' && Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
  } catch {
    return null;
  }
}

/**
 * Listen on 127.0.0.1: the wanted port, falling back to a free port when it is taken; remembers the
 * port used. @returns the core's base URL.
 */
async function listenEmbedded(
  core: Core,
  appDataDir: string,
  wanted: number | undefined,
  env: Record<string, string | undefined>,
): Promise<string> {
  const fromEnv = Number(env.OUTPOST_CORE_PORT);
  const port =
    wanted ?? (Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : await rememberedPort(appDataDir)) ?? 0;
  let url: string;
  try {
    url = await core.listen({ host: '127.0.0.1', port });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw err;
    url = await core.listen({ host: '127.0.0.1', port: 0 });
  }
  await mkdir(join(appDataDir, 'host'), { recursive: true });
  await writeFileAtomic(portFile(appDataDir), JSON.stringify({ port: Number(new URL(url).port) }));
  return url;
}

/**
 * Starts the embedded core on `<appData>/core` and makes sure the vault holds its root token for the
 * 'embedded' profile: the token the core created on first start (`core.initialRootToken`), or, when
 * the vault has no usable token on a later start, `OUTPOST_ROOT_TOKEN` or `<appData>/core/initial_root_token`.
 * The core also listens on 127.0.0.1 (see `listenPort`) for clients outside the app.
 * Returns the running core and its URL (null when not listening); the caller closes it.
 * Errors: core start failures, a port that can't be bound, vault write errors.
 */
export async function startEmbeddedCore({
  appDataDir,
  vault,
  createCore,
  env = process.env,
  listenPort,
}: StartEmbeddedCoreOptions): Promise<{ core: Core; url: string | null }> {
  const dataDir = coreDataDir(appDataDir);
  const storages = embeddedStorages(dataDir, env.OUTPOST_STORAGES);
  const core = await createCore(Object.keys(storages).length > 0 ? { dataDir, storages } : { dataDir });
  let url: string | null = null;
  try {
    if (listenPort !== false) url = await listenEmbedded(core, appDataDir, listenPort, env);
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
  return { core, url };
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
