import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { readRememberedPort, rememberPort, rememberedPortFile } from './remembered-port.js';
import type { Core, CoreOptions } from '../core/core-contract.js';
import { INITIAL_ROOT_TOKEN_FILE, readTokenFile } from '../core/crypto/root-token-file.js';
import { takeRootTokenEnv } from '../core/crypto/root-token-env.js';
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
   * Environment to read `OUTPOST_ROOT_TOKEN`, `OUTPOST_CORE_PORT`, `OUTPOST_STORAGES` and
   * `OUTPOST_STORAGE_MOVE_MIB_PER_SECOND` (see `parseCopyRate`) from (default `process.env`). Without `OUTPOST_STORAGES` the core gets a second shard `secondary`
   * (see `embeddedStorages`). `OUTPOST_ROOT_TOKEN` is deleted from it (and from `process.env`) once
   * read, so git, hooks and jobs started later don't inherit it.
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

/**
 * The storage-move copy rate from `OUTPOST_STORAGE_MOVE_MIB_PER_SECOND`: MiB per second per move
 * (`"20"`, `"0.5"`), as bytes per second; unset or blank: no limit (`undefined`).
 * @throws Error naming the variable when the value is not a positive number.
 */
export function parseCopyRate(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const mib = Number(value.trim());
  if (!Number.isFinite(mib) || mib <= 0)
    throw new Error(
      `OUTPOST_STORAGE_MOVE_MIB_PER_SECOND must be a positive number of MiB per second, got "${value}"`,
    );
  return mib * 1024 * 1024;
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
  const file = rememberedPortFile(appDataDir, 'core-port.json');
  const port =
    wanted ?? (Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : await readRememberedPort(file)) ?? 0;
  let url: string;
  try {
    url = await core.listen({ host: '127.0.0.1', port });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw err;
    url = await core.listen({ host: '127.0.0.1', port: 0 });
  }
  await rememberPort(file, Number(new URL(url).port));
  return url;
}

/** Name of the token the host has the core issue for root when no stored one signs in. */
export const RECOVERED_TOKEN_NAME = 'Outpost desktop (issued when the vault had no usable token)';

/** A fresh root token, in the format of GitLab's personal access tokens. */
function newRootToken(): string {
  return `glpat-${randomBytes(15).toString('base64url')}`;
}

/**
 * `OUTPOST_ROOT_TOKEN` from `env`, or null when unset or blank; deleted from `env` and from
 * `process.env` (when it holds the same value) so no process started later inherits it, and on Linux
 * overwritten in the environment block `/proc/<pid>/environ` shows (see
 * electron/core/crypto/root-token-env.ts, which says what holds on other systems).
 */
function takeEnvRootToken(env: Record<string, string | undefined>): string | null {
  return takeRootTokenEnv(env).token;
}

/** True when `token` signs in to `core` as an administrator (`GET /api/v4/user` in-process). */
async function signsInAsAdmin(core: Core, token: string): Promise<boolean> {
  const res = await core.inject({ method: 'GET', url: '/api/v4/user', headers: { 'private-token': token } });
  if (res.statusCode !== 200) return false;
  try {
    return (JSON.parse(res.body) as { is_admin?: unknown }).is_admin === true;
  } catch {
    return false;
  }
}

/**
 * Makes the vault hold a working root token for the 'embedded' profile and leaves none in plaintext:
 * - the core created root on this start (`core.initialRootToken`): that token;
 * - else the vault's token when it signs in; else the first that does of `OUTPOST_ROOT_TOKEN` and
 *   `<dataDir>/initial_root_token` (left by an older version or a standalone `npm run core`); else a
 *   new token the core issues for root in-process (`core.issueRootToken`: the vault entry was saved by
 *   the other shell, or lost);
 * then deletes `initial_root_token` once the vault's token is known to work (the file is 0600 and
 * holds nothing else: unlink is enough). When nothing works (root was deleted or demoted) the vault
 * keeps no new embedded token and the file, if any, stays.
 * `candidate` is the token handed to the core (already in the vault when `prestored`).
 */
async function settleRootToken(
  core: Core,
  vault: TokenVault,
  dataDir: string,
  fromEnv: string | null,
  prestored: string | null,
): Promise<void> {
  const file = join(dataDir, INITIAL_ROOT_TOKEN_FILE);
  let working: string | null = null;
  if (core.initialRootToken) {
    if (core.initialRootToken !== prestored) await vault.set(EMBEDDED_PROFILE_ID, core.initialRootToken);
    working = core.initialRootToken;
  } else {
    const stored = prestored ? null : await usableToken(vault);
    if (stored && (await signsInAsAdmin(core, stored))) working = stored;
    else {
      for (const token of [fromEnv, await readTokenFile(file)]) {
        if (token && (await signsInAsAdmin(core, token))) {
          await vault.set(EMBEDDED_PROFILE_ID, token);
          working = token;
          break;
        }
      }
      // Nothing this shell can read signs in (the vault entry was saved by the other shell, or lost):
      // the core, in-process, gives root a new token. Its old tokens stay valid (and listed).
      if (!working && core.issueRootToken) {
        let issued: string | null;
        try {
          issued = core.issueRootToken(RECOVERED_TOKEN_NAME);
        } catch {
          issued = null; // root no longer exists: nothing to recover
        }
        if (issued && (await signsInAsAdmin(core, issued))) {
          await vault.set(EMBEDDED_PROFILE_ID, issued);
          working = issued;
        }
      }
      // The token put in the vault before the start was not used (root already existed): take it back.
      if (!working && prestored) await vault.delete(EMBEDDED_PROFILE_ID);
    }
  }
  if (working) await rm(file, { force: true });
}

/**
 * Starts the embedded core on `<appData>/core` and makes sure the vault holds its root token for the
 * 'embedded' profile, with no plaintext copy left on disk or in the environment:
 * - the root token is handed to the core in-process (`CoreOptions.rootToken`): `OUTPOST_ROOT_TOKEN`
 *   when set (then deleted from the environment), else a fresh random one. When the vault has no
 *   usable token yet it is stored there first, so a crash right after root is created can't lose it;
 *   the core never writes `initial_root_token` for the host.
 * - on later starts the vault's token is checked against the core; when it doesn't sign in,
 *   `OUTPOST_ROOT_TOKEN` or `<appData>/core/initial_root_token` (older versions, a standalone run) is
 *   moved into the vault, and the file is deleted once the vault's token works (see `settleRootToken`).
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
  const copyRate = parseCopyRate(env.OUTPOST_STORAGE_MOVE_MIB_PER_SECOND);
  const fromEnv = takeEnvRootToken(env);
  const candidate = fromEnv ?? newRootToken();
  // Vault first: if the core creates root with `candidate`, the token is already safe. Only into an
  // empty slot: an entry this shell can't read (saved by the other shell) is left alone.
  const prestored = vault.has(EMBEDDED_PROFILE_ID) ? null : candidate;
  if (prestored) await vault.set(EMBEDDED_PROFILE_ID, prestored);
  const core = await createCore({
    dataDir,
    rootToken: candidate,
    ...(Object.keys(storages).length > 0 ? { storages } : {}),
    ...(copyRate === undefined ? {} : { storageMoveBytesPerSecond: copyRate }),
  });
  let url: string | null = null;
  try {
    await settleRootToken(core, vault, dataDir, fromEnv, prestored);
    if (listenPort !== false) url = await listenEmbedded(core, appDataDir, listenPort, env);
  } catch (err) {
    await core.close();
    throw err;
  }
  return { core, url };
}

/** The vault's embedded token, or null when there is none or it can't be decrypted (e.g. stored by the other shell). */
async function usableToken(vault: TokenVault): Promise<string | null> {
  if (!vault.has(EMBEDDED_PROFILE_ID)) return null;
  try {
    return await vault.get(EMBEDDED_PROFILE_ID);
  } catch {
    return null;
  }
}
