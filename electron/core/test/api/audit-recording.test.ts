/**
 * Audit events written by API calls, as stored: these tests read the `audit_events` table of the running
 * core's SQLite file through a separate read-only connection (audit-events.test.ts reads them through the API).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCoreDatabase } from '../helpers/disk.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface AuditRow {
  id: number;
  author_id: number;
  entity_id: number;
  entity_type: string;
  details: string;
  ip_address: string | null;
  created_at: string;
}

interface Details {
  author_name: string;
  target_id: number | string;
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

describe('audit events recorded by the API', () => {
  let t: TestCore;
  const secrets: string[] = [];

  /** All audit rows after `afterId`, with parsed details. */
  function eventsSince(afterId: number): (AuditRow & { d: Details })[] {
    const db = openCoreDatabase(t.dataDir);
    try {
      const rows = db
        .prepare('SELECT * FROM audit_events WHERE id > ? ORDER BY id')
        .all(afterId) as AuditRow[];
      return rows.map((r) => ({ ...r, d: JSON.parse(r.details) as Details }));
    } finally {
      db.close();
    }
  }

  function lastId(): number {
    const db = openCoreDatabase(t.dataDir);
    try {
      return (db.prepare('SELECT coalesce(max(id), 0) AS id FROM audit_events').get() as { id: number }).id;
    } finally {
      db.close();
    }
  }

  /** Run `action` and return the audit events it wrote. */
  async function recorded(action: () => Promise<unknown>): Promise<(AuditRow & { d: Details })[]> {
    const before = lastId();
    await action();
    return eventsSince(before);
  }

  function expectGitLabDetails(d: Details): void {
    expect(d).toEqual(
      expect.objectContaining({
        author_name: expect.any(String),
        target_id: expect.anything(),
        target_type: expect.any(String),
        target_details: expect.any(String),
        entity_path: expect.any(String),
      }),
    );
  }

  beforeAll(async () => {
    t = await startTestCore();
    secrets.push(t.rootToken);
  });
  afterAll(async () => t.close());

  it('records the first start: root created and its token', () => {
    const events = eventsSince(0);
    expect(events.map((e) => [e.entity_type, e.entity_id, e.d.event_name])).toEqual([
      ['User', 1, 'user_created'],
      ['User', 1, 'personal_access_token_created'],
    ]);
  });

  it('records a user created, authored by the administrator', async () => {
    let userId = 0;
    const events = await recorded(async () => {
      const res = await t.api<{ id: number }>('POST', '/users', {
        json: {
          username: 'audited',
          name: 'Audited User',
          email: 'audited@example.com',
          password: 'a-password-1',
        },
      });
      expect(res.status).toBe(201);
      userId = res.body.id;
    });
    expect(events).toHaveLength(1);
    const [e] = events;
    expect(e).toMatchObject({
      entity_type: 'User',
      entity_id: userId,
      author_id: 1,
      ip_address: '127.0.0.1',
    });
    expect(e!.d).toMatchObject({
      add: 'user',
      event_name: 'user_created',
      author_name: 'Administrator',
      target_id: userId,
      target_type: 'User',
      target_details: 'audited',
      entity_path: 'audited',
    });
    expect(e!.details).not.toContain('a-password-1');
  });

  it('records token creation and revocation without the token value', async () => {
    const user = await createUserWithToken(t, { username: 'tokened' });
    secrets.push(user.token);
    let tokenId = 0;
    const created = await recorded(async () => {
      const res = await t.api<{ id: number; token: string }>(
        'POST',
        `/users/${user.id}/personal_access_tokens`,
        {
          json: { name: 'deploy key', scopes: ['api'] },
        },
      );
      tokenId = res.body.id;
      secrets.push(res.body.token);
    });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ entity_type: 'User', entity_id: user.id });
    expect(created[0]!.d).toMatchObject({
      event_name: 'personal_access_token_created',
      target_id: tokenId,
      target_type: 'PersonalAccessToken',
      target_details: 'deploy key',
      entity_path: 'tokened',
    });
    expectGitLabDetails(created[0]!.d);

    const revoked = await recorded(async () => {
      expect(
        (await t.api('DELETE', `/personal_access_tokens/${tokenId}`, { token: user.token })).status,
      ).toBe(204);
    });
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({ entity_type: 'User', entity_id: user.id, author_id: user.id });
    expect(revoked[0]!.d).toMatchObject({
      event_name: 'personal_access_token_revoked',
      target_id: tokenId,
      target_type: 'PersonalAccessToken',
      author_name: 'User tokened',
    });
  });

  it('records a group created', async () => {
    let groupId = 0;
    const events = await recorded(async () => {
      const res = await t.api<{ id: number }>('POST', '/groups', {
        json: { name: 'Audit Group', path: 'audit-group' },
      });
      groupId = res.body.id;
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ entity_type: 'Group', entity_id: groupId });
    expect(events[0]!.d).toMatchObject({
      add: 'group',
      event_name: 'group_created',
      target_id: groupId,
      target_type: 'Group',
      target_details: 'audit-group',
      entity_path: 'audit-group',
    });
  });

  it('records a project created, changed and deleted', async () => {
    let projectId = 0;
    const created = await recorded(async () => {
      const res = await t.api<{ id: number }>('POST', '/projects', { json: { name: 'Audit Project' } });
      projectId = res.body.id;
    });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ entity_type: 'Project', entity_id: projectId });
    expect(created[0]!.d).toMatchObject({
      add: 'project',
      event_name: 'project_created',
      target_id: projectId,
      target_type: 'Project',
      target_details: 'root/audit-project',
      entity_path: 'root/audit-project',
    });

    const changed = await recorded(async () => {
      const res = await t.api('PUT', `/projects/${projectId}`, {
        json: { visibility: 'internal', description: 'described' },
      });
      expect(res.status).toBe(200);
    });
    expect(changed.map((e) => [e.entity_type, e.entity_id, e.d.change, e.d.from, e.d.to]).sort()).toEqual(
      [
        ['Project', projectId, 'description', null, 'described'],
        ['Project', projectId, 'visibility_level', 'private', 'internal'],
      ].sort(),
    );
    for (const e of changed) expectGitLabDetails(e.d);

    const archived = await recorded(async () => {
      await t.api('PUT', `/projects/${projectId}`, { json: { archived: true } });
    });
    expect(archived.map((e) => e.d.event_name)).toEqual(['project_archived']);

    const unchanged = await recorded(async () => {
      expect(
        (await t.api('PUT', `/projects/${projectId}`, { json: { description: 'described' } })).status,
      ).toBe(200);
    });
    expect(unchanged).toEqual([]);

    const deleted = await recorded(async () => {
      expect((await t.api('DELETE', `/projects/${projectId}`)).status).toBe(202);
    });
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({ entity_type: 'Project', entity_id: projectId });
    expect(deleted[0]!.d).toMatchObject({
      remove: 'project',
      event_name: 'project_destroyed',
      target_id: projectId,
    });
  });

  it('records members added, changed and removed on projects and groups', async () => {
    const member = await createUserWithToken(t, { username: 'joiner' });
    secrets.push(member.token);
    const project = await t.api<{ id: number }>('POST', '/projects', { json: { name: 'Member Audit' } });
    const group = await t.api<{ id: number }>('POST', '/groups', {
      json: { name: 'Member Audit', path: 'member-audit' },
    });
    for (const [kind, id, entityType, entityPath] of [
      ['projects', project.body.id, 'Project', 'root/member-audit'],
      ['groups', group.body.id, 'Group', 'member-audit'],
    ] as const) {
      const base = `/${kind}/${id}/members`;
      const added = await recorded(() =>
        t.api('POST', base, { json: { user_id: member.id, access_level: 30 } }),
      );
      const updated = await recorded(() =>
        t.api('PUT', `${base}/${member.id}`, { json: { access_level: 40 } }),
      );
      const removed = await recorded(() => t.api('DELETE', `${base}/${member.id}`));
      for (const events of [added, updated, removed]) {
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({ entity_type: entityType, entity_id: id });
        expect(events[0]!.d).toMatchObject({
          target_id: member.id,
          target_type: 'User',
          target_details: 'joiner',
          entity_path: entityPath,
          author_name: 'Administrator',
        });
      }
      expect(added[0]!.d).toMatchObject({
        add: 'user_access',
        as: 'Developer',
        event_name: 'member_created',
      });
      expect(updated[0]!.d).toMatchObject({
        change: 'access_level',
        from: 'Developer',
        to: 'Maintainer',
        event_name: 'member_updated',
      });
      expect(removed[0]!.d).toMatchObject({ remove: 'user_access', event_name: 'member_destroyed' });
    }
  });

  it('records nothing for refused or invalid requests', async () => {
    const user = await createUserWithToken(t);
    secrets.push(user.token);
    const events = await recorded(async () => {
      expect(
        (
          await t.api('POST', '/users', {
            token: user.token,
            json: { username: 'x', name: 'x', email: 'x@x.io', password: 'password1' },
          })
        ).status,
      ).toBe(403);
      expect(
        (await t.api('POST', '/groups', { json: { name: 'Audit Group', path: 'audit-group' } })).status,
      ).toBe(400);
      expect((await t.api('POST', '/projects', { json: { name: 'bad', path: 'bad path' } })).status).toBe(
        400,
      );
      expect(
        (await t.api('POST', '/users/1/personal_access_tokens', { json: { name: 'x', scopes: ['nope'] } }))
          .status,
      ).toBe(400);
    });
    expect(events).toEqual([]);
  });

  it('never stores a token value in any audit event', () => {
    const all = eventsSince(0);
    expect(all.length).toBeGreaterThan(15);
    for (const e of all) {
      expect(e.details).not.toMatch(/glpat-/);
      for (const secret of secrets) expect(e.details).not.toContain(secret);
      expectGitLabDetails(e.d);
    }
  });
});
