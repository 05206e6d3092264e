/**
 * Git over HTTP for users an administrator blocked, banned or deactivated, against GitLab's source
 * (lib/gitlab/auth.rb `personal_access_token_check` needs `can?(:log_in)`; app/policies/global_policy.rb:
 * `blocked` prevents `log_in` and `access_git`, `deactivated` prevents `access_git` only;
 * lib/gitlab/git_access.rb `check_active_user!` raises ForbiddenError with
 * Gitlab::Auth::UserAccessDeniedReason's sentence): a deactivated user's token answers 403 with
 * GitLab's sentence for fetch and push, whatever the project; a blocked or banned user's token is refused
 * as a failed login (401 with `WWW-Authenticate`). Real HTTP requests and the real git client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCoreDatabase } from '../helpers/disk.js';
import { cloneUrl, makeGitClient } from '../helpers/git-http.js';
import type { GitClient } from '../helpers/git-http.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

describe('git over HTTP for blocked, banned and deactivated users', () => {
  let t: TestCore;
  let git: GitClient;
  let fullPath: string;

  const basic = (token: string) => `Basic ${Buffer.from(`oauth2:${token}`).toString('base64')}`;
  const infoRefs = (path: string, token: string, service = 'git-upload-pack') =>
    fetch(`${t.url}/${path}.git/info/refs?service=${service}`, { headers: { Authorization: basic(token) } });

  async function userWithProject() {
    const u = await createUserWithToken(t, { scopes: ['api'] });
    const p = await t.api<{ path_with_namespace: string }>('POST', '/projects', {
      token: u.token,
      json: { name: 'Mine', initialize_with_readme: true },
    });
    expect(p.status).toBe(201);
    return { ...u, path: p.body.path_with_namespace };
  }

  beforeAll(async () => {
    t = await startTestCore();
    git = await makeGitClient();
    const p = await t.api<{ path_with_namespace: string }>('POST', '/projects', {
      json: { name: 'Public One', visibility: 'public', initialize_with_readme: true },
    });
    fullPath = p.body.path_with_namespace;
  });
  afterAll(async () => t?.close());

  it('answers a deactivated user 403 with GitLab’s sentence for fetch and push, then serves them again', async () => {
    const u = await userWithProject();
    expect((await infoRefs(u.path, u.token)).status).toBe(200);
    // GitLab deactivates only users inactive for 90 days: move back the last_activity_on the requests set.
    const other = openCoreDatabase(t.dataDir, { writable: true });
    try {
      other.prepare("UPDATE users SET last_activity_on = '2001-01-01' WHERE id = ?").run(u.id);
    } finally {
      other.close();
    }
    expect((await t.api('POST', `/users/${u.id}/deactivate`)).status).toBe(201);
    const sentence = `Your account has been deactivated by your administrator. Please log back in from a web browser to reactivate your account at ${t.url}`;
    for (const [path, service] of [
      [u.path, 'git-upload-pack'],
      [u.path, 'git-receive-pack'],
      [fullPath, 'git-upload-pack'],
      ['no/such-project', 'git-upload-pack'],
    ] as const) {
      const res = await infoRefs(path, u.token, service);
      expect(res.status).toBe(403);
      // The core's git refusals end with a newline (routes/git-http.ts `sendRefusal`).
      expect(await res.text()).toBe(`${sentence}\n`);
      expect(res.headers.get('www-authenticate')).toBeNull();
    }
    const dir = await git.tempDir();
    const clone = await git.run(dir, 'clone', cloneUrl(t.url, u.path, u.token), 'c');
    expect(clone.code).not.toBe(0);
    expect(clone.stderr).toContain('Your account has been deactivated by your administrator.');
    expect((await t.api('POST', `/users/${u.id}/activate`)).status).toBe(201);
    expect((await infoRefs(u.path, u.token)).status).toBe(200);
  });

  it.each([
    ['block', 'blocked'],
    ['ban', 'banned'],
  ])(
    'after POST /users/:id/%s, refuses the %s user’s token as a failed login (401), even on a public project',
    async (action) => {
      const u = await userWithProject();
      expect((await t.api('POST', `/users/${u.id}/${action}`)).status).toBe(201);
      for (const path of [u.path, fullPath]) {
        const res = await infoRefs(path, u.token);
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Basic realm="GitLab"');
      }
    },
  );
});
