/**
 * Client compatibility for Admin → Users (issue 28): python-gitlab 3.12 (Debian's python3-gitlab),
 * unchanged, as a library (python-gitlab/users_admin.py: `gl.users.list(...)` filters and order,
 * `User.approve()`/`reject()`, `user.impersonationtokens`, `gl.statistics.get()`) and as the `gitlab` CLI
 * (`user list --external`, `user approve`/`reject`, `user-impersonation-token create/list/get/delete`,
 * `application-statistics get`), against a real core over loopback. Users pending approval are made through
 * the repository layer (the core has no sign-up). Without python-gitlab this FAILS with the install
 * instruction (python-gitlab-runner.ts).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso, openDatabase } from '../../db/database.js';
import { setUserState } from '../../db/users.js';
import { ROOT_TOKEN, createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { PythonGitlabCli, SCRIPTS, findPython, run } from './python-gitlab-runner.js';

describe('python-gitlab (unchanged) and its CLI: Admin → Users against the core', () => {
  let t: TestCore;
  let python: string | null = null;
  let cliRunner: PythonGitlabCli | null = null;
  let missing = '';

  async function pendingUser(username: string): Promise<number> {
    const u = await createUserWithToken(t, { username });
    const db = openDatabase(path.join(t.dataDir, 'outpost.sqlite'));
    try {
      setUserState(db, u.id, 'blocked_pending_approval', nowIso());
    } finally {
      db.close();
    }
    return u.id;
  }

  beforeAll(async () => {
    t = await startTestCore();
    const found = await findPython();
    if ('python' in found) {
      python = found.python;
      cliRunner = new PythonGitlabCli(found.python, {
        GITLAB_URL: t.url,
        GITLAB_PRIVATE_TOKEN: ROOT_TOKEN,
        HOME: t.dataDir,
      });
    } else missing = found.missing;
  });
  afterAll(async () => {
    cliRunner?.close();
    await t.close();
  });

  it('the library: list filters and order, approve/reject, impersonation tokens, statistics (users_admin.py)', async () => {
    if (!python) throw new Error(missing);
    const approveId = await pendingUser('py-pending-a');
    const rejectId = await pendingUser('py-pending-b');
    const r = await run(python, [path.join(SCRIPTS, 'users_admin.py')], {
      OUTPOST_URL: t.url,
      OUTPOST_TOKEN: ROOT_TOKEN,
      OUTPOST_PENDING: `${approveId},${rejectId}`,
    });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(out).toMatchObject({
      external: ['py-ext'],
      admins: ['root'],
      by_username_asc: ['py-ext', 'py-pending-a', 'py-pending-b'],
      without_projects_has_ext: true,
      approve: { message: 'Success' },
      approved_state: 'active',
      reject: { message: 'Success' },
      rejected_gone: true,
      approve_again: [409, 'The user you are trying to approve is not pending approval'],
      token_created: { impersonation: true, scopes: ['api', 'read_user'], active: true, has_token: true },
      token_user: 'py-pending-a',
      listed: ['py-imp'],
      after_revoke_active: [],
      after_revoke_inactive: ['py-imp'],
    });
    const stats = out.statistics as Record<string, string>;
    expect(stats.forks).toBe('0');
    expect(Number(stats.users)).toBeGreaterThanOrEqual(3);
    for (const v of Object.values(stats)) expect(v).toMatch(/^\d{1,3}(,\d{3})*$/);
  }, 120_000);

  it('the gitlab CLI: user list --external, approve/reject, impersonation tokens, application statistics', async () => {
    if (!cliRunner) throw new Error(missing);
    const cli = async (...args: string[]): Promise<unknown> => {
      const res = await cliRunner!.command(['-o', 'json', ...args]);
      expect(res.code, `gitlab ${args.join(' ')}:\n${res.stderr}${res.stdout}`).toBe(0);
      return res.stdout.trim() ? (JSON.parse(res.stdout) as unknown) : null;
    };
    const ext = await createUserWithToken(t, { username: 'cli-ext' });
    expect((await t.api('PUT', `/users/${ext.id}`, { json: { external: true } })).status).toBe(200);
    const listed = (await cli('user', 'list', '--external', 'true', '--all')) as { username: string }[];
    expect(listed.map((u) => u.username)).toContain('cli-ext');
    expect(listed.every((u) => u.username !== 'root')).toBe(true);

    const a = await pendingUser('cli-pending-a');
    const b = await pendingUser('cli-pending-b');
    expect(await cli('user', 'approve', '--id', String(a))).toEqual({ message: 'Success' });
    expect((await t.api<{ state: string }>('GET', `/users/${a}`)).body.state).toBe('active');
    expect(await cli('user', 'reject', '--id', String(b))).toEqual({ message: 'Success' });
    expect((await t.api('GET', `/users/${b}`)).status).toBe(404);

    const tok = (await cli(
      'user-impersonation-token',
      'create',
      '--user-id',
      String(a),
      '--name',
      'cli-imp',
      '--scopes',
      'api',
    )) as { id: number; token: string; impersonation: boolean };
    expect(tok.impersonation).toBe(true);
    expect((await t.api<{ username: string }>('GET', '/user', { token: tok.token })).body.username).toBe(
      'cli-pending-a',
    );
    const got = (await cli(
      'user-impersonation-token',
      'get',
      '--user-id',
      String(a),
      '--id',
      String(tok.id),
    )) as {
      name: string;
      token?: string;
    };
    expect(got.name).toBe('cli-imp');
    expect(got.token).toBeUndefined();
    const all = (await cli(
      'user-impersonation-token',
      'list',
      '--user-id',
      String(a),
      '--state',
      'active',
    )) as {
      id: number;
    }[];
    expect(all.map((x) => x.id)).toEqual([tok.id]);
    await cli('user-impersonation-token', 'delete', '--user-id', String(a), '--id', String(tok.id));
    expect((await t.api('GET', '/user', { token: tok.token })).status).toBe(401);

    const stats = (await cli('application-statistics', 'get')) as Record<string, string>;
    expect(stats).toMatchObject({ forks: '0', snippets: '0', ssh_keys: '0' });
    expect(stats.users).toMatch(/^\d{1,3}(,\d{3})*$/);
  }, 120_000);
});
