import type { ApiRequest, ApiResponse, GraphqlRequest } from '../../../shared/ipc-contract.js';
import type { Core } from '../../core/core-contract.js';
import { BridgeError } from '../bridge-error.js';
import type { ProfileStore } from '../profiles/profile-store.js';
import type { TokenVault } from '../vault/token-vault.js';
import type { ProxiedRequest } from './api-url.js';
import { embeddedRequest } from './embedded.js';
import { InstanceRateLimiter, type RateLimiterOptions, type SlowDownNotice } from './rate-limiter.js';
import { remoteRequest, type RemoteRequestOptions } from './remote.js';

/** Forwards v4 API requests to the right instance with the right token. */
export interface ApiProxy {
  /**
   * Sends `req` to `req.profileId` (the active profile when absent): the embedded core through
   * `inject`, a remote instance through `fetch`. The token comes from the vault and never appears in
   * the result. Remote requests pass through that profile's `InstanceRateLimiter` (queued, spaced and
   * retried after `Retry-After`; the embedded core is not limited) and the profile's network settings
   * (CA, timeout). Errors: BridgeError `not_found` (profile), `bad_request` (path), `unreachable`,
   * `timeout` (15 s, remote or embedded; an embedded timeout says whether the core still answers its
   * health check), `internal` (embedded core not running, vault unreadable).
   */
  request(req: ApiRequest): Promise<ApiResponse>;
  /**
   * Sends one GraphQL request to the profile's `POST /api/graphql` (the only path outside `/api/v4` it
   * reaches), `{query, variables, operationName}` as the JSON body, with the same token, limiter,
   * network settings, timeouts and errors as {@link request}. The answer's body is GraphQL's
   * `{data?, errors?}`; HTTP errors (401, 403, 404 of an instance without GraphQL) are responses.
   */
  graphql(req: GraphqlRequest): Promise<ApiResponse>;
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
  /** Limits of each remote instance's limiter (tests shorten the search window). */
  rateLimits?: Omit<RateLimiterOptions, 'onSlowDown'>;
  /** Told when a remote instance asked to slow down (one notice per pause). */
  onSlowDown?: (profileId: string, notice: SlowDownNotice) => void;
  /** Network options for every remote request (tests pass their own proxy `env`), under the profile's. */
  remoteNetwork?: RemoteRequestOptions;
}

/** Builds the proxy over a profile store, a vault and the embedded core. */
export function createApiProxy({
  profiles,
  vault,
  core,
  remoteTimeoutMs,
  embeddedTimeoutMs,
  embeddedHealthTimeoutMs,
  rateLimits,
  onSlowDown,
  remoteNetwork,
}: ApiProxyOptions): ApiProxy {
  const limiters = new Map<string, { url: string; limiter: InstanceRateLimiter }>();
  const limiterFor = (profileId: string, url: string): InstanceRateLimiter => {
    const known = limiters.get(profileId);
    if (known && known.url === url) return known.limiter;
    const limiter = new InstanceRateLimiter({
      ...rateLimits,
      ...(onSlowDown ? { onSlowDown: (notice: SlowDownNotice) => onSlowDown(profileId, notice) } : {}),
    });
    limiters.set(profileId, { url, limiter });
    return limiter;
  };
  const send = async (req: ProxiedRequest): Promise<ApiResponse> => {
    const profile = req.profileId === undefined ? profiles.active() : profiles.get(req.profileId);
    const token = await vault.get(profile.id);
    if (profile.kind === 'embedded') {
      if (!core) throw new BridgeError('internal', 'The embedded instance is not running. Restart Outpost.');
      return embeddedRequest(core, token, req, {
        ...(embeddedTimeoutMs === undefined ? {} : { timeoutMs: embeddedTimeoutMs }),
        ...(embeddedHealthTimeoutMs === undefined ? {} : { healthTimeoutMs: embeddedHealthTimeoutMs }),
      });
    }
    const network: RemoteRequestOptions = {
      ...remoteNetwork,
      ...(remoteTimeoutMs === undefined ? {} : { timeoutMs: remoteTimeoutMs }),
      ...(profile.network?.timeoutMs === undefined ? {} : { timeoutMs: profile.network.timeoutMs }),
      ...(profile.network?.caPem === undefined ? {} : { caPem: profile.network.caPem }),
    };
    return limiterFor(profile.id, profile.url).run(req, () =>
      remoteRequest(profile.url, token, req, network),
    );
  };
  return {
    request: (req) => send(req),
    graphql: ({ query, variables, operationName, profileId }) =>
      send({
        method: 'POST',
        path: '/graphql',
        graphql: true,
        body: {
          query,
          ...(variables === undefined ? {} : { variables }),
          ...(operationName === undefined ? {} : { operationName }),
        },
        ...(profileId === undefined ? {} : { profileId }),
      }),
  };
}
