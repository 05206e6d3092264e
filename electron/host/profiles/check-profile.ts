import type { ApiResponse, ProfileCheckResult } from '../../../shared/ipc-contract.js';
import { BridgeError } from '../bridge-error.js';
import type { ApiProxy } from '../proxy/api-proxy.js';
import { explainNetworkError } from './explain-network-error.js';

/**
 * Checks that profile `id` reaches a GitLab-compatible instance and that its token works:
 * `GET /version` then `GET /user` through the proxy (GitLab docs: api/version.md, api/users.md
 * "current user"). Never throws for instance problems; returns `{ ok: false, error }` with a sentence
 * the administrator can act on: 401 (wrong, expired or revoked token), 403 `insufficient_scope` (the
 * token needs `api` or `read_api`), 403 otherwise (blocked account), unreachable host, an untrusted TLS
 * certificate or a port without TLS, an unknown host name, a timeout, a server that is not GitLab (no
 * `/api/v4/version`). Errors: BridgeError `not_found` for an unknown profile.
 */
export async function checkProfile(
  proxy: ApiProxy,
  id: string,
  hasToken: boolean,
): Promise<ProfileCheckResult> {
  if (!hasToken) {
    return {
      ok: false,
      error: 'No token is stored for this profile. Add a personal access token with the api scope.',
    };
  }
  try {
    const version = await proxy.request({ method: 'GET', path: '/version', profileId: id });
    const versionProblem = explainStatus(version, 'GET /api/v4/version');
    if (versionProblem) return { ok: false, error: versionProblem };
    const versionText = stringField(version.body, 'version');
    if (!versionText) return { ok: false, error: notGitLab(version, 'GET /api/v4/version') };

    const user = await proxy.request({ method: 'GET', path: '/user', profileId: id });
    const userProblem = explainStatus(user, 'GET /api/v4/user');
    if (userProblem) return { ok: false, error: userProblem };
    const username = stringField(user.body, 'username');
    if (!username) return { ok: false, error: notGitLab(user, 'GET /api/v4/user') };
    return { ok: true, version: versionText, username };
  } catch (err) {
    if (err instanceof BridgeError && err.code !== 'not_found') {
      return {
        ok: false,
        error: err.code === 'unreachable' ? explainNetworkError(err.message) : err.message,
      };
    }
    throw err;
  }
}

function explainStatus(res: ApiResponse, what: string): string | undefined {
  if (res.status === 401) {
    return 'The token was rejected (401): it is wrong, expired or revoked. Create a personal access token with the api scope and paste it again.';
  }
  if (res.status === 403 && stringField(res.body, 'error') === 'insufficient_scope') {
    return 'The token lacks the scope Outpost needs (403 insufficient_scope). Create a token with the api scope (read_api is enough to browse).';
  }
  if (res.status === 403) {
    return 'The instance refused this token (403). The account may be blocked or locked, or the token lacks the api scope.';
  }
  if (res.status === 404 && what.endsWith('/version')) {
    return 'There is no GitLab API at this address: GET /api/v4/version answered 404. Check the URL; if GitLab is served under a path, include it (https://example.com/gitlab).';
  }
  if (res.status >= 300 && res.status < 400) {
    const to = res.headers.location ? ` to ${res.headers.location}` : '';
    return `${what} was redirected${to} (${res.status}). Use the instance's final https:// address.`;
  }
  if (res.status !== 200) return notGitLab(res, what);
  return undefined;
}

function notGitLab(res: ApiResponse, what: string): string {
  const type = res.headers['content-type']?.split(';', 1)[0] ?? 'no content type';
  return `This does not look like a GitLab instance: ${what} answered ${res.status} (${type}). Check the URL.`;
}

function stringField(body: unknown, field: string): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
