/**
 * Learns what a remote instance offers (architecture.md, "Instances differ, and the app knows how"): the
 * host asks a handful of read-only endpoints once, through the profile's own HTTP path
 * (proxy/remote.ts), and never probes an endpoint the version says is absent. Tokens stay in the host.
 */
import type { ApiResponse } from '../../../shared/ipc-contract.js';
import {
  ADMIN_MODE_MIN_VERSION,
  METADATA_MIN_VERSION,
  TOKEN_SELF_MIN_VERSION,
  versionAtLeast,
  type AdminModeState,
  type InstanceCapabilities,
  type InstanceEdition,
  type TokenFacts,
  type UserFacts,
} from '../../../shared/instance-capabilities.js';
import { BridgeError } from '../bridge-error.js';
import { remoteRequest } from '../proxy/remote.js';

/** Time each detection request may take, ms (shorter than a screen's: detection runs in the background). */
export const DETECTION_TIMEOUT_MS = 10_000;

/** Options of {@link detectCapabilities}. */
export interface DetectOptions {
  /** The instance's base URL, `https://gitlab.example.com` (as the profile keeps it). */
  baseUrl: string;
  /** The profile's token from the vault (null: none stored). Never leaves the host. */
  token: string | null;
  /** The detection time (default now). */
  now?: Date;
  /** Per-request timeout in ms (default {@link DETECTION_TIMEOUT_MS}). */
  timeoutMs?: number;
  /** Host names that are GitLab.com (default {@link GITLAB_COM_HOSTS}; tests name their loopback server). */
  gitlabComHosts?: readonly string[];
  /** The profile's own CA certificate(s), PEM (profile-store `network.caPem`), trusted besides the OS's. */
  caPem?: string;
}

/** Host names of GitLab.com. */
export const GITLAB_COM_HOSTS: readonly string[] = ['gitlab.com'];

/** Detects an instance's capabilities; the monitor takes it as a parameter so tests can count calls. */
export type DetectCapabilities = (options: DetectOptions) => Promise<InstanceCapabilities>;

/**
 * Reads, in order and only where the version has them:
 * 1. `GET /version` (doc/api/version.md): `version`, `revision`. An Outpost core answers `revision:
 *    "outpost"` (electron/core/routes/version.ts) and has every capability.
 * 2. `GET /metadata` on 15.2+ (doc/api/metadata.md): `kas` and, on 15.6+, `enterprise`. Without it the
 *    edition comes from the version string: `-ee` is EE; a plain `X.Y.Z` is CE; anything else is unknown.
 * 3. `GET /user` (doc/api/users.md; lib/api/users.rb presents `UserWithAdmin` with `is_admin` only for
 *    administrators, so an absent `is_admin` means not an administrator).
 * 4. `GET /personal_access_tokens/self` on 15.5+ (doc/api/personal_access_tokens.md, "Self-inform"; the
 *    endpoint admits every scope, lib/api/personal_access_tokens/self_information.rb): `scopes`,
 *    `expires_at`, `name`. Before 15.5, or when it answers 400 (not a personal access token), 401, 403 or
 *    404, scopes and expiry are "unknown" with the reason, never guessed.
 * Admin Mode (doc/administration/settings/sign_in_restrictions.md, "Admin Mode"): an administrator on
 * 15.8+ whose token lacks `admin_mode` "may be blocked"; whether Admin Mode is on can only be read from
 * an admin endpoint that would then fail, so it is not asked.
 * GitLab.com is recognised by its host name.
 * Errors: BridgeError `unreachable`/`timeout` when `/version` can't be reached, `bad_request` with a
 * sentence when `/version` refuses the token (401/403) or is not GitLab's. Later steps that fail become
 * `notes`, not errors.
 */
export async function detectCapabilities({
  baseUrl,
  token,
  now = new Date(),
  timeoutMs = DETECTION_TIMEOUT_MS,
  gitlabComHosts = GITLAB_COM_HOSTS,
  caPem,
}: DetectOptions): Promise<InstanceCapabilities> {
  const get = (path: string): Promise<ApiResponse> =>
    remoteRequest(baseUrl, token, { method: 'GET', path }, { timeoutMs, ...(caPem ? { caPem } : {}) });
  const notes: string[] = [];
  /** A later step's answer, or null (with a note) when the instance could not be asked. */
  const tryGet = async (path: string): Promise<ApiResponse | null> => {
    try {
      return await get(path);
    } catch (err) {
      if (err instanceof BridgeError) {
        notes.push(`GET /api/v4${path} could not be read: ${err.message}`);
        return null;
      }
      throw err;
    }
  };

  const versionRes = await get('/version');
  if (versionRes.status === 401 || versionRes.status === 403) {
    throw new BridgeError(
      'bad_request',
      `${baseUrl} refused the token on GET /api/v4/version (${versionRes.status}); Outpost could not learn what the instance offers. Give the profile a working token.`,
    );
  }
  const version = stringField(versionRes.body, 'version');
  if (versionRes.status !== 200 || version === null) {
    throw new BridgeError(
      'bad_request',
      `${baseUrl} answered GET /api/v4/version with ${versionRes.status} and no version; it does not look like GitLab.`,
    );
  }
  const revision = stringField(versionRes.body, 'revision');
  const kind = revision === 'outpost' || /-outpost$/.test(version) ? 'outpost' : 'gitlab';
  const gitlabCom = gitlabComHosts.includes(hostName(baseUrl));

  let kas: InstanceCapabilities['kas'] = null;
  let enterprise: boolean | null = null;
  if (kind === 'gitlab' && versionAtLeast(version, METADATA_MIN_VERSION)) {
    const metadata = await tryGet('/metadata');
    if (metadata && metadata.status === 200 && isRecord(metadata.body)) {
      const body = metadata.body;
      if (typeof body.enterprise === 'boolean') enterprise = body.enterprise;
      if (isRecord(body.kas) && typeof body.kas.enabled === 'boolean') {
        kas = {
          enabled: body.kas.enabled,
          externalUrl: stringField(body.kas, 'externalUrl'),
          version: stringField(body.kas, 'version'),
        };
      }
    } else if (metadata) {
      notes.push(
        `GET /api/v4/metadata answered ${metadata.status}; the edition comes from the version string.`,
      );
    }
  }
  const { edition, editionSource } = decideEdition(kind, version, enterprise);

  let user: UserFacts | null = null;
  const userRes = await tryGet('/user');
  if (userRes && userRes.status === 200) {
    const username = stringField(userRes.body, 'username');
    if (username !== null) {
      user = { username, isAdmin: isRecord(userRes.body) && userRes.body.is_admin === true };
    } else notes.push('GET /api/v4/user answered without a username.');
  } else if (userRes) {
    notes.push(
      `GET /api/v4/user answered ${userRes.status}; whether the user is an administrator is unknown.`,
    );
  }

  const tokenFacts = await readTokenFacts(kind, version, tryGet);

  return {
    kind,
    detectedAt: now.toISOString(),
    version,
    revision,
    edition,
    editionSource,
    gitlabCom,
    kas,
    user,
    token: tokenFacts,
    adminMode: decideAdminMode(kind, version, user, tokenFacts),
    notes,
  };
}

/** Step 4: the token's scopes and expiry, or why they are unknown. */
async function readTokenFacts(
  kind: InstanceCapabilities['kind'],
  version: string,
  tryGet: (path: string) => Promise<ApiResponse | null>,
): Promise<TokenFacts> {
  const unknown = (reason: string): TokenFacts => ({
    scopes: null,
    expiresAt: null,
    name: null,
    known: false,
    unknownReason: reason,
  });
  if (kind === 'outpost') {
    return unknown('This Outpost core does not report a token’s own scopes.');
  }
  if (!versionAtLeast(version, TOKEN_SELF_MIN_VERSION)) {
    return unknown(
      `GitLab ${version} has no way to read a token's own scopes and expiry (GET /personal_access_tokens/self arrived in ${TOKEN_SELF_MIN_VERSION}).`,
    );
  }
  const res = await tryGet('/personal_access_tokens/self');
  if (!res) return unknown('GET /personal_access_tokens/self could not be read.');
  if (res.status === 200 && isRecord(res.body)) {
    const scopes = Array.isArray(res.body.scopes)
      ? res.body.scopes
          .filter((scope): scope is string => typeof scope === 'string' && scope.length > 0)
          .slice(0, MAX_SCOPES)
          .map((scope) => scope.slice(0, MAX_TEXT))
      : null;
    const expires = res.body.expires_at;
    return {
      scopes,
      expiresAt: typeof expires === 'string' ? expires.slice(0, 10) : null,
      name: stringField(res.body, 'name'),
      known: scopes !== null,
      unknownReason: scopes === null ? 'GET /personal_access_tokens/self answered without scopes.' : null,
    };
  }
  if (res.status === 400) {
    return unknown(
      'The profile’s token is not a personal access token (GET /personal_access_tokens/self answered 400), so its scopes and expiry are unknown.',
    );
  }
  return unknown(
    `GET /personal_access_tokens/self answered ${res.status}, so the token's scopes and expiry are unknown.`,
  );
}

/** Edition from `/metadata` `enterprise` when read, else from the version string. */
function decideEdition(
  kind: InstanceCapabilities['kind'],
  version: string,
  enterprise: boolean | null,
): { edition: InstanceEdition; editionSource: InstanceCapabilities['editionSource'] } {
  if (kind === 'outpost') return { edition: 'unknown', editionSource: 'outpost' };
  if (enterprise !== null) return { edition: enterprise ? 'ee' : 'ce', editionSource: 'metadata' };
  if (/-ee$/.test(version)) return { edition: 'ee', editionSource: 'version-suffix' };
  if (/^\d+\.\d+\.\d+$/.test(version)) return { edition: 'ce', editionSource: 'version-suffix' };
  return { edition: 'unknown', editionSource: 'unknown' };
}

/** Admin Mode state from who the user is, the version and the token's scopes (see AdminModeState). */
function decideAdminMode(
  kind: InstanceCapabilities['kind'],
  version: string,
  user: UserFacts | null,
  token: TokenFacts,
): AdminModeState {
  if (kind === 'outpost') return 'not-applicable';
  if (user === null) return 'unknown';
  if (!user.isAdmin) return 'not-admin';
  if (!versionAtLeast(version, ADMIN_MODE_MIN_VERSION)) return 'not-applicable';
  if (!token.known || token.scopes === null) return 'unknown';
  return token.scopes.includes('admin_mode') ? 'token-has-admin_mode' : 'token-lacks-admin_mode';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Longest text kept from an instance's answer (a version, a name); the rest is cut off. */
const MAX_TEXT = 200;
/** Most scopes kept of a token (GitLab has about 20). */
const MAX_SCOPES = 50;

/** A non-empty string field of an answer, at most {@link MAX_TEXT} characters (the profile file keeps it). */
function stringField(body: unknown, field: string): string | null {
  if (!isRecord(body)) return null;
  const value = body[field];
  return typeof value === 'string' && value.length > 0 ? value.slice(0, MAX_TEXT) : null;
}

function hostName(baseUrl: string): string {
  try {
    return new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return '';
  }
}
