/**
 * Schema v14 (issue 26) on a real SQLite database: release notes kept by a v13 database (the tag
 * release endpoints' rows) come through the rebuild of `releases` unchanged, named after their tag
 * (`name` NULL), released when they were created (GitLab's `set_released_at`), and the new columns and
 * `release_milestones` work (cascading with the release).
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from './migrate.js';
import { insertMilestone } from './milestones.js';
import { insertNamespace } from './namespaces.js';
import { insertProject } from './projects.js';
import { findReleaseMilestones, setReleaseMilestones } from './release-milestones.js';
import { deleteRelease, findRelease, insertRelease, listReleases } from './releases.js';
import { insertUser } from './users.js';

const AT = '2026-01-01T00:00:00.000Z';

describe('upgrading a v13 database to v14 (releases)', () => {
  it('keeps tag release notes as releases and adds the Releases API columns', () => {
    const db = new Database(':memory:');
    try {
      db.pragma('foreign_keys = ON');
      for (const m of MIGRATIONS.filter((x) => x.version <= 13)) db.exec(m.sql);
      db.pragma('user_version = 13');
      const userId = insertUser(db, {
        username: 'root',
        name: 'Root',
        email: 'root@example.test',
        password_digest: 'x',
        is_admin: 1,
        created_at: AT,
      });
      const ns = insertNamespace(db, {
        name: 'group',
        path: 'group',
        full_path: 'group',
        kind: 'group',
        parent_id: null,
        owner_id: null,
        description: '',
        visibility: 'private',
        created_at: AT,
      });
      const projectId = insertProject(db, {
        namespace_id: ns,
        name: 'app',
        path: 'app',
        description: null,
        visibility: 'private',
        default_branch: 'main',
        repository_storage: 'default',
        creator_id: userId,
        import_url: null,
        import_status: 'none',
        created_at: AT,
      });
      db.prepare(
        'INSERT INTO releases (project_id, tag_name, description, author_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(projectId, 'v1.0', '## Old notes', userId, AT, AT);

      migrate(db);
      expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(14);
      expect(findRelease(db, projectId, 'v1.0')).toEqual({
        id: 1,
        project_id: projectId,
        tag_name: 'v1.0',
        name: null,
        description: '## Old notes',
        sha: null,
        author_id: userId,
        released_at: AT,
        created_at: AT,
        updated_at: AT,
      });

      const id = insertRelease(db, {
        project_id: projectId,
        tag_name: 'v2.0',
        name: 'Two',
        description: null,
        sha: 'a'.repeat(40),
        author_id: userId,
        released_at: '2027-01-01T00:00:00.000Z',
        created_at: AT,
      });
      expect(listReleases(db, projectId, 'released_at', 'desc', 10, 0).map((r) => r.tag_name)).toEqual([
        'v2.0',
        'v1.0',
      ]);
      const milestone = insertMilestone(db, {
        project_id: projectId,
        group_id: null,
        iid: 1,
        title: 'M1',
        description: null,
        state: 'active',
        due_date: null,
        start_date: null,
        created_at: AT,
        updated_at: AT,
      });
      setReleaseMilestones(db, id, [milestone]);
      expect(
        findReleaseMilestones(db, [id])
          .get(id)
          ?.map((m) => m.title),
      ).toEqual(['M1']);
      deleteRelease(db, projectId, 'v2.0');
      expect(db.prepare('SELECT COUNT(*) AS n FROM release_milestones').get()).toEqual({ n: 0 });
      expect(() =>
        insertRelease(db, {
          project_id: projectId,
          tag_name: 'v1.0',
          name: null,
          description: null,
          sha: null,
          author_id: null,
          released_at: AT,
          created_at: AT,
        }),
      ).toThrow(/UNIQUE/);
    } finally {
      db.close();
    }
  });
});
