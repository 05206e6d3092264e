import { BridgeError } from '../bridge-error.js';
import type { NetworkSettings } from '../network/transport.js';
import { remoteRequest } from '../proxy/remote.js';

/**
 * Checks that `token` signs in to the instance at `baseUrl` (with the profile's CA and timeout when
 * given); throws a BridgeError when it does not.
 */
export type VerifyToken = (baseUrl: string, token: string, network?: NetworkSettings) => Promise<void>;

/**
 * Checks a personal access token before it replaces a stored one: `GET <baseUrl>/api/v4/user` with
 * `PRIVATE-TOKEN` (GitLab docs: api/users.md "List current user"), 15 s timeout. Resolves when the
 * instance answers 200 with a `username`.
 * Errors (the stored token is kept in every case): BridgeError `bad_request` "The new token was
 * rejected (401) …" for a wrong, expired or revoked token, "… lacks the api scope (403
 * insufficient_scope)", "… was refused (403)", "… answered 5xx/unexpected"; `unreachable` / `timeout`
 * from the proxy when the instance can't be reached. The token never appears in a message.
 */
export async function verifyToken(
  baseUrl: string,
  token: string,
  network: NetworkSettings = {},
): Promise<void> {
  const res = await remoteRequest(baseUrl, token, { method: 'GET', path: '/user' }, network);
  const body = res.body as { username?: unknown; error?: unknown } | null;
  if (res.status === 200 && typeof body?.username === 'string') return;
  const kept = 'The stored token was kept.';
  if (res.status === 401) {
    throw new BridgeError(
      'bad_request',
      `The new token was rejected (401): it is wrong, expired or revoked. ${kept}`,
    );
  }
  if (res.status === 403 && body?.error === 'insufficient_scope') {
    throw new BridgeError(
      'bad_request',
      `The new token lacks the scope Outpost needs (403 insufficient_scope): create one with the api scope. ${kept}`,
    );
  }
  if (res.status === 403) {
    throw new BridgeError(
      'bad_request',
      `The instance refused the new token (403): the account may be blocked. ${kept}`,
    );
  }
  throw new BridgeError(
    'bad_request',
    `${baseUrl} answered GET /api/v4/user with ${res.status}, not a user: the new token could not be checked. ${kept}`,
  );
}
