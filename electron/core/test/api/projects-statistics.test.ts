/**
 * `GET /projects` with `statistics=true` and the administrators' size orderings over real HTTP
 * (doc/api/projects.md "List all projects": `order_by` `repository_size`, `storage_size`,
 * `packages_size`, `wiki_size` "are only allowed for administrators"; lib/api/projects.rb
 * `verify_statistics_order_by_projects!` gives anyone else the default order, `created_at`). Sizes are
 * the repositories' bytes on disk (services/projects/project-statistics.ts).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface ProjectJson {
  id: number;
  name: string;
  statistics?: { repository_size: number; storage_size: number; wiki_size: number };
}

describe('project statistics and size orderings', () => {
  let t: TestCore;
  let user: { id: number; token: string };

  /** A project with one file of `bytes` random (incompressible) bytes, base64 in the commit. */
  async function projectWithFile(name: string, bytes: number): Promise<ProjectJson> {
    const created = await t.api<ProjectJson>('POST', '/projects', {
      json: { name, visibility: 'public', initialize_with_readme: true },
    });
    expect(created.status).toBe(201);
    if (bytes > 0) {
      const commit = await t.api('POST', `/projects/${created.body.id}/repository/files/blob.bin`, {
        json: {
          branch: 'main',
          content: randomBytes(bytes).toString('base64'),
          encoding: 'base64',
          commit_message: 'big file',
        },
      });
      expect(commit.status).toBe(201);
    }
    return created.body;
  }

  beforeAll(async () => {
    t = await startTestCore();
    user = await createUserWithToken(t, { username: 'stats-user' });
    await projectWithFile('medium', 60_000);
    await projectWithFile('small', 0);
    await projectWithFile('large', 300_000);
  });
  afterAll(async () => t.close());

  it('orders by repository_size for an administrator, biggest first, with the total and per-page cut', async () => {
    const desc = await t.api<ProjectJson[]>('GET', '/projects?order_by=repository_size&statistics=true');
    expect(desc.status).toBe(200);
    expect(desc.body.map((p) => p.name)).toEqual(['large', 'medium', 'small']);
    const sizes = desc.body.map((p) => p.statistics!.repository_size);
    expect(sizes[0]).toBeGreaterThan(300_000);
    expect(sizes[0]).toBeGreaterThan(sizes[1]!);
    expect(sizes[1]).toBeGreaterThan(sizes[2]!);
    expect(desc.body[0]!.statistics!.storage_size).toBeGreaterThanOrEqual(sizes[0]!);

    const asc = await t.api<ProjectJson[]>(
      'GET',
      '/projects?order_by=storage_size&sort=asc&per_page=2&page=2',
    );
    expect(asc.headers.get('x-total')).toBe('3');
    expect(asc.body.map((p) => p.name)).toEqual(['large']);
    expect(asc.body[0]!.statistics).toBeUndefined();
  });

  it('follows a commit that makes a small project the biggest', async () => {
    const small = (await t.api<ProjectJson[]>('GET', '/projects?search=small')).body[0]!;
    const commit = await t.api('POST', `/projects/${small.id}/repository/files/huge.bin`, {
      json: {
        branch: 'main',
        content: randomBytes(600_000).toString('base64'),
        encoding: 'base64',
        commit_message: 'huge',
      },
    });
    expect(commit.status).toBe(201);
    const desc = await t.api<ProjectJson[]>('GET', '/projects?order_by=repository_size');
    expect(desc.body.map((p) => p.name)).toEqual(['small', 'large', 'medium']);
  });

  it('gives everyone else the default order (created_at), and statistics only where they are Reporter+', async () => {
    const res = await t.api<ProjectJson[]>('GET', '/projects?order_by=repository_size&statistics=true', {
      token: user.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.map((p) => p.name)).toEqual(['large', 'small', 'medium']);
    expect(res.body.every((p) => p.statistics === undefined)).toBe(true);

    // doc/api/projects.md: `statistics` "Available only to users with at least the Reporter role".
    const medium = res.body.find((p) => p.name === 'medium')!;
    const large = res.body.find((p) => p.name === 'large')!;
    for (const [project, level] of [
      [medium, 20],
      [large, 10],
    ] as const) {
      const added = await t.api('POST', `/projects/${project.id}/members`, {
        json: { user_id: user.id, access_level: level },
      });
      expect(added.status).toBe(201);
    }
    const again = await t.api<ProjectJson[]>('GET', '/projects?statistics=true', { token: user.token });
    const byName = new Map(again.body.map((p) => [p.name, p]));
    expect(byName.get('medium')!.statistics!.repository_size).toBeGreaterThan(60_000);
    expect(byName.get('large')!.statistics).toBeUndefined(); // Guest
    expect(byName.get('small')!.statistics).toBeUndefined(); // not a member
  });

  it('refuses an unknown order_by with 400, as GitLab validates the values', async () => {
    const res = await t.api('GET', '/projects?order_by=bogus_size');
    expect(res.status).toBe(400);
  });
});
