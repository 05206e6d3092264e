import type { ApiRequest, ApiResponse } from '../../../shared/ipc-contract.js';
import type { Core } from '../../core/core-contract.js';
import { BridgeError } from '../bridge-error.js';
import type { ProfileStore } from '../profiles/profile-store.js';
import type { TokenVault } from '../vault/token-vault.js';
import { embeddedRequest } from './embedded.js';
import { remoteRequest } from './remote.js';

/** Forwards v4 API requests to the right instance with the right token. */
export interface ApiProxy {
  /**
   * Sends `req` to `req.profileId` (the active profile when absent): the embedded core through
   * `inject`, a remote instance through `fetch`. The token comes from the vault and never appears in
   * the result. Errors: BridgeError `not_found` (profile), `bad_request` (path), `unreachable`,
   * `timeout` (15 s, remote or embedded; an embedded timeout says whether the core still answers its
   * health check), `internal` (embedded core not running, vault unreadable).
   */
  request(req: ApiRequest): Promise<ApiResponse>;
}

/** Options of `createApiProxy`. */
export interface ApiProxyOptions {
  profiles: ProfileStore;
  vault: TokenVault;
  /** The embedded core, or null when it is not running. */
  core: Pick<Core, 'inject'> | null;
  /** Remote timeout in ms (default 15 000). */
  remoteTimeoutMs?: number;
  /** Embedded timeout in ms (default 15 000), and its health check's (default 3 000). */
  embeddedTimeoutMs?: number;
  embeddedHealthTimeoutMs?: number;
}

/** Builds the proxy over a profile store, a vault and the embedded core. */
export function createApiProxy({
  profiles,
  vault,
  core,
  remoteTimeoutMs,
  embeddedTimeoutMs,
  embeddedHealthTimeoutMs,
}: ApiProxyOptions): ApiProxy {
  return {
    async request(req) {
      const profile = req.profileId === undefined ? profiles.active() : profiles.get(req.profileId);
      const token = await vault.get(profile.id);
      if (profile.kind === 'embedded') {
        if (!core)
          throw new BridgeError('internal', 'The embedded instance is not running. Restart Outpost.');
        return embeddedRequest(core, token, req, {
          ...(embeddedTimeoutMs === undefined ? {} : { timeoutMs: embeddedTimeoutMs }),
          ...(embeddedHealthTimeoutMs === undefined ? {} : { healthTimeoutMs: embeddedHealthTimeoutMs }),
        });
      }
      return remoteRequest(
        profile.url,
        token,
        req,
        remoteTimeoutMs === undefined ? {} : { timeoutMs: remoteTimeoutMs },
      );
    },
  };
}
