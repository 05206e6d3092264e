import type { ApiResponse, ProfileCheckResult } from '../../../shared/ipc-contract.js';
import { BridgeError } from '../bridge-error.js';
import type { ApiProxy } from '../proxy/api-proxy.js';

/**
 * Checks that profile `id` reaches a GitLab-compatible instance and that its token works:
 * `GET /version` then `GET /user` through the proxy. Never throws for instance problems; returns
 * `{ ok: false, error }` with a sentence the administrator can act on (401, 403, unreachable,
 * timeout, a server that is not GitLab). Errors: BridgeError `not_found` for an unknown profile.
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
    if (err instanceof BridgeError && err.code !== 'not_found') return { ok: false, error: err.message };
    throw err;
  }
}

function explainStatus(res: ApiResponse, what: string): string | undefined {
  if (res.status === 401) {
    return 'The token was rejected (401). Create a personal access token with the api scope.';
  }
  if (res.status === 403) {
    return 'The token is not allowed to use the API (403). It needs the api scope, and the account must not be blocked.';
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
