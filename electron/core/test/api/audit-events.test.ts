/**
 * The audit events API over real HTTP (doc/api/audit_events.md; spec "Audit events" and Authentication
 * rule 6): every audited action read back through the API, filters and their errors, the role rules of
 * group and project events, offset and keyset pagination (a keyset walk returns every event exactly once
 * while new events keep arriving), GitLab's response schemas, and no route that changes an event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemaOracle } from '../contract/schema-oracle.js';
import { unprotectNewDefaultBranches } from '../helpers/default-branch-protection.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { ApiResult, TestCore } from '../helpers/test-core.js';

interface Details {
  author_name: string;
  expiry_from?: string | null;
  expiry_to?: string | null;
  target_id: number;
  target_type: string;
  target_details: string;
  entity_path: string;
  event_name?: string;
  ip_address?: string | null;
  add?: string;
  remove?: string;
  as?: string;
  change?: string;
  from?: unknown;
  to?: unknown;
  custom_message?: string;
}

interface EventJson {
  id: number;
  author_id: number;
  entity_id: number;
  entity_type: string;
  event_name: string | null;
  details: Details;
  created_at: string;
}

interface User {
  id: number;
  username: string;
  token: string;
}

const oracle = loadSchemaOracle();
const validateList = oracle.validator('ee/spec/fixtures/api/schemas/public_api/v4/audit_events.json');
const validateOne = oracle.validator('ee/spec/fixtures/api/schemas/public_api/v4/audit_event.json');

function cursorOf(id: number): string {
  return Buffer.from(JSON.stringify({ id: String(id), _kd: 'n' })).toString('base64');
}

/** The URL in `Link: <url>; rel="next"`, or null. */
function nextLink(res: ApiResult): string | null {
  const m = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '');
  return m ? m[1]! : null;
}

describe('audit events API', () => {
  let t: TestCore;
  const secrets: string[] = [];

  /** Path under /api/v4 of a Link URL from this core. */
  function apiPath(link: string): string {
    const prefix = `${t.url}/api/v4`;
    expect(link.startsWith(prefix)).toBe(true);
    return link.slice(prefix.length);
  }

  /**
   * Walk a keyset list to its end with `token`; `between` runs after each page (to add events mid-walk).
   * @returns every event in walk order and the number of pages.
   */
  async function walk(
    path: string,
    opts: { token?: string; between?: (page: number) => Promise<void> } = {},
  ): Promise<{ events: EventJson[]; pages: number }> {
    const events: EventJson[] = [];
    let next: string | null = path;
    let pages = 0;
    while (next) {
      const res: ApiResult<EventJson[]> = await t.api<EventJson[]>('GET', next, { token: opts.token });
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('x-total')).toBeNull();
      expect(res.headers.get('x-total-pages')).toBeNull();
      expect(validateList(res.body), JSON.stringify(validateList.errors)).toBe(true);
      events.push(...res.body);
      pages += 1;
      const link = nextLink(res);
      next = link ? apiPath(link) : null;
      if (next) await opts.between?.(pages);
    }
    return { events, pages };
  }

  /** The newest event id. */
  async function lastId(): Promise<number> {
    const res = await t.api<EventJson[]>('GET', '/audit_events?per_page=1');
    return res.body[0]?.id ?? 0;
  }

  /** Run `action` and return the events it recorded, oldest first, read through the API. */
  async function recorded(action: () => Promise<unknown>): Promise<EventJson[]> {
    const before = await lastId();
    await action();
    const { events } = await walk(
      `/audit_events?pagination=keyset&sort=asc&per_page=100&cursor=${encodeURIComponent(cursorOf(before))}`,
    );
    return events;
  }

  async function createUser(opts: { admin?: boolean; scopes?: string[] } = {}): Promise<User> {
    const u = await createUserWithToken(t, opts);
    secrets.push(u.token);
    return u;
  }

  async function ok<T>(res: Promise<ApiResult<T>>, status = 200): Promise<T> {
    const r = await res;
    expect(r.status, r.text).toBe(status);
    return r.body;
  }

  beforeAll(async () => {
    t = await startTestCore();
    secrets.push(t.rootToken);
    // Developers here run pipelines on, or protect, the default branch themselves (helpers/default-branch-protection.ts).
    await unprotectNewDefaultBranches(t);
  });
  afterAll(async () => t.close());

  describe('each audited action, read back through the API', () => {
    it('users created and their tokens created and revoked', async () => {
      let userId = 0;
      const created = await recorded(async () => {
        const body = await ok(
          t.api<{ id: number }>('POST', '/users', {
            json: {
              username: 'ev-user',
              name: 'Ev User',
              email: 'ev@example.com',
              password: 'pw-secret-123',
            },
          }),
          201,
        );
        userId = body.id;
      });
      expect(created).toHaveLength(1);
      expect(created[0]).toMatchObject({
        author_id: 1,
        entity_type: 'User',
        entity_id: userId,
        event_name: 'user_created',
        details: { add: 'user', target_id: userId, target_type: 'User', author_name: 'Administrator' },
      });

      let tokenId = 0;
      const tokenCreated = await recorded(async () => {
        const body = await ok(
          t.api<{ id: number; token: string }>('POST', `/users/${userId}/personal_access_tokens`, {
            json: { name: 'ci', scopes: ['api'] },
          }),
          201,
        );
        tokenId = body.id;
        secrets.push(body.token);
      });
      expect(tokenCreated.map((e) => [e.entity_type, e.entity_id, e.event_name])).toEqual([
        ['User', userId, 'personal_access_token_created'],
      ]);
      expect(tokenCreated[0]!.details).toMatchObject({
        target_id: tokenId,
        target_type: 'PersonalAccessToken',
        target_details: 'ci',
      });

      const revoked = await recorded(() => ok(t.api('DELETE', `/personal_access_tokens/${tokenId}`), 204));
      expect(revoked.map((e) => [e.entity_type, e.entity_id, e.event_name, e.details.target_id])).toEqual([
        ['User', userId, 'personal_access_token_revoked', tokenId],
      ]);

      // The user's events, filtered by entity.
      const byEntity = await ok(
        t.api<EventJson[]>('GET', `/audit_events?entity_type=User&entity_id=${userId}`),
      );
      expect(byEntity.map((e) => e.event_name)).toEqual([
        'personal_access_token_revoked',
        'personal_access_token_created',
        'user_created',
      ]);
    });

    it('projects created, changed, renamed, archived and deleted', async () => {
      let id = 0;
      const created = await recorded(async () => {
        id = (await ok(t.api<{ id: number }>('POST', '/projects', { json: { name: 'Ev Project' } }), 201)).id;
      });
      expect(created.map((e) => [e.entity_type, e.entity_id, e.event_name])).toEqual([
        ['Project', id, 'project_created'],
      ]);

      const changed = await recorded(() =>
        ok(t.api('PUT', `/projects/${id}`, { json: { visibility: 'internal', description: 'd' } })),
      );
      expect(
        changed.map((e) => [e.event_name, e.details.change, e.details.from, e.details.to]).sort(),
      ).toEqual(
        [
          ['project_description_updated', 'description', null, 'd'],
          ['project_visibility_updated', 'visibility_level', 'private', 'internal'],
        ].sort(),
      );

      const renamed = await recorded(() =>
        ok(t.api('PUT', `/projects/${id}`, { json: { name: 'Ev Renamed', path: 'ev-renamed' } })),
      );
      expect(
        renamed.map((e) => [e.event_name, e.details.change, e.details.from, e.details.to]).sort(),
      ).toEqual(
        [
          ['project_renamed', 'name', 'Ev Project', 'Ev Renamed'],
          ['project_renamed', 'path', 'ev-project', 'ev-renamed'],
        ].sort(),
      );
      expect(renamed.every((e) => e.details.entity_path === 'root/ev-renamed')).toBe(true);

      const archived = await recorded(() =>
        ok(t.api('PUT', `/projects/${id}`, { json: { archived: true } })),
      );
      expect(archived.map((e) => [e.event_name, e.details.custom_message])).toEqual([
        ['project_archived', 'Project archived'],
      ]);
      const unarchived = await recorded(() =>
        ok(t.api('PUT', `/projects/${id}`, { json: { archived: false } })),
      );
      expect(unarchived.map((e) => e.event_name)).toEqual(['project_unarchived']);

      // The project's own list holds all of them, newest first.
      const list = await ok(t.api<EventJson[]>('GET', `/projects/${id}/audit_events`));
      expect(list.map((e) => e.id)).toEqual(
        [...created, ...changed, ...renamed, ...archived, ...unarchived].map((e) => e.id).reverse(),
      );

      const deleted = await recorded(() => ok(t.api('DELETE', `/projects/${id}`), 202));
      expect(deleted.map((e) => [e.entity_type, e.entity_id, e.event_name, e.details.remove])).toEqual([
        ['Project', id, 'project_destroyed', 'project'],
      ]);
      // Events outlive their project: readable by entity on the instance list.
      const after = await ok(t.api<EventJson[]>('GET', `/audit_events?entity_type=Project&entity_id=${id}`));
      expect(after).toHaveLength(list.length + 1);
    });

    it('groups created and members added, changed and removed', async () => {
      const member = await createUser();
      let groupId = 0;
      const created = await recorded(async () => {
        groupId = (
          await ok(
            t.api<{ id: number }>('POST', '/groups', { json: { name: 'Ev Group', path: 'ev-group' } }),
            201,
          )
        ).id;
      });
      expect(created.map((e) => [e.entity_type, e.entity_id, e.event_name])).toEqual([
        ['Group', groupId, 'group_created'],
      ]);
      const project = await ok(
        t.api<{ id: number }>('POST', '/projects', { json: { name: 'Ev Members' } }),
        201,
      );

      for (const [kind, id, entityType] of [
        ['groups', groupId, 'Group'],
        ['projects', project.id, 'Project'],
      ] as const) {
        const base = `/${kind}/${id}/members`;
        const events = await recorded(async () => {
          await ok(t.api('POST', base, { json: { user_id: member.id, access_level: 30 } }), 201);
          await ok(t.api('PUT', `${base}/${member.id}`, { json: { access_level: 40 } }));
          await ok(t.api('DELETE', `${base}/${member.id}`), 204);
        });
        expect(events.map((e) => [e.entity_type, e.entity_id, e.event_name])).toEqual([
          [entityType, id, 'member_created'],
          [entityType, id, 'member_updated'],
          [entityType, id, 'member_destroyed'],
        ]);
        for (const e of events) {
          expect(e.details).toMatchObject({
            target_id: member.id,
            target_type: 'User',
            target_details: member.username,
          });
        }
        expect(events[0]!.details).toMatchObject({ add: 'user_access', as: 'Developer' });
        expect(events[1]!.details).toMatchObject({
          change: 'access_level',
          from: 'Developer',
          to: 'Maintainer',
        });
        expect(events[2]!.details).toMatchObject({ remove: 'user_access' });
      }

      // A changed expiry date alone is audited too (GitLab's expiry_from/expiry_to).
      const base = `/groups/${groupId}/members`;
      await ok(t.api('POST', base, { json: { user_id: member.id, access_level: 30 } }), 201);
      const expiry = await recorded(() =>
        ok(t.api('PUT', `${base}/${member.id}`, { json: { access_level: 30, expires_at: '2099-01-31' } })),
      );
      expect(expiry.map((e) => e.event_name)).toEqual(['member_updated']);
      expect(expiry[0]!.details).toMatchObject({
        change: 'access_level',
        from: 'Developer',
        to: 'Developer',
        expiry_from: null,
        expiry_to: '2099-01-31',
      });
      const unchanged = await recorded(() =>
        ok(t.api('PUT', `${base}/${member.id}`, { json: { access_level: 30 } })),
      );
      expect(unchanged).toEqual([]);
    });

    it('protected branches added, changed and removed', async () => {
      const project = await ok(
        t.api<{ id: number }>('POST', '/projects', {
          json: { name: 'Ev Protect', initialize_with_readme: true },
        }),
        201,
      );
      const base = `/projects/${project.id}/protected_branches`;
      const events = await recorded(async () => {
        await ok(t.api('POST', base, { json: { name: 'main', push_access_level: 40 } }), 201);
        await ok(t.api('PATCH', `${base}/main`, { json: { allow_force_push: true } }));
        await ok(t.api('DELETE', `${base}/main`), 204);
      });
      expect(events.map((e) => [e.entity_type, e.entity_id, e.event_name, e.details.target_type])).toEqual([
        ['Project', project.id, 'protected_branch_created', 'ProtectedBranch'],
        ['Project', project.id, 'protected_branch_allow_force_push_updated', 'ProtectedBranch'],
        ['Project', project.id, 'protected_branch_removed', 'ProtectedBranch'],
      ]);
      expect(events[1]!.details).toMatchObject({ change: 'allow_force_push', from: false, to: true });
      expect(events.every((e) => e.details.target_details === 'main')).toBe(true);
    });

    it('instance clusters, CI/CD variables and plan limits, without secrets', async () => {
      const kubeToken = 'kube-token-AUDIT-0f1e2d3c4b5a';
      const value = 'variable-value-AUDIT-9a8b7c6d';
      const newValue = 'variable-value-AUDIT-ROTATED-1234';
      secrets.push(kubeToken, value, newValue);
      const events = await recorded(async () => {
        const cluster = await ok(
          t.api<{ id: number }>('POST', '/admin/clusters/add', {
            json: {
              name: 'ev-cluster',
              platform_kubernetes_attributes: { api_url: 'https://k8s.example.com', token: kubeToken },
            },
          }),
          201,
        );
        await ok(t.api('PUT', `/admin/clusters/${cluster.id}`, { json: { name: 'ev-cluster-2' } }));
        await ok(t.api('DELETE', `/admin/clusters/${cluster.id}`), 204);
        await ok(t.api('POST', '/admin/ci/variables', { json: { key: 'EV_VAR', value } }), 201);
        await ok(t.api('PUT', '/admin/ci/variables/EV_VAR', { json: { value: newValue } }));
        await ok(t.api('DELETE', '/admin/ci/variables/EV_VAR'), 204);
        await ok(
          t.api('PUT', '/application/plan_limits', { json: { plan_name: 'default', npm_max_file_size: 7 } }),
        );
      });
      expect(events.map((e) => e.event_name)).toEqual([
        'cluster_created',
        'cluster_updated',
        'cluster_deleted',
        'ci_instance_variable_created',
        'ci_instance_variable_updated',
        'ci_instance_variable_deleted',
        'plan_limits_updated',
      ]);
      for (const e of events) {
        expect(e).toMatchObject({ entity_type: 'Gitlab::Audit::InstanceScope', entity_id: 1 });
        expect(JSON.stringify(e)).not.toMatch(/kube-token|variable-value/);
      }
      const scoped = await ok(
        t.api<EventJson[]>('GET', '/audit_events?entity_type=Gitlab::Audit::InstanceScope&per_page=100'),
      );
      expect(scoped.map((e) => e.id).slice(0, events.length)).toEqual(events.map((e) => e.id).reverse());
    });
  });

  describe('filters and errors of GET /audit_events', () => {
    it('filters by entity type alone, newest first', async () => {
      const groups = await ok(t.api<EventJson[]>('GET', '/audit_events?entity_type=Group&per_page=100'));
      expect(groups.length).toBeGreaterThan(0);
      expect(groups.every((e) => e.entity_type === 'Group')).toBe(true);
      expect(groups.map((e) => e.id)).toEqual([...groups.map((e) => e.id)].sort((a, b) => b - a));
    });

    it('takes created_after and created_before as inclusive bounds to the second', async () => {
      const [newest] = await ok(t.api<EventJson[]>('GET', '/audit_events?per_page=1'));
      const at = new Date(newest!.created_at);
      const second = `${newest!.created_at.slice(0, 19)}Z`;
      const nextSecond = `${new Date(Math.floor(at.getTime() / 1000) * 1000 + 1000).toISOString().slice(0, 19)}Z`;
      const ids = async (q: string) =>
        (await ok(t.api<EventJson[]>('GET', `/audit_events?per_page=100&${q}`))).map((e) => e.id);
      expect(await ids(`created_after=${second}`)).toContain(newest!.id);
      expect(await ids(`created_after=${nextSecond}`)).toEqual([]);
      expect(await ids(`created_before=${nextSecond}&created_after=${second}`)).toContain(newest!.id);
      expect(await ids('created_before=2000-01-01T00:00:00Z')).toEqual([]);
      const windowed = await ids(`created_after=2000-01-01T00:00:00Z&created_before=${nextSecond}`);
      expect(windowed[0]).toBe(newest!.id);
      // Windows combine with entity filters and with group and project lists.
      expect(await ids(`created_after=${nextSecond}&entity_type=User`)).toEqual([]);
    });

    it.each([
      '2024-01-01',
      '2024-01-01T00:00:00',
      '2024-01-01T00:00:00.000Z',
      '2024-01-01T00:00:00+01:00',
      '2024-01-01 00:00:00Z',
      '2024-13-01T00:00:00Z',
      '2024-02-30T00:00:00Z',
      '2024-01-01T24:00:00Z',
      'yesterday',
    ])('refuses the time %s in any other form than YYYY-MM-DDTHH:MM:SSZ', async (value) => {
      for (const name of ['created_after', 'created_before']) {
        const res = await t.api('GET', `/audit_events?${name}=${encodeURIComponent(value)}`);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: `${name} is invalid` });
      }
    });

    it('refuses entity filters in Grape words', async () => {
      const cases: [string, string][] = [
        ['entity_type=Namespace', 'entity_type does not have a valid value'],
        ['entity_type=user', 'entity_type does not have a valid value'],
        ['entity_id=1', 'entity_type is missing'],
        ['entity_type=User&entity_id=abc', 'entity_id is invalid'],
        ['entity_id=abc', 'entity_id is invalid, entity_type is missing'],
        [
          'entity_type=Nope&created_after=bad',
          'entity_type does not have a valid value, created_after is invalid',
        ],
      ];
      for (const [q, error] of cases) {
        const res = await t.api('GET', `/audit_events?${q}`);
        expect(res.status, q).toBe(400);
        expect(res.body).toEqual({ error });
      }
    });

    it('pages with offset headers by default', async () => {
      const all = (await walk('/audit_events?pagination=keyset&per_page=100')).events;
      const res = await t.api<EventJson[]>('GET', '/audit_events?per_page=3&page=2');
      expect(res.status).toBe(200);
      expect(res.body.map((e) => e.id)).toEqual(all.slice(3, 6).map((e) => e.id));
      expect(res.headers.get('x-total')).toBe(String(all.length));
      expect(res.headers.get('x-total-pages')).toBe(String(Math.ceil(all.length / 3)));
      expect(res.headers.get('x-page')).toBe('2');
      expect(res.headers.get('x-per-page')).toBe('3');
      expect(res.headers.get('x-next-page')).toBe('3');
      expect(res.headers.get('x-prev-page')).toBe('1');
      expect(res.headers.get('link')).toContain('rel="last"');
      expect(validateList(res.body), JSON.stringify(validateList.errors)).toBe(true);
    });

    it('refuses keyset orders it cannot walk and bad cursors', async () => {
      for (const q of ['order_by=created_at', 'sort=random']) {
        const res = await t.api('GET', `/audit_events?pagination=keyset&${q}`);
        expect(res.status, q).toBe(405);
        expect(res.body).toEqual({
          message: 'Keyset pagination is not yet available for this type of request',
        });
      }
      const bad = await t.api('GET', '/audit_events?pagination=keyset&cursor=not-a-cursor');
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'cursor is invalid' });
    });

    it('reads one event; 404 for an unknown id, 400 for a non-integer', async () => {
      const [newest] = await ok(t.api<EventJson[]>('GET', '/audit_events?per_page=1'));
      const one = await t.api<EventJson>('GET', `/audit_events/${newest!.id}`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual(newest);
      expect(validateOne(one.body), JSON.stringify(validateOne.errors)).toBe(true);
      const missing = await t.api('GET', '/audit_events/999999');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: '404 Audit Event Not Found' });
      const bad = await t.api('GET', '/audit_events/abc');
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'id is invalid' });
    });

    it('is for administrators only: 401 anonymous, 403 others, before any parameter error', async () => {
      const user = await createUser();
      const admin = await createUser({ admin: true });
      const reader = await createUser({ admin: true, scopes: ['read_api'] });
      for (const path of ['/audit_events', '/audit_events/1', '/audit_events?entity_id=x']) {
        const anon = await t.api('GET', path, { token: null });
        expect(anon.status).toBe(401);
        expect(anon.body).toEqual({ message: '401 Unauthorized' });
        const other = await t.api('GET', path, { token: user.token });
        expect(other.status).toBe(403);
        expect(other.body).toEqual({ message: '403 Forbidden' });
      }
      expect((await t.api('GET', '/audit_events', { token: admin.token })).status).toBe(200);
      expect((await t.api('GET', '/audit_events/1', { token: reader.token })).status).toBe(200);
    });

    it('has no route that changes or deletes an event', async () => {
      const [newest] = await ok(t.api<EventJson[]>('GET', '/audit_events?per_page=1'));
      const group = await ok(
        t.api<{ id: number }>('POST', '/groups', { json: { name: 'Ro', path: 'ro-group' } }),
        201,
      );
      const paths = [
        `/audit_events/${newest!.id}`,
        '/audit_events',
        `/groups/${group.id}/audit_events/${newest!.id}`,
        `/projects/1/audit_events/${newest!.id}`,
      ];
      for (const path of paths) {
        for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
          const res = await t.api(method, path, { json: { details: {} } });
          expect([404, 405], `${method} ${path}`).toContain(res.status);
        }
      }
      expect(await ok(t.api<EventJson>('GET', `/audit_events/${newest!.id}`))).toEqual(newest);
    });
  });

  describe('role rules of group and project events', () => {
    let owner: User;
    let maintainer: User;
    let developer: User;
    let guest: User;
    let stranger: User;
    let groupId = 0;
    let projectId = 0;
    let publicGroupId = 0;
    let otherGroupEventId = 0;
    let otherProjectEventId = 0;

    beforeAll(async () => {
      [owner, maintainer, developer, guest, stranger] = [
        await createUser(),
        await createUser(),
        await createUser(),
        await createUser(),
        await createUser(),
      ];
      const extra1 = await createUser();
      const extra2 = await createUser();
      groupId = (
        await ok(
          t.api<{ id: number }>('POST', '/groups', {
            json: { name: 'Roles', path: 'roles', visibility: 'private' },
          }),
          201,
        )
      ).id;
      projectId = (
        await ok(
          t.api<{ id: number }>('POST', '/projects', { json: { name: 'Roles P', namespace_id: groupId } }),
          201,
        )
      ).id;
      const members = `/groups/${groupId}/members`;
      for (const [u, level] of [
        [owner, 50],
        [maintainer, 40],
        [developer, 40],
        [guest, 10],
      ] as const) {
        await ok(t.api('POST', members, { json: { user_id: u.id, access_level: level } }), 201);
      }
      // Events authored by the maintainer and (while a maintainer) the developer, in the group and the project.
      await ok(
        t.api('POST', members, { token: maintainer.token, json: { user_id: extra1.id, access_level: 20 } }),
        201,
      );
      await ok(
        t.api('POST', `/projects/${projectId}/members`, {
          token: maintainer.token,
          json: { user_id: extra1.id, access_level: 20 },
        }),
        201,
      );
      await ok(
        t.api('POST', members, { token: developer.token, json: { user_id: extra2.id, access_level: 20 } }),
        201,
      );
      await ok(
        t.api('POST', `/projects/${projectId}/members`, {
          token: developer.token,
          json: { user_id: extra2.id, access_level: 20 },
        }),
        201,
      );
      await ok(t.api('PUT', `${members}/${developer.id}`, { json: { access_level: 30 } }));
      await ok(
        t.api('PUT', `/projects/${projectId}`, { token: owner.token, json: { description: 'owned' } }),
      );

      publicGroupId = (
        await ok(
          t.api<{ id: number }>('POST', '/groups', {
            json: { name: 'Open', path: 'open', visibility: 'public' },
          }),
          201,
        )
      ).id;
      const [g] = await ok(t.api<EventJson[]>('GET', `/groups/${publicGroupId}/audit_events`));
      otherGroupEventId = g!.id;
      const other = await ok(t.api<{ id: number }>('POST', '/projects', { json: { name: 'Other P' } }), 201);
      const [p] = await ok(t.api<EventJson[]>('GET', `/projects/${other.id}/audit_events`));
      otherProjectEventId = p!.id;
    });

    async function allOf(entityType: string, entityId: number): Promise<EventJson[]> {
      return ok(
        t.api<EventJson[]>(
          'GET',
          `/audit_events?entity_type=${entityType}&entity_id=${entityId}&per_page=100`,
        ),
      );
    }

    it('group list: Owners and administrators all, Developers and Maintainers their own, others 403/404', async () => {
      const all = await allOf('Group', groupId);
      expect(all.length).toBeGreaterThanOrEqual(8);
      const path = `/groups/${groupId}/audit_events?per_page=100`;
      const list = async (token: string | null) => t.api<EventJson[]>('GET', path, { token });
      expect((await list(t.rootToken)).body).toEqual(all);
      expect((await list(owner.token)).body).toEqual(all);
      for (const u of [maintainer, developer]) {
        const own = (await list(u.token)).body;
        expect(own.length).toBeGreaterThan(0);
        expect(own).toEqual(all.filter((e) => e.author_id === u.id));
      }
      expect((await list(guest.token)).status).toBe(403);
      expect((await list(stranger.token)).status).toBe(404);
      expect((await list(null)).status).toBe(404);
      expect((await list(stranger.token)).body).toEqual({ message: '404 Group Not Found' });
      // A group they can see but hold no role in: 403.
      for (const token of [stranger.token, null]) {
        const res = await t.api('GET', `/groups/${publicGroupId}/audit_events`, { token });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: '403 Forbidden' });
      }
      // Refusals come before parameter errors.
      expect(
        (await t.api('GET', `/groups/${groupId}/audit_events?created_after=x`, { token: guest.token }))
          .status,
      ).toBe(403);
      expect((await t.api('GET', `/groups/${groupId}/audit_events?created_after=x`)).body).toEqual({
        error: 'created_after is invalid',
      });
      // By full path too.
      expect((await t.api<EventJson[]>('GET', '/groups/roles/audit_events?per_page=100')).body).toEqual(all);
    });

    it('group single: Owners and administrators only; other groups’ events are 404', async () => {
      const [event] = await allOf('Group', groupId);
      const one = (token: string | null, id = event!.id) =>
        t.api<EventJson>('GET', `/groups/${groupId}/audit_events/${id}`, { token });
      for (const token of [t.rootToken, owner.token]) {
        const res = await one(token);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(event);
        expect(validateOne(res.body), JSON.stringify(validateOne.errors)).toBe(true);
      }
      for (const u of [maintainer, developer, guest]) expect((await one(u.token)).status).toBe(403);
      expect((await one(stranger.token)).status).toBe(404);
      expect((await one(null)).status).toBe(404);
      const elsewhere = await one(owner.token, otherGroupEventId);
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body).toEqual({ message: '404 Audit Event Not Found' });
      expect((await one(t.rootToken, otherProjectEventId)).status).toBe(404);
      expect((await one(owner.token, 999999)).status).toBe(404);
      expect((await t.api('GET', `/groups/${groupId}/audit_events/x`)).body).toEqual({
        error: 'audit_event_id is invalid',
      });
    });

    it('project list: Maintainers and above all, Developers their own, others 403/404', async () => {
      const all = await allOf('Project', projectId);
      expect(all.length).toBeGreaterThanOrEqual(4);
      const list = async (token: string | null) =>
        t.api<EventJson[]>('GET', `/projects/${projectId}/audit_events?per_page=100`, { token });
      for (const token of [t.rootToken, owner.token, maintainer.token])
        expect((await list(token)).body).toEqual(all);
      const own = (await list(developer.token)).body;
      expect(own.length).toBe(1);
      expect(own).toEqual(all.filter((e) => e.author_id === developer.id));
      expect((await list(guest.token)).status).toBe(403);
      expect((await list(stranger.token)).status).toBe(404);
      expect((await list(null)).status).toBe(404);
      expect((await list(null)).body).toEqual({ message: '404 Project Not Found' });
      const badTime = `/projects/${projectId}/audit_events?created_before=2024-01-01`;
      expect((await t.api('GET', badTime, { token: guest.token })).status).toBe(403);
      expect((await t.api('GET', badTime, { token: developer.token })).body).toEqual({
        error: 'created_before is invalid',
      });
      expect(
        (
          await t.api<EventJson[]>(
            'GET',
            `/projects/${encodeURIComponent('roles/roles-p')}/audit_events?per_page=100`,
          )
        ).body,
      ).toEqual(all);
    });

    it('project single: Maintainers, Owners and administrators only', async () => {
      const mine = (await allOf('Project', projectId)).find((e) => e.author_id === developer.id)!;
      const one = (token: string | null, id = mine.id) =>
        t.api<EventJson>('GET', `/projects/${projectId}/audit_events/${id}`, { token });
      for (const token of [t.rootToken, owner.token, maintainer.token]) {
        const res = await one(token);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(mine);
        expect(validateOne(res.body), JSON.stringify(validateOne.errors)).toBe(true);
      }
      // Developers may list their own events but not read one by id.
      for (const u of [developer, guest]) expect((await one(u.token)).status).toBe(403);
      expect((await one(stranger.token)).status).toBe(404);
      expect((await one(null)).status).toBe(404);
      expect((await one(owner.token, otherProjectEventId)).status).toBe(404);
      expect((await one(owner.token, otherGroupEventId)).status).toBe(404);
    });

    it('walks group and project lists by keyset with the same rules', async () => {
      const allGroup = await allOf('Group', groupId);
      const walked = await walk(`/groups/${groupId}/audit_events?pagination=keyset&per_page=3`, {
        token: owner.token,
      });
      expect(walked.events).toEqual(allGroup);
      expect(walked.pages).toBe(Math.ceil(allGroup.length / 3));
      const own = await walk(`/projects/${projectId}/audit_events?pagination=keyset&per_page=1`, {
        token: developer.token,
      });
      expect(own.events.map((e) => e.author_id)).toEqual([developer.id]);
      expect(own.pages).toBe(1);
    });

    it('group and project keyset lists refuse a bad cursor as the instance list does', async () => {
      for (const path of [`/groups/${groupId}/audit_events`, `/projects/${projectId}/audit_events`]) {
        const bad = await t.api('GET', `${path}?pagination=keyset&cursor=not-a-cursor`, {
          token: owner.token,
        });
        expect(bad.status, path).toBe(400);
        expect(bad.body).toEqual({ error: 'cursor is invalid' });
        // A refused caller is refused before the cursor is read.
        const refused = await t.api('GET', `${path}?pagination=keyset&cursor=not-a-cursor`, {
          token: guest.token,
        });
        expect(refused.status, path).toBe(403);
      }
    });
  });

  describe('keyset walks', () => {
    let filler = 0;
    /** Record one new event (a user created). */
    async function addEvent(): Promise<void> {
      filler += 1;
      await ok(
        t.api('POST', '/users', {
          json: {
            username: `filler${filler}`,
            name: `Filler ${filler}`,
            email: `filler${filler}@example.com`,
            force_random_password: true,
          },
        }),
        201,
      );
    }

    it('newest first: every event that existed at the start exactly once, while new ones arrive', async () => {
      const startMax = await lastId();
      const { events, pages } = await walk('/audit_events?pagination=keyset&per_page=7', {
        between: async (page) => {
          if (page <= 4) {
            await addEvent();
            await addEvent();
          }
        },
      });
      const ids = events.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(Array.from({ length: startMax }, (_, i) => startMax - i));
      expect(pages).toBe(Math.ceil(startMax / 7));
      expect(await lastId()).toBe(startMax + 8);
    });

    it('newest first with inserts in flight during each page request: no duplicate, no gap', async () => {
      const startMax = await lastId();
      const ids: number[] = [];
      let next: string | null = '/audit_events?pagination=keyset&order_by=id&sort=desc&per_page=5';
      let inserted = 0;
      while (next) {
        // The page request and two inserts race on the same core (SQLite serializes them in any order).
        const [res] = await Promise.all([t.api<EventJson[]>('GET', next), addEvent(), addEvent()]);
        inserted += 2;
        expect(res.status, res.text).toBe(200);
        expect(res.headers.get('x-total')).toBeNull();
        ids.push(...res.body.map((e) => e.id));
        const link = nextLink(res);
        next = link ? apiPath(link) : null;
      }
      const endMax = await lastId();
      expect(endMax).toBe(startMax + inserted);
      expect(new Set(ids).size).toBe(ids.length);
      // Descending ids without a gap from where the walk began (or a newer event raced in first) to 1.
      const top = ids[0]!;
      expect(top).toBeGreaterThanOrEqual(startMax);
      expect(ids).toEqual(Array.from({ length: top }, (_, i) => top - i));
    });

    it('oldest first: every event exactly once, including those added during the walk', async () => {
      let added = 0;
      const { events } = await walk('/audit_events?pagination=keyset&order_by=id&sort=asc&per_page=9', {
        between: async (page) => {
          if (page <= 5) {
            await addEvent();
            added += 1;
          }
        },
      });
      const endMax = await lastId();
      const ids = events.map((e) => e.id);
      expect(added).toBe(5);
      expect(ids).toEqual(Array.from({ length: endMax }, (_, i) => i + 1));
    });

    it('sends Link rel="next" only while more events exist, keeping the filters', async () => {
      const users = await ok(t.api<EventJson[]>('GET', '/audit_events?entity_type=User&per_page=100'));
      const n = Math.min(users.length, 10);
      // Exactly one full page of a filtered list: no next link, no empty extra page.
      const onePage = await t.api<EventJson[]>(
        'GET',
        `/audit_events?pagination=keyset&entity_type=User&created_before=2100-01-01T00:00:00Z&per_page=${users.length}`,
      );
      expect(onePage.body).toHaveLength(users.length);
      expect(onePage.headers.get('link')).toBeNull();
      const first = await t.api<EventJson[]>(
        'GET',
        `/audit_events?pagination=keyset&entity_type=User&per_page=${n - 1}`,
      );
      const link = nextLink(first)!;
      const url = new URL(link);
      expect(url.searchParams.get('entity_type')).toBe('User');
      expect(url.searchParams.get('pagination')).toBe('keyset');
      expect(url.searchParams.get('per_page')).toBe(String(n - 1));
      expect(JSON.parse(Buffer.from(url.searchParams.get('cursor')!, 'base64').toString())).toEqual({
        id: String(first.body[n - 2]!.id),
        _kd: 'n',
      });
      expect(first.headers.get('link')).toBe(`<${link}>; rel="next"`);
      expect(first.headers.get('x-next-page')).toBeNull();
    });
  });

  it('every event is valid against GitLab’s schema and holds no secret', async () => {
    const { events } = await walk('/audit_events?pagination=keyset&per_page=100');
    expect(events.length).toBeGreaterThan(50);
    expect(validateList(events), JSON.stringify(validateList.errors)).toBe(true);
    const text = JSON.stringify(events);
    expect(text).not.toMatch(/glpat-/);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain('pw-secret-123');
    const types = new Set(events.map((e) => e.entity_type));
    expect([...types].sort()).toEqual(['Gitlab::Audit::InstanceScope', 'Group', 'Project', 'User']);
  });
});
