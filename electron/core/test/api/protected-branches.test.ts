/**
 * Protected branches API over real HTTP (doc/api/protected_branches.md; spec "Protected branches"):
 * list/search, single by name or wildcard, protect with access levels and premium entries (bracket
 * notation and JSON), unprotect, PATCH, Maintainer-only access, and the audit events each change writes
 * (read through a read-only connection to the core's SQLite file).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCoreDatabase } from '../helpers/disk.js';
import { addProjectMember, importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { unprotectNewDefaultBranches } from '../helpers/default-branch-protection.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface Entry {
  id: number;
  access_level: number | null;
  access_level_description: string | null;
  user_id: number | null;
  group_id: number | null;
}

interface ProtectedBranchJson {
  id: number;
  name: string;
  push_access_levels: Entry[];
  merge_access_levels: Entry[];
  unprotect_access_levels: Entry[];
  allow_force_push: boolean;
  code_owner_approval_required: boolean;
}

interface AuditRow {
  entity_id: number;
  entity_type: string;
  details: string;
}

type User = { id: number; username: string; token: string };

const role = (level: number, description: string) => ({
  id: expect.any(Number),
  access_level: level,
  access_level_description: description,
  user_id: null,
  group_id: null,
});

describe('protected branches API', () => {
  let t: TestCore;
  let p: ImportedProject;
  let g: ImportedProject;
  let groupId: number;
  let dev: User;
  let maint: User;
  let outsider: User;
  const base = () => `/projects/${p.id}/protected_branches`;

  function lastAuditId(): number {
    const db = openCoreDatabase(t.dataDir);
    try {
      return (db.prepare('SELECT coalesce(max(id), 0) AS id FROM audit_events').get() as { id: number }).id;
    } finally {
      db.close();
    }
  }

  /** Run `action` and return the audit event details it wrote. */
  async function audited(
    action: () => Promise<unknown>,
  ): Promise<(AuditRow & { d: Record<string, unknown> })[]> {
    const before = lastAuditId();
    await action();
    const db = openCoreDatabase(t.dataDir);
    try {
      const rows = db
        .prepare('SELECT * FROM audit_events WHERE id > ? ORDER BY id')
        .all(before) as AuditRow[];
      return rows.map((r) => ({ ...r, d: JSON.parse(r.details) as Record<string, unknown> }));
    } finally {
      db.close();
    }
  }

  async function protect(body: Record<string, unknown>, token?: string) {
    return t.api<ProtectedBranchJson & { message?: unknown; error?: string }>('POST', base(), {
      json: body,
      token,
    });
  }

  beforeAll(async () => {
    t = await startTestCore();
    // These tests set their own protection rules on the default branch (see helpers/default-branch-protection.ts).
    await unprotectNewDefaultBranches(t);
    [dev, maint, outsider] = await Promise.all([
      createUserWithToken(t, { username: 'devon' }),
      createUserWithToken(t, { username: 'maia' }),
      createUserWithToken(t),
    ]);
    p = await importFixtureProject(t, 'Guarded');
    await addProjectMember(t, p.id, dev.id, 30);
    await addProjectMember(t, p.id, maint.id, 40);
    const group = await t.api<{ id: number }>('POST', '/groups', {
      json: { name: 'Platform', path: 'platform', visibility: 'public' },
    });
    expect(group.status).toBe(201);
    groupId = group.body.id;
    g = await importFixtureProject(t, 'Group Guarded', { namespace_id: groupId, visibility: 'public' });
  });
  afterAll(async () => t.close());

  describe('POST /projects/:id/protected_branches', () => {
    it('protects a branch with Maintainer defaults (201) and audits it', async () => {
      let res!: Awaited<ReturnType<typeof protect>>;
      const events = await audited(async () => {
        res = await protect({ name: 'trunk' }, maint.token);
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        name: 'trunk',
        push_access_levels: [role(40, 'Maintainers')],
        merge_access_levels: [role(40, 'Maintainers')],
        allow_force_push: false,
        unprotect_access_levels: [role(40, 'Maintainers')],
        code_owner_approval_required: false,
      });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ entity_type: 'Project', entity_id: p.id });
      expect(events[0]!.d).toMatchObject({
        add: 'protected_branch',
        event_name: 'protected_branch_created',
        author_name: `User maia`,
        target_id: res.body.id,
        target_type: 'ProtectedBranch',
        target_details: 'trunk',
        entity_path: p.pathWithNamespace,
        push_access_levels: 'Maintainers',
        merge_access_levels: 'Maintainers',
        allow_force_push: false,
      });
    });

    it('takes each access level (0, 30, 60) and the flags', async () => {
      const res = await protect({
        name: 'release/*',
        push_access_level: 0,
        merge_access_level: '30',
        unprotect_access_level: 60,
        allow_force_push: true,
        code_owner_approval_required: true,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'release/*',
        push_access_levels: [role(0, 'No one')],
        merge_access_levels: [role(30, 'Developers + Maintainers')],
        unprotect_access_levels: [role(60, 'Admins')],
        allow_force_push: true,
        code_owner_approval_required: true,
      });
    });

    it('answers 409 when the name is already protected', async () => {
      const res = await protect({ name: 'trunk' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: "Protected branch 'trunk' already exists" });
    });

    it.each([
      [{ push_access_level: 20 }, 'push_access_level does not have a valid value'],
      [{ merge_access_level: 50 }, 'merge_access_level does not have a valid value'],
      [{ unprotect_access_level: 'x' }, 'unprotect_access_level is invalid'],
      [
        { allowed_to_push: [{ access_level: 10 }] },
        'allowed_to_push[0][access_level] does not have a valid value',
      ],
    ])('refuses %j with 400', async (extra, error) => {
      const res = await protect({ name: 'bad-levels', ...extra });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error });
    });

    it('requires a name', async () => {
      const res = await t.api('POST', base(), { json: {} });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'name is missing' });
    });

    it('takes names up to 255 characters (counted as characters) and refuses longer ones with 422, writing nothing', async () => {
      const longest = `release/${'x'.repeat(247)}`;
      const ok = await protect({ name: longest });
      expect(ok.status).toBe(201);
      expect(ok.body.name).toBe(longest);
      const emoji = '🚀'.repeat(255); // 255 characters, 510 UTF-16 units
      expect((await protect({ name: emoji })).status).toBe(201);

      const before = lastAuditId();
      const tooLong = `${longest}y`;
      const res = await protect({ name: tooLong });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: ['Name is too long (maximum is 255 characters)'] });
      expect((await protect({ name: `${emoji}🚀` })).status).toBe(422);
      expect(lastAuditId()).toBe(before);
      const list = await t.api<ProtectedBranchJson[]>('GET', `${base()}?per_page=100`);
      expect(list.body.map((r) => r.name)).not.toContain(tooLong);
      expect((await t.api('GET', `${base()}/${encodeURIComponent(tooLong)}`)).status).toBe(404);
      for (const name of [longest, emoji])
        expect((await t.api('DELETE', `${base()}/${encodeURIComponent(name)}`)).status).toBe(204);
    });

    it('takes allowed_to_* entries in bracket notation, without a role entry when no level is given', async () => {
      const res = await t.api<ProtectedBranchJson>('POST', base(), {
        form: [
          ['name', 'users-only'],
          ['allowed_to_push[][user_id]', String(dev.id)],
          ['allowed_to_push[][user_id]', String(maint.id)],
          ['allowed_to_merge[][access_level]', '30'],
          ['merge_access_level', '40'],
        ],
      });
      expect(res.status).toBe(201);
      expect(res.body.push_access_levels).toEqual([
        {
          id: expect.any(Number),
          access_level: 40,
          access_level_description: 'User devon',
          user_id: dev.id,
          group_id: null,
        },
        {
          id: expect.any(Number),
          access_level: 40,
          access_level_description: 'User maia',
          user_id: maint.id,
          group_id: null,
        },
      ]);
      expect(res.body.merge_access_levels).toEqual([
        role(40, 'Maintainers'),
        role(30, 'Developers + Maintainers'),
      ]);
      expect(res.body.unprotect_access_levels).toEqual([role(40, 'Maintainers')]);
    });

    it('refuses users who are not members and groups without access (422)', async () => {
      const res = await protect({
        name: 'strict',
        allowed_to_push: [{ user_id: outsider.id }],
        allowed_to_merge: [{ group_id: groupId }],
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        message: [
          'Push access levels user is not a member of the project',
          'Merge access levels group does not have access to the project',
        ],
      });
      expect((await t.api('GET', `${base()}/strict`)).status).toBe(404);
    });

    it("accepts the project's own group as an entry", async () => {
      const res = await t.api<ProtectedBranchJson>('POST', `/projects/${g.id}/protected_branches`, {
        json: { name: 'trunk', allowed_to_merge: [{ group_id: groupId }] },
      });
      expect(res.status).toBe(201);
      expect(res.body.merge_access_levels).toEqual([
        {
          id: expect.any(Number),
          access_level: 40,
          access_level_description: 'Platform',
          user_id: null,
          group_id: groupId,
        },
      ]);
    });

    it('needs Maintainer: 403 for Developers, 404 for strangers of a private project, 401 without a token', async () => {
      expect((await protect({ name: 'dev-try' }, dev.token)).status).toBe(403);
      expect((await protect({ name: 'dev-try' }, outsider.token)).status).toBe(404);
      expect((await t.api('POST', base(), { token: null, json: { name: 'x' } })).status).toBe(401);
    });
  });

  describe('GET /projects/:id/protected_branches', () => {
    it('lists rules by name, with search and pagination', async () => {
      const res = await t.api<ProtectedBranchJson[]>('GET', base(), { token: maint.token });
      expect(res.status).toBe(200);
      expect(res.body.map((r) => r.name)).toEqual(['release/*', 'trunk', 'users-only']);
      expect(res.headers.get('x-total')).toBe('3');
      const found = await t.api<ProtectedBranchJson[]>('GET', `${base()}?search=RELEASE`);
      expect(found.body.map((r) => r.name)).toEqual(['release/*']);
      const page = await t.api<ProtectedBranchJson[]>('GET', `${base()}?per_page=1&page=3`);
      expect(page.body.map((r) => r.name)).toEqual(['users-only']);
    });

    it('needs Maintainer even to read (GitLab authorize_admin_project)', async () => {
      expect((await t.api('GET', base(), { token: dev.token })).status).toBe(403);
      expect((await t.api('GET', `/projects/${g.id}/protected_branches`, { token: null })).status).toBe(403);
      expect((await t.api('GET', base(), { token: null })).status).toBe(404);
    });
  });

  describe('GET /projects/:id/protected_branches/:name', () => {
    it('finds a rule by exact name or URL-encoded wildcard', async () => {
      const wildcard = await t.api<ProtectedBranchJson>('GET', `${base()}/release%2F%2A`);
      expect(wildcard.status).toBe(200);
      expect(wildcard.body.name).toBe('release/*');
      expect((await t.api<ProtectedBranchJson>('GET', `${base()}/trunk`)).body.name).toBe('trunk');
    });

    it('answers 404 Not found for an unknown name (a branch the wildcard matches is not a rule)', async () => {
      for (const name of ['nope', 'release%2F1.0']) {
        const res = await t.api('GET', `${base()}/${name}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: '404 Not found' });
      }
    });

    it('shows wildcard protection on matching branches', async () => {
      expect(
        (
          await t.api('POST', `/projects/${p.id}/repository/branches`, {
            json: { branch: 'release/1.0', ref: 'trunk' },
          })
        ).status,
      ).toBe(201);
      const branch = await t.api<{ protected: boolean }>(
        'GET',
        `/projects/${p.id}/repository/branches/release%2F1.0`,
      );
      expect(branch.body.protected).toBe(true);
    });
  });

  describe('PATCH /projects/:id/protected_branches/:name', () => {
    it('changes allow_force_push and code_owner_approval_required, one audit event each', async () => {
      let res!: Awaited<ReturnType<typeof t.api<ProtectedBranchJson>>>;
      const events = await audited(async () => {
        res = await t.api<ProtectedBranchJson>('PATCH', `${base()}/trunk`, {
          token: maint.token,
          json: { allow_force_push: true, code_owner_approval_required: true },
        });
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        name: 'trunk',
        allow_force_push: true,
        code_owner_approval_required: true,
      });
      expect(events.map((e) => e.d)).toEqual([
        expect.objectContaining({
          change: 'allow_force_push',
          from: false,
          to: true,
          event_name: 'protected_branch_allow_force_push_updated',
          target_type: 'ProtectedBranch',
          target_details: 'trunk',
        }),
        expect.objectContaining({ change: 'code_owner_approval_required', from: false, to: true }),
      ]);
      const again = await audited(() =>
        t.api('PATCH', `${base()}/trunk`, { json: { allow_force_push: true } }),
      );
      expect(again).toEqual([]);
    });

    it('adds, updates and destroys allowed_to_* entries by id', async () => {
      const before = (await t.api<ProtectedBranchJson>('GET', `${base()}/trunk`)).body;
      const pushId = before.push_access_levels[0]!.id;
      const mergeId = before.merge_access_levels[0]!.id;
      let res!: Awaited<ReturnType<typeof t.api<ProtectedBranchJson>>>;
      const events = await audited(async () => {
        res = await t.api<ProtectedBranchJson>('PATCH', `${base()}/trunk`, {
          json: {
            allowed_to_push: [{ user_id: dev.id }, { id: pushId, _destroy: true }],
            allowed_to_merge: [{ id: mergeId, access_level: 30 }],
          },
        });
      });
      expect(res.status).toBe(200);
      expect(res.body.push_access_levels).toEqual([
        {
          id: expect.any(Number),
          access_level: 40,
          access_level_description: 'User devon',
          user_id: dev.id,
          group_id: null,
        },
      ]);
      expect(res.body.merge_access_levels).toEqual([
        {
          id: mergeId,
          access_level: 30,
          access_level_description: 'Developers + Maintainers',
          user_id: null,
          group_id: null,
        },
      ]);
      expect(events.map((e) => [e.d.change, e.d.from, e.d.to])).toEqual([
        ['push_access_levels', 'Maintainers', 'User devon'],
        ['merge_access_levels', 'Maintainers', 'Developers + Maintainers'],
      ]);
      // The named user now may push; other Developers may not.
      const asDev = await t.api<{ can_push: boolean }>('GET', `/projects/${p.id}/repository/branches/trunk`, {
        token: dev.token,
      });
      expect(asDev.body.can_push).toBe(true);
      const asMaint = await t.api<{ can_push: boolean }>(
        'GET',
        `/projects/${p.id}/repository/branches/trunk`,
        {
          token: maint.token,
        },
      );
      expect(asMaint.body.can_push).toBe(false);
    });

    it('takes entries in bracket notation', async () => {
      const res = await t.api<ProtectedBranchJson>('PATCH', `${base()}/users-only`, {
        form: [
          ['allowed_to_push[][access_level]', '30'],
          ['allowed_to_unprotect[][access_level]', '60'],
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.push_access_levels.map((e) => e.access_level_description)).toEqual([
        'User devon',
        'User maia',
        'Developers + Maintainers',
      ]);
      expect(res.body.unprotect_access_levels.map((e) => e.access_level)).toEqual([40, 60]);
    });

    it('answers 404 for an unknown rule or an entry id of another rule, 422 for a non-member', async () => {
      expect((await t.api('PATCH', `${base()}/nope`, { json: { allow_force_push: true } })).status).toBe(404);
      const other = (await t.api<ProtectedBranchJson>('GET', `${base()}/release%2F%2A`)).body
        .push_access_levels[0]!.id;
      const res = await t.api('PATCH', `${base()}/trunk`, {
        json: { allowed_to_push: [{ id: other, _destroy: true }] },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: '404 Not found' });
      const bad = await t.api('PATCH', `${base()}/trunk`, {
        json: { allowed_to_merge: [{ user_id: outsider.id }] },
      });
      expect(bad.status).toBe(422);
      expect(bad.body).toEqual({ message: ['Merge access levels user is not a member of the project'] });
    });

    it('needs Maintainer', async () => {
      expect(
        (await t.api('PATCH', `${base()}/trunk`, { token: dev.token, json: { allow_force_push: false } }))
          .status,
      ).toBe(403);
    });
  });

  describe('DELETE /projects/:id/protected_branches/:name', () => {
    it('unprotects (204), audits, and the branch is no longer protected', async () => {
      const rule = (await t.api<ProtectedBranchJson>('GET', `${base()}/trunk`)).body;
      let status = 0;
      const events = await audited(async () => {
        status = (await t.api('DELETE', `${base()}/trunk`, { token: maint.token })).status;
      });
      expect(status).toBe(204);
      expect(events).toHaveLength(1);
      expect(events[0]!.d).toMatchObject({
        remove: 'protected_branch',
        event_name: 'protected_branch_removed',
        target_id: rule.id,
        target_details: 'trunk',
      });
      expect((await t.api('GET', `${base()}/trunk`)).status).toBe(404);
      const branch = await t.api<{ protected: boolean }>(
        'GET',
        `/projects/${p.id}/repository/branches/trunk`,
      );
      expect(branch.body.protected).toBe(false);
    });

    it('honours unprotect_access_levels: a rule only Admins may unprotect refuses a Maintainer', async () => {
      expect((await t.api('DELETE', `${base()}/release%2F%2A`, { token: maint.token })).status).toBe(403);
      expect((await t.api('DELETE', `${base()}/release%2F%2A`)).status).toBe(204);
    });

    it('answers 404 for an unknown name and 403 for a Developer', async () => {
      const res = await t.api('DELETE', `${base()}/nope`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: '404 Not found' });
      expect((await t.api('DELETE', `${base()}/users-only`, { token: dev.token })).status).toBe(403);
    });
  });
});
