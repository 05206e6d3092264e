import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { asInstanceCapabilities, type InstanceCapabilities } from '../../../shared/instance-capabilities.js';
import { INSECURE_HTTP_WARNING, isInsecureRemoteUrl } from '../../../shared/instance-url-security.js';
import type {
  AddRemoteProfileInput,
  ProfileSummary,
  UpdateProfileInput,
} from '../../../shared/ipc-contract.js';
import { writeFileAtomic } from '../atomic-write.js';
import { BridgeError } from '../bridge-error.js';
import { validateCaPem } from '../network/trust.js';
import type { TokenVault } from '../vault/token-vault.js';
import { normalizeInstanceUrl } from './normalize-url.js';
import { verifyToken, type VerifyToken } from './verify-token.js';

/** Id of the always-present embedded profile. */
export const EMBEDDED_PROFILE_ID = 'embedded';
/** URL shown for the embedded profile (it is reached in-process, not over a socket). */
export const EMBEDDED_PROFILE_URL = 'embedded:';
/** Name of the profiles file inside `<appData>/host`. */
export const PROFILES_FILE = 'profiles.json';

/** A connection profile as the host uses it. Never holds the token (that lives in the vault). */
export interface Profile {
  id: string;
  name: string;
  kind: 'embedded' | 'remote';
  url: string;
  /** A remote profile's network settings (absent: defaults). */
  network?: ProfileNetwork;
}

/**
 * Per-profile network settings, kept in profiles.json (not the vault: neither is secret).
 * `caPem`: extra CA certificate(s) trusted for this instance, checked by `validateCaPem`;
 * `timeoutMs`: time to the response headers (default 15 000).
 */
export interface ProfileNetwork {
  caPem?: string;
  timeoutMs?: number;
}

/** Shortest and longest per-profile timeout, in seconds. */
export const MIN_TIMEOUT_SECONDS = 1;
export const MAX_TIMEOUT_SECONDS = 300;

/** A change of network settings: a value sets it, `null` returns to the default, absent keeps it. */
export interface ProfileNetworkInput {
  caPem?: string | null;
  timeoutSeconds?: number | null;
}

/**
 * A remote profile on disk. `capabilities` is what the host last learned of the instance (never a
 * token), `capabilitiesError` why the last detection failed.
 */
interface StoredRemote {
  id: string;
  name: string;
  url: string;
  capabilities?: InstanceCapabilities;
  capabilitiesError?: string;
  caPem?: string;
  timeoutMs?: number;
}

/** On disk: `{ version: 1, activeId, remotes: [{ id, name, url, capabilities?, capabilitiesError? }] }`. */
interface ProfilesFile {
  version: 1;
  activeId: string;
  remotes: StoredRemote[];
}

/** Outcome of one capability detection, as `setCapabilities` keeps it. */
export type CapabilitiesOutcome = { capabilities: InstanceCapabilities } | { error: string };

/** Connection profiles: the embedded one plus remote GitLab instances. */
export interface ProfileStore {
  /** Every profile, embedded first, as summaries (`hasToken`, never the token). */
  list(): ProfileSummary[];
  /** The profile `id`. Errors: BridgeError `not_found`. */
  get(id: string): Profile;
  /** The active profile (the embedded one unless another was chosen). */
  active(): Profile;
  /** Summary of profile `id`. Errors: BridgeError `not_found`. */
  summary(id: string): ProfileSummary;
  /**
   * Adds a remote profile and stores its token in the vault. The name is trimmed (at most 100
   * characters; blank: the instance's host name, e.g. `gitlab.example.com`), the URL normalised (`normalizeInstanceUrl`). Does not change the active profile.
   * A plain `http://` URL to a host that is not loopback (`isInsecureRemoteUrl`) is refused unless
   * `allowInsecureHttp` is true: the token would travel unencrypted. Nothing is stored when refused.
   * Errors: BridgeError `bad_request` for a name over 100 characters, an empty token or a bad URL, `insecure_http` for an
   * unconfirmed plain-http URL; vault errors.
   */
  addRemote(input: AddRemoteProfileInput): Promise<ProfileSummary>;
  /**
   * Removes remote profile `id` and its token; the embedded profile becomes active if `id` was.
   * Errors: BridgeError `bad_request` for the embedded profile, `not_found` for an unknown id.
   */
  remove(id: string): Promise<void>;
  /** Makes `id` the active profile. Errors: BridgeError `not_found`. */
  setActive(id: string): Promise<ProfileSummary>;
  /**
   * Renames remote profile `input.id` (name trimmed, 1–100 characters), replaces its token and/or
   * changes its network settings (`caCertificate`, `timeoutSeconds`, as `setNetwork`). A new token is
   * first checked with `GET /api/v4/user` on the profile's instance (`verifyToken`, with the new CA and
   * timeout when given); only a token that signs in replaces the stored one. Nothing changes when any
   * part is refused.
   * Errors: BridgeError `bad_request` for the embedded profile, a bad name, PEM or timeout, an empty or
   * rejected token (the instance's reason in a sentence); `unreachable`/`timeout` when the instance can't be asked;
   * `not_found` for an unknown id.
   */
  update(input: UpdateProfileInput): Promise<ProfileSummary>;
  /**
   * Keeps the outcome of a capability detection for remote profile `id` (electron/host/capabilities):
   * new capabilities replace the old ones and clear the error; an error is recorded beside the
   * capabilities already known (they stay: an instance that is down has not changed). A profile removed
   * meanwhile, or the embedded one, is ignored. A token replaced by `update` drops the capabilities (they
   * described the old token). Errors: write failures.
   */
  setCapabilities(id: string, outcome: CapabilitiesOutcome): Promise<void>;
  /** What is known of remote profile `id`'s instance, or undefined (not detected, embedded, unknown id). */
  capabilities(id: string): InstanceCapabilities | undefined;
  /**
   * Changes remote profile `id`'s network settings (`ProfileNetworkInput`): a CA certificate in PEM
   * (`validateCaPem`: parsed, not expired, at most 50), a timeout of 1–300 whole seconds. Nothing
   * changes when any part is refused. Errors: BridgeError `bad_request` for the embedded profile, a
   * bad PEM or timeout; `not_found` for an unknown id; write failures.
   */
  setNetwork(id: string, input: ProfileNetworkInput): Promise<ProfileNetwork>;
}

const EMBEDDED_PROFILE: Profile = Object.freeze({
  id: EMBEDDED_PROFILE_ID,
  name: 'Embedded instance',
  kind: 'embedded',
  url: EMBEDDED_PROFILE_URL,
});

/**
 * Opens `<hostDir>/profiles.json` (defaults when missing). Writes are serialized and atomic.
 * Errors: throws when the file exists but is not a version 1 profiles file.
 */
export async function openProfileStore({
  hostDir,
  vault,
  checkToken = verifyToken,
}: {
  hostDir: string;
  vault: TokenVault;
  /** How a new token is checked before `update` stores it (default: `GET /api/v4/user`). */
  checkToken?: VerifyToken;
}): Promise<ProfileStore> {
  const filePath = join(hostDir, PROFILES_FILE);
  const state = await readProfilesFile(filePath);
  let writing: Promise<void> = Promise.resolve();

  const persist = (): Promise<void> => {
    const snapshot = JSON.stringify(state, null, 2);
    writing = writing.catch(() => undefined).then(() => writeFileAtomic(filePath, snapshot, 0o600));
    return writing;
  };

  const all = (): Profile[] => [
    EMBEDDED_PROFILE,
    ...state.remotes.map((r): Profile => ({
      id: r.id,
      name: r.name,
      url: r.url,
      kind: 'remote' as const,
      ...(r.caPem !== undefined || r.timeoutMs !== undefined
        ? {
            network: {
              ...(r.caPem !== undefined ? { caPem: r.caPem } : {}),
              ...(r.timeoutMs !== undefined ? { timeoutMs: r.timeoutMs } : {}),
            },
          }
        : {}),
    })),
  ];
  const find = (id: string): Profile | undefined => all().find((p) => p.id === id);
  const get = (id: string): Profile => {
    const profile = find(id);
    if (!profile) throw new BridgeError('not_found', `There is no connection profile "${id}".`);
    return profile;
  };
  /** Sets `remote`'s network settings and writes them; restores the old ones when the write fails. */
  const applyNetwork = async (remote: StoredRemote, next: ResolvedNetwork): Promise<void> => {
    const previous = { caPem: remote.caPem, timeoutMs: remote.timeoutMs };
    const assign = (v: ResolvedNetwork) => {
      if (v.caPem === undefined) delete remote.caPem;
      else remote.caPem = v.caPem;
      if (v.timeoutMs === undefined) delete remote.timeoutMs;
      else remote.timeoutMs = v.timeoutMs;
    };
    assign(next);
    try {
      await persist();
    } catch (err) {
      assign(previous);
      throw err;
    }
  };
  const summarize = (p: Profile): ProfileSummary => {
    const remote = state.remotes.find((r) => r.id === p.id);
    return {
      id: p.id,
      name: p.name,
      kind: p.kind,
      url: p.url,
      hasToken: vault.has(p.id),
      active: p.id === state.activeId,
      ...(remote?.capabilities ? { capabilities: remote.capabilities } : {}),
      ...(remote?.capabilitiesError ? { capabilitiesError: remote.capabilitiesError } : {}),
      ...(remote?.caPem !== undefined ? { caCertificate: remote.caPem } : {}),
      ...(remote?.timeoutMs !== undefined ? { timeoutSeconds: remote.timeoutMs / 1000 } : {}),
    };
  };

  return {
    list: () => all().map(summarize),
    get,
    active: () => find(state.activeId) ?? EMBEDDED_PROFILE,
    summary: (id) => summarize(get(id)),
    async addRemote(input) {
      const url = normalizeInstanceUrl(input.url);
      const name = input.name.trim() || new URL(url).host;
      if (name.length > 100) {
        throw new BridgeError('bad_request', 'Give the profile a name of 1 to 100 characters.');
      }
      if (isInsecureRemoteUrl(url) && input.allowInsecureHttp !== true) {
        throw new BridgeError(
          'insecure_http',
          `${INSECURE_HTTP_WARNING} To connect to ${url} anyway, confirm that the token may be sent unencrypted.`,
        );
      }
      const token = input.token.trim();
      if (token.length === 0) throw new BridgeError('bad_request', 'Enter a personal access token.');
      const id = `remote-${randomUUID()}`;
      await vault.set(id, token);
      state.remotes.push({ id, name, url });
      try {
        await persist();
      } catch (err) {
        state.remotes.pop();
        await vault.delete(id);
        throw err;
      }
      return summarize(get(id));
    },
    async remove(id) {
      if (id === EMBEDDED_PROFILE_ID) {
        throw new BridgeError(
          'bad_request',
          'The embedded profile is part of Outpost and cannot be removed.',
        );
      }
      const index = state.remotes.findIndex((r) => r.id === id);
      if (index < 0) throw new BridgeError('not_found', `There is no connection profile "${id}".`);
      state.remotes.splice(index, 1);
      if (state.activeId === id) state.activeId = EMBEDDED_PROFILE_ID;
      await persist();
      await vault.delete(id);
    },
    async update(input) {
      if (input.id === EMBEDDED_PROFILE_ID) {
        throw new BridgeError('bad_request', 'The embedded profile is part of Outpost and cannot be edited.');
      }
      const remote = state.remotes.find((r) => r.id === input.id);
      if (!remote) throw new BridgeError('not_found', `There is no connection profile "${input.id}".`);
      const name = input.name?.trim();
      if (name !== undefined && (name.length === 0 || name.length > 100)) {
        throw new BridgeError('bad_request', 'Give the profile a name of 1 to 100 characters.');
      }
      const network =
        input.caCertificate !== undefined || input.timeoutSeconds !== undefined
          ? resolveNetwork(remote, {
              ...(input.caCertificate !== undefined ? { caPem: input.caCertificate } : {}),
              ...(input.timeoutSeconds !== undefined ? { timeoutSeconds: input.timeoutSeconds } : {}),
            })
          : undefined;
      const token = input.token?.trim();
      if (token !== undefined) {
        if (token.length === 0) throw new BridgeError('bad_request', 'Enter a personal access token.');
        // Checked with the network settings it will be used with (a new CA included).
        const settings = network ?? { caPem: remote.caPem, timeoutMs: remote.timeoutMs };
        await checkToken(remote.url, token, {
          ...(settings.caPem !== undefined ? { caPem: settings.caPem } : {}),
          ...(settings.timeoutMs !== undefined ? { timeoutMs: settings.timeoutMs } : {}),
        });
      }
      if (network) await applyNetwork(remote, network);
      if (name !== undefined && name !== remote.name) {
        const previous = remote.name;
        remote.name = name;
        try {
          await persist();
        } catch (err) {
          remote.name = previous;
          throw err;
        }
      }
      if (token !== undefined) {
        await vault.set(remote.id, token);
        if (remote.capabilities || remote.capabilitiesError) {
          delete remote.capabilities;
          delete remote.capabilitiesError;
          await persist();
        }
      }
      return summarize(get(remote.id));
    },
    async setCapabilities(id, outcome) {
      const remote = state.remotes.find((r) => r.id === id);
      if (!remote) return;
      if ('capabilities' in outcome) {
        remote.capabilities = outcome.capabilities;
        delete remote.capabilitiesError;
      } else {
        remote.capabilitiesError = outcome.error;
      }
      await persist();
    },
    capabilities: (id) => state.remotes.find((r) => r.id === id)?.capabilities,
    async setNetwork(id, input) {
      if (id === EMBEDDED_PROFILE_ID) {
        throw new BridgeError('bad_request', 'The embedded profile has no network settings.');
      }
      const remote = state.remotes.find((r) => r.id === id);
      if (!remote) throw new BridgeError('not_found', `There is no connection profile "${id}".`);
      await applyNetwork(remote, resolveNetwork(remote, input));
      return get(id).network ?? {};
    },
    async setActive(id) {
      const profile = get(id);
      state.activeId = profile.id;
      await persist();
      return summarize(profile);
    },
  };
}

/** Network settings after a change, as stored (undefined: the default). */
interface ResolvedNetwork {
  caPem: string | undefined;
  timeoutMs: number | undefined;
}

/**
 * `remote`'s network settings with `input` applied, validated (`validateCaPem`, 1–300 whole seconds).
 * Errors: BridgeError `bad_request` with a sentence.
 */
function resolveNetwork(remote: StoredRemote, input: ProfileNetworkInput): ResolvedNetwork {
  const caPem =
    input.caPem === undefined
      ? remote.caPem
      : input.caPem === null || input.caPem.trim() === ''
        ? undefined
        : validateCaPem(input.caPem);
  let timeoutMs = remote.timeoutMs;
  if (input.timeoutSeconds === null) timeoutMs = undefined;
  else if (input.timeoutSeconds !== undefined) {
    const seconds = input.timeoutSeconds;
    if (!Number.isInteger(seconds) || seconds < MIN_TIMEOUT_SECONDS || seconds > MAX_TIMEOUT_SECONDS) {
      throw new BridgeError(
        'bad_request',
        `Give a timeout of ${MIN_TIMEOUT_SECONDS} to ${MAX_TIMEOUT_SECONDS} whole seconds.`,
      );
    }
    timeoutMs = seconds * 1000;
  }
  return { caPem, timeoutMs };
}

async function readProfilesFile(filePath: string): Promise<ProfilesFile> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      return { version: 1, activeId: EMBEDDED_PROFILE_ID, remotes: [] };
    }
    throw err;
  }
  const parsed = JSON.parse(text) as Partial<ProfilesFile>;
  if (parsed.version !== 1 || !Array.isArray(parsed.remotes)) {
    throw new Error(`${filePath} is not an Outpost profiles file (version 1).`);
  }
  const remotes = parsed.remotes
    .filter(
      (r): r is StoredRemote =>
        !!r && typeof r.id === 'string' && typeof r.name === 'string' && typeof r.url === 'string',
    )
    .map((r): StoredRemote => {
      const capabilities = asInstanceCapabilities(r.capabilities);
      return {
        id: r.id,
        name: r.name,
        url: r.url,
        ...(capabilities ? { capabilities } : {}),
        ...(typeof r.capabilitiesError === 'string' ? { capabilitiesError: r.capabilitiesError } : {}),
        ...(typeof r.caPem === 'string' ? { caPem: r.caPem } : {}),
        ...(typeof r.timeoutMs === 'number' && Number.isInteger(r.timeoutMs) && r.timeoutMs > 0
          ? { timeoutMs: r.timeoutMs }
          : {}),
      };
    });
  const activeId =
    typeof parsed.activeId === 'string' && remotes.some((r) => r.id === parsed.activeId)
      ? parsed.activeId
      : EMBEDDED_PROFILE_ID;
  return { version: 1, activeId, remotes };
}
