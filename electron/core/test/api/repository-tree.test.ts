/**
 * `GET /projects/:id/repository/tree` over real HTTP and real git (doc/api/repositories.md
 * "List repository tree"): one level and recursive, paths, refs, pagination headers, submodules,
 * 404 Tree Not Found and access rules.
 */
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitDir, projectRepoPath } from '../helpers/disk.js';
import { git } from '../helpers/git-fixtures.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface TreeItem {
  id: string;
  name: string;
  type: string;
  path: string;
  mode: string;
}

/**
 * trunk: README.md, img.bin, bin/run.sh (executable), docs/guide.md, docs/api/v4.md and a submodule
 * entry `vendor/lib`; tag v1.0 before docs/api existed; branch `feature` adds feature.txt.
 */
async function buildSource(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-tree-src-'));
  git(dir, 'init', '--quiet', '--initial-branch=trunk');
  await writeFile(path.join(dir, 'README.md'), '# Tree\n');
  await writeFile(path.join(dir, 'img.bin'), Buffer.from([0, 1, 2]));
  await mkdir(path.join(dir, 'bin'));
  await writeFile(path.join(dir, 'bin', 'run.sh'), '#!/bin/sh\n');
  await chmod(path.join(dir, 'bin', 'run.sh'), 0o755);
  await mkdir(path.join(dir, 'docs'));
  await writeFile(path.join(dir, 'docs', 'guide.md'), '# Guide\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'First');
  git(dir, 'tag', 'v1.0');
  await mkdir(path.join(dir, 'docs', 'api'));
  await writeFile(path.join(dir, 'docs', 'api', 'v4.md'), '# v4\n');
  git(dir, 'add', '-A');
  const first = git(dir, 'rev-parse', 'HEAD');
  git(dir, 'update-index', '--add', '--cacheinfo', `160000,${first},vendor/lib`);
  git(dir, 'commit', '--quiet', '-m', 'API docs and a submodule');
  git(dir, 'checkout', '--quiet', '-b', 'feature');
  await writeFile(path.join(dir, 'feature.txt'), 'f\n');
  git(dir, 'add', 'feature.txt');
  git(dir, 'commit', '--quiet', '-m', 'Feature');
  git(dir, 'checkout', '--quiet', 'trunk');
  return dir;
}

describe('repository tree API', () => {
  let t: TestCore;
  let src: string;
  let privateId: number;
  let publicId: number;
  let repo: string;

  async function importProject(name: string, visibility: string): Promise<number> {
    const res = await t.api<{ id: number }>('POST', '/projects', {
      json: { name, visibility, import_url: src },
    });
    expect(res.status).toBe(201);
    await t.core.idle();
    return res.body.id;
  }

  const tree = (id: number, query = '') => `/projects/${id}/repository/tree${query}`;
  const names = (items: TreeItem[]) => items.map((i) => `${i.type}:${i.path}`);

  beforeAll(async () => {
    t = await startTestCore();
    src = await buildSource();
    privateId = await importProject('Tree', 'private');
    publicId = await importProject('Public Tree', 'public');
    repo = projectRepoPath(t.dataDir, privateId);
  });
  afterAll(async () => {
    await t.close();
    await rm(src, { recursive: true, force: true });
  });

  it('lists the root of the default branch, directories first, with ids, names, paths and modes', async () => {
    const res = await t.api<TreeItem[]>('GET', tree(privateId));
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual([
      'tree:bin',
      'tree:docs',
      'tree:vendor',
      'blob:README.md',
      'blob:img.bin',
    ]);
    expect(res.body[0]).toEqual({
      id: gitDir(repo, 'rev-parse', 'trunk:bin'),
      name: 'bin',
      type: 'tree',
      path: 'bin',
      mode: '040000',
    });
    expect(res.body[3]).toEqual({
      id: gitDir(repo, 'rev-parse', 'trunk:README.md'),
      name: 'README.md',
      type: 'blob',
      path: 'README.md',
      mode: '100644',
    });
    expect(res.headers.get('x-total')).toBe('5');
    expect(res.headers.get('x-total-pages')).toBe('1');
  });

  it('lists a sub-directory by path (trailing slash allowed), with full paths and a submodule as type commit', async () => {
    const docs = await t.api<TreeItem[]>('GET', tree(privateId, '?path=docs/'));
    expect(names(docs.body)).toEqual(['tree:docs/api', 'blob:docs/guide.md']);
    expect(docs.body[1]!.name).toBe('guide.md');
    const vendor = await t.api<TreeItem[]>('GET', tree(privateId, '?path=vendor'));
    expect(vendor.body).toEqual([
      expect.objectContaining({ name: 'lib', path: 'vendor/lib', type: 'commit', mode: '160000' }),
    ]);
    const bin = await t.api<TreeItem[]>('GET', tree(privateId, '?path=bin'));
    expect(bin.body).toEqual([expect.objectContaining({ path: 'bin/run.sh', mode: '100755' })]);
  });

  it('lists recursively, directories included', async () => {
    const res = await t.api<TreeItem[]>('GET', tree(privateId, '?recursive=true&per_page=100'));
    expect(names(res.body)).toEqual([
      'tree:bin',
      'tree:docs',
      'tree:docs/api',
      'tree:vendor',
      'blob:README.md',
      'blob:bin/run.sh',
      'blob:docs/api/v4.md',
      'blob:docs/guide.md',
      'blob:img.bin',
      'commit:vendor/lib',
    ]);
    const sub = await t.api<TreeItem[]>('GET', tree(privateId, '?recursive=1&path=docs'));
    expect(names(sub.body)).toEqual(['tree:docs/api', 'blob:docs/api/v4.md', 'blob:docs/guide.md']);
  });

  it('lists other refs: a tag, a branch, a SHA', async () => {
    const tag = await t.api<TreeItem[]>('GET', tree(privateId, '?ref=v1.0&path=docs'));
    expect(names(tag.body)).toEqual(['blob:docs/guide.md']);
    const feature = await t.api<TreeItem[]>('GET', tree(privateId, '?ref=feature'));
    expect(names(feature.body)).toContain('blob:feature.txt');
    const sha = gitDir(repo, 'rev-parse', 'v1.0');
    const bySha = await t.api<TreeItem[]>('GET', tree(privateId, `?ref=${sha}`));
    expect(names(bySha.body)).toEqual(['tree:bin', 'tree:docs', 'blob:README.md', 'blob:img.bin']);
  });

  it("paginates with GitLab's headers", async () => {
    const res = await t.api<TreeItem[]>('GET', tree(privateId, '?recursive=true&per_page=4&page=2'));
    expect(names(res.body)).toEqual([
      'blob:README.md',
      'blob:bin/run.sh',
      'blob:docs/api/v4.md',
      'blob:docs/guide.md',
    ]);
    expect(res.headers.get('x-total')).toBe('10');
    expect(res.headers.get('x-total-pages')).toBe('3');
    expect(res.headers.get('x-page')).toBe('2');
    expect(res.headers.get('x-next-page')).toBe('3');
    expect(res.headers.get('x-prev-page')).toBe('1');
    expect(res.headers.get('link')).toContain('rel="next"');
    expect(res.headers.get('link')).toContain('rel="last"');
  });

  it('answers 404 Tree Not Found for an unknown ref, a missing path, a file path or a traversal', async () => {
    for (const q of ['?ref=nope', '?path=nope', '?path=README.md', '?path=../x', '?path=docs/../bin']) {
      const res = await t.api('GET', tree(privateId, q));
      expect({ q, status: res.status, body: res.body }).toEqual({
        q,
        status: 404,
        body: { message: '404 Tree Not Found' },
      });
    }
  });

  it('answers 404 Tree Not Found for an empty project', async () => {
    const p = await t.api<{ id: number }>('POST', '/projects', { json: { name: 'Empty Tree' } });
    const res = await t.api('GET', tree(p.body.id));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: '404 Tree Not Found' });
  });

  it('is readable anonymously on public projects only; a Guest of a private project gets 403', async () => {
    expect((await t.api('GET', tree(publicId), { token: null })).status).toBe(200);
    const anon = await t.api('GET', tree(privateId), { token: null });
    expect(anon.status).toBe(404);
    expect(anon.body).toEqual({ message: '404 Project Not Found' });
    const guest = await createUserWithToken(t);
    expect(
      (
        await t.api('POST', `/projects/${privateId}/members`, {
          json: { user_id: guest.id, access_level: 10 },
        })
      ).status,
    ).toBe(201);
    expect((await t.api('GET', tree(privateId), { token: guest.token })).status).toBe(403);
    const reader = await createUserWithToken(t, { scopes: ['read_repository'] });
    await t.api('POST', `/projects/${privateId}/members`, { json: { user_id: reader.id, access_level: 20 } });
    expect((await t.api('GET', tree(privateId), { token: reader.token })).status).toBe(200);
  });
});
