/**
 * Project repository storage moves (issue 8; doc/api/project_repository_storage_moves.md): real
 * repositories with real history moved between two shard directories of a temp dir, writes refused
 * while a move runs, a failure mid-copy leaving the project unharmed, a core closed mid-move and a crash
 * at each step recovered on restart, bulk scheduling, validation, permissions and GitLab's strict schema.
 * Moves are paused through the core's `storageMoveHooks` seam, never mocked.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageMoveHooks } from '../../core-contract.js';
import { loadSchemaOracle } from '../contract/schema-oracle.js';
import { gitDir, openCoreDatabase, refs } from '../helpers/disk.js';
import { importFixtureProject } from '../helpers/repository-projects.js';
import { Gate, defaultShard, shardRepoPath, shardsRoot } from '../helpers/storage-shards.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface Move {
  id: number;
  created_at: string;
  state: string;
  source_storage_name: string;
  destination_storage_name: string;
  error_message: string | null;
  project: { id: number; name: string; path_with_namespace: string; name_with_namespace: string };
}

interface Progress {
  id: number;
  state: string;
  bytes_total: number;
  bytes_copied: number;
  error_message: string | null;
}

const READ_ONLY = 'The repository is temporarily read-only. Please try again later.';
const oracle = loadSchemaOracle();
const validateMove = oracle.validator(
  'spec/fixtures/api/schemas/public_api/v4/project_repository_storage_move.json',
);
const validateMoves = oracle.validator(
  'spec/fixtures/api/schemas/public_api/v4/project_repository_storage_moves.json',
);

/** Hooks that call whatever the current test installs (the core keeps the object it was given). */
function switchableHooks(): { hooks: StorageMoveHooks; current: StorageMoveHooks } {
  const state = { current: {} as StorageMoveHooks };
  return {
    get current() {
      return state.current;
    },
    set current(h: StorageMoveHooks) {
      state.current = h;
    },
    hooks: {
      beforeCopy: (m, s) => state.current.beforeCopy?.(m, s) ?? Promise.resolve(),
      afterCopyFile: (m, f, s) => state.current.afterCopyFile?.(m, f, s) ?? Promise.resolve(),
      beforeCleanup: (m, s) => state.current.beforeCleanup?.(m, s) ?? Promise.resolve(),
    },
  };
}

async function createReadmeProject(t: TestCore, name: string): Promise<number> {
  const res = await t.api<{ id: number }>('POST', '/projects', {
    json: { name, initialize_with_readme: true },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function projectStorage(t: TestCore, id: number): Promise<string> {
  const res = await t.api<{ repository_storage: string }>('GET', `/projects/${id}`);
  return res.body.repository_storage;
}

async function getMove(t: TestCore, id: number): Promise<Move> {
  const res = await t.api<Move>('GET', `/project_repository_storage_moves/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function createFile(t: TestCore, projectId: number, file: string, branch = 'trunk') {
  return t.api<{ message?: string }>(
    'POST',
    `/projects/${projectId}/repository/files/${encodeURIComponent(file)}`,
    {
      json: { branch, content: `content of ${file}\n`, commit_message: `Add ${file}` },
    },
  );
}

describe('project repository storage moves', () => {
  let t: TestCore;
  let shards: string;
  let second: string;
  let broken: string;
  const control = switchableHooks();

  beforeAll(async () => {
    shards = await shardsRoot();
    second = path.join(shards, 'second');
    broken = path.join(shards, 'broken');
    // `broken` can't hold repositories: where its `@hashed` directory belongs there is a file.
    await mkdir(broken, { recursive: true });
    await writeFile(path.join(broken, '@hashed'), 'not a directory\n');
    t = await startTestCore({
      options: { storages: { second, broken }, storageMoveHooks: control.hooks },
    });
  });

  afterAll(async () => {
    await t.close();
    await rm(shards, { recursive: true, force: true });
  });

  it('moves a real repository to another shard, verified, and removes the original', async () => {
    const p = await importFixtureProject(t, 'Move Me');
    const before = refs(p.repo);
    const head = gitDir(p.repo, 'symbolic-ref', 'HEAD');
    expect(before.length).toBeGreaterThanOrEqual(3);

    const res = await t.api<Move>('POST', `/projects/${p.id}/repository_storage_moves`, {
      json: { destination_storage_name: 'second' },
    });
    expect(res.status).toBe(201);
    expect(validateMove(res.body), JSON.stringify(validateMove.errors)).toBe(true);
    expect(res.body).toMatchObject({
      state: 'scheduled',
      source_storage_name: 'default',
      destination_storage_name: 'second',
      error_message: null,
      project: { id: p.id, name: 'Move Me', path_with_namespace: p.pathWithNamespace },
    });
    await t.core.idle();

    const move = await getMove(t, res.body.id);
    expect(move.state).toBe('finished');
    expect(move.error_message).toBeNull();
    const moved = shardRepoPath(second, p.id);
    expect(refs(moved)).toEqual(before);
    expect(gitDir(moved, 'symbolic-ref', 'HEAD')).toBe(head);
    expect(gitDir(moved, 'fsck', '--no-dangling')).toBe('');
    expect(existsSync(p.repo)).toBe(false);
    expect(await projectStorage(t, p.id)).toBe('second');
    // The original went through the source shard's trash, deleted in the background since.
    expect(await readdir(path.join(defaultShard(t.dataDir), '+removed'))).toEqual([]);

    const progress = await t.api<Progress>('GET', `/project_repository_storage_moves/${move.id}/progress`);
    expect(progress.status).toBe(200);
    expect(progress.body.bytes_total).toBeGreaterThan(0);
    expect(progress.body.bytes_copied).toBe(progress.body.bytes_total);

    // The project works from its new shard: reads, then a write that lands there.
    const read = await t.api<{ content: string }>(
      'GET',
      `/projects/${p.id}/repository/files/README.md?ref=trunk`,
    );
    expect(read.status).toBe(200);
    expect((await createFile(t, p.id, 'after-move.txt')).status).toBe(201);
    expect(gitDir(moved, 'ls-tree', '--name-only', 'trunk')).toContain('after-move.txt');

    // Audited on the project: scheduled and finished.
    const audit = await t.api<{ details: { custom_message?: string; event_name?: string } }[]>(
      'GET',
      `/projects/${p.id}/audit_events`,
    );
    const names = audit.body.map((e) => e.details.event_name);
    expect(names).toContain('project_repository_storage_move_scheduled');
    expect(names).toContain('project_repository_storage_move_finished');
  });

  it('moves the wiki and design repositories with the project', async () => {
    const p = await importFixtureProject(t, 'With Wiki');
    const wiki = p.repo.replace(/\.git$/, '.wiki.git');
    execFileSync('git', ['clone', '--quiet', '--bare', p.repo, wiki]);
    const wikiRefs = refs(wiki);
    const res = await t.api<Move>('POST', `/projects/${p.id}/repository_storage_moves`, {
      json: { destination_storage_name: 'second' },
    });
    expect(res.status).toBe(201);
    await t.core.idle();
    expect((await getMove(t, res.body.id)).state).toBe('finished');
    expect(refs(shardRepoPath(second, p.id, '.wiki.git'))).toEqual(wikiRefs);
    expect(existsSync(wiki)).toBe(false);
  });

  it('shows the bytes copied so far whenever a hook holds the copy (the copy rate limit waits there)', async () => {
    const p = await importFixtureProject(t, 'Progress Shown');
    const seen: { hook: number; progress: number }[] = [];
    control.current = {
      afterCopyFile: async (m, file) => {
        if (m.projectId !== p.id) return;
        const res = await t.api<Progress>('GET', `/project_repository_storage_moves/${m.id}/progress`);
        seen.push({ hook: Math.min(file.bytesCopied, file.bytesTotal), progress: res.body.bytes_copied });
      },
    };
    try {
      const res = await t.api<Move>('POST', `/projects/${p.id}/repository_storage_moves`, {
        json: { destination_storage_name: 'second' },
      });
      expect(res.status).toBe(201);
      await t.core.idle();
      expect((await getMove(t, res.body.id)).state).toBe('finished');
    } finally {
      control.current = {};
    }
    expect(seen.length).toBeGreaterThan(3);
    for (const s of seen) expect(s.progress).toBe(s.hook);
  });

  it('refuses every repository write while the move runs, and accepts them afterwards', async () => {
    const p = await importFixtureProject(t, 'Busy');
    const gate = new Gate();
    control.current = { beforeCopy: (m, s) => (m.projectId === p.id ? gate.wait(s) : Promise.resolve()) };
    try {
      const res = await t.api<Move>('POST', `/projects/${p.id}/repository_storage_moves`, {
        json: { destination_storage_name: 'second' },
      });
      expect(res.status).toBe(201);
      await gate.arrived;
      expect((await getMove(t, res.body.id)).state).toBe('started');

      const refused = [
        await createFile(t, p.id, 'during.txt'),
        await t.api('PUT', `/projects/${p.id}/repository/files/README.md`, {
          json: { branch: 'trunk', content: 'x', commit_message: 'edit' },
        }),
        await t.api('DELETE', `/projects/${p.id}/repository/files/README.md`, {
          json: { branch: 'trunk', commit_message: 'rm' },
        }),
        await t.api('POST', `/projects/${p.id}/repository/branches?branch=during&ref=trunk`),
        await t.api('DELETE', `/projects/${p.id}/repository/branches/feature`),
        await t.api('DELETE', `/projects/${p.id}/repository/merged_branches`),
        await t.api('POST', `/projects/${p.id}/repository/tags?tag_name=v9&ref=trunk`),
        await t.api('DELETE', `/projects/${p.id}/repository/tags/v1.0`),
      ];
      for (const r of refused) {
        expect(r.status, r.text).toBe(400);
        expect(r.body).toEqual({ message: READ_ONLY });
      }
      // Reads still work.
      expect((await t.api('GET', `/projects/${p.id}/repository/branches`)).status).toBe(200);
      // A second move of the project is refused (GitLab's validation of a read-only container).
      const again = await t.api('POST', `/projects/${p.id}/repository_storage_moves`, {
        json: { destination_storage_name: 'default' },
      });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ message: { project: ['is read-only'] } });
    } finally {
      gate.open();
      control.current = {};
    }
    await t.core.idle();
    expect(await projectStorage(t, p.id)).toBe('second');
    expect((await createFile(t, p.id, 'after.txt')).status).toBe(201);
    expect((await t.api('POST', `/projects/${p.id}/repository/branches?branch=later&ref=trunk`)).status).toBe(
      201,
    );
    expect(refs(shardRepoPath(second, p.id))).toContain(
      `refs/heads/later ${gitDir(shardRepoPath(second, p.id), 'rev-parse', 'trunk')}`,
    );
  });

  it('fails cleanly on an unwritable destination: the project stays on its shard, unharmed and writable', async () => {
    const p = await importFixtureProject(t, 'Unwritable');
    const before = refs(p.repo);
    const res = await t.api<Move>('POST', `/projects/${p.id}/repository_storage_moves`, {
      json: { destination_storage_name: 'broken' },
    });
    expect(res.status).toBe(201);
    await t.core.idle();
    const move = await getMove(t, res.body.id);
    expect(move.state).toBe('failed');
    expect(move.error_message).toMatch(
      /^Failed to copy the repository to broken: E[A-Z]+ \(\w+\); the repository stayed on default$/,
    );
    expect(validateMove(move)).toBe(true);
    expect(await projectStorage(t, p.id)).toBe('default');
    expect(refs(p.repo)).toEqual(before);
    expect((await createFile(t, p.id, 'still-writable.txt')).status).toBe(201);
    const audit = await t.api<{ details: { event_name?: string } }[]>(
      'GET',
      `/projects/${p.id}/audit_events`,
    );
    expect(audit.body.map((e) => e.details.event_name)).toContain('project_repository_storage_move_failed');
  });

  it('fails cleanly when the destination breaks in the middle of the copy, and removes the partial copy', async () => {
    const p = await importFixtureProject(t, 'Mid Copy');
    const before = refs(p.repo);
    const dst = shardRepoPath(second, p.id);
    let sawPartial = false;
    control.current = {
      afterCopyFile: async (m, f) => {
        if (m.projectId !== p.id || f.relativePath !== 'HEAD') return;
        // Something else takes the place of the `objects` directory the copy is about to make.
        sawPartial = existsSync(path.join(dst, 'HEAD')) && f.bytesCopied < f.bytesTotal;
        await writeFile(path.join(dst, 'objects'), 'in the way\n');
      },
    };
    try {
      const res = await t.api<Move>('POST', `/projects/${p.id}/repository_storage_moves`, {
        json: { destination_storage_name: 'second' },
      });
      await t.core.idle();
      const move = await getMove(t, res.body.id);
      expect(move.state).toBe('failed');
      expect(move.error_message).toContain('EEXIST');
    } finally {
      control.current = {};
    }
    expect(sawPartial).toBe(true);
    expect(existsSync(dst)).toBe(false);
    expect(await projectStorage(t, p.id)).toBe('default');
    expect(refs(p.repo)).toEqual(before);
    expect(gitDir(p.repo, 'fsck', '--no-dangling')).toBe('');
    expect((await t.api('POST', `/projects/${p.id}/repository/branches?branch=ok&ref=trunk`)).status).toBe(
      201,
    );
  });

  it('fails when the copy does not verify (a corrupted object), leaving the original in place', async () => {
    const p = await importFixtureProject(t, 'Corrupted Copy');
    const before = refs(p.repo);
    const dst = shardRepoPath(second, p.id);
    let damaged = false;
    control.current = {
      afterCopyFile: async (m, f) => {
        if (m.projectId !== p.id || damaged) return;
        if (!/^objects\/([0-9a-f]{2}\/[0-9a-f]{38}|pack\/.*\.pack)$/.test(f.relativePath)) return;
        // Damage a copied object after it was written: git fsck on the copy must notice.
        damaged = true;
        const file = path.join(dst, f.relativePath);
        await chmod(file, 0o644);
        const bytes = await readFile(file);
        bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 0xff;
        await writeFile(file, bytes);
      },
    };
    try {
      const res = await t.api<Move>('POST', `/projects/${p.id}/repository_storage_moves`, {
        json: { destination_storage_name: 'second' },
      });
      await t.core.idle();
      const move = await getMove(t, res.body.id);
      expect(move.state).toBe('failed');
      expect(move.error_message).toMatch(/^The copy on second failed verification: /);
      expect(damaged).toBe(true);
    } finally {
      control.current = {};
    }
    expect(existsSync(dst)).toBe(false);
    expect(await projectStorage(t, p.id)).toBe('default');
    expect(refs(p.repo)).toEqual(before);
    expect((await createFile(t, p.id, 'fine.txt')).status).toBe(201);
  });

  it('records cleanup failed when the original cannot be removed, with the project already switched', async () => {
    const id = await createReadmeProject(t, 'Sticky Source');
    const src = shardRepoPath(defaultShard(t.dataDir), id);
    control.current = {
      beforeCleanup: async (m) => {
        if (m.projectId === id) throw new Error('the disk refused');
      },
    };
    try {
      const res = await t.api<Move>('POST', `/projects/${id}/repository_storage_moves`, {
        json: { destination_storage_name: 'second' },
      });
      await t.core.idle();
      const move = await getMove(t, res.body.id);
      expect(move.state).toBe('cleanup failed');
      expect(move.error_message).toBe('Could not remove the repository from default: the disk refused');
    } finally {
      control.current = {};
    }
    expect(await projectStorage(t, id)).toBe('second');
    expect(existsSync(src)).toBe(true);
    expect((await createFile(t, id, 'x.txt', 'main')).status).toBe(201);
  });

  it('validates moves with GitLab-like 400s and 404s', async () => {
    const id = await createReadmeProject(t, 'Validated');
    const post = (body: Record<string, unknown>, pid: number | string = id) =>
      t.api('POST', `/projects/${pid}/repository_storage_moves`, { json: body });
    let r = await post({ destination_storage_name: 'nowhere' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: { destination_storage_name: ['is not included in the list'] } });
    r = await post({ destination_storage_name: 'default' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      message: { destination_storage_name: ["can't be the same as the source storage"] },
    });
    // No destination given and no other shard weighs anything (default weights: default 100, others 0).
    r = await post({});
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      message: { destination_storage_name: [expect.stringMatching(/weight above 0/)] },
    });
    r = await post({ destination_storage_name: 'second' }, 999999);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: '404 Project Not Found' });

    r = await t.api('POST', '/project_repository_storage_moves', { json: {} });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: 'source_storage_name is missing' });
    r = await t.api('POST', '/project_repository_storage_moves', {
      json: { source_storage_name: 'nowhere' },
    });
    expect(r.body).toEqual({ error: 'source_storage_name does not have a valid value' });
    r = await t.api('POST', '/project_repository_storage_moves', {
      json: { source_storage_name: 'default', destination_storage_name: 'nowhere' },
    });
    expect(r.body).toEqual({ error: 'destination_storage_name does not have a valid value' });
    r = await t.api('POST', '/project_repository_storage_moves', {
      json: { source_storage_name: 'second', destination_storage_name: 'second' },
    });
    expect(r.status).toBe(400);

    for (const url of [
      '/project_repository_storage_moves/999999',
      `/projects/${id}/repository_storage_moves/999999`,
      '/project_repository_storage_moves/999999/progress',
    ]) {
      const g = await t.api(`GET`, url);
      expect(g.status, url).toBe(404);
      expect(g.body).toEqual({ message: '404 Not found' });
    }
    // A move of another project is not found under this one.
    const other = await t.api<Move[]>('GET', '/project_repository_storage_moves');
    const foreign = other.body.find((m) => m.project.id !== id)!;
    expect((await t.api('GET', `/projects/${id}/repository_storage_moves/${foreign.id}`)).status).toBe(404);
    expect((await t.api('GET', `/projects/999999/repository_storage_moves`)).status).toBe(404);
  });

  it('is for administrators only', async () => {
    const user = await createUserWithToken(t);
    const id = await createReadmeProject(t, 'Guarded');
    const calls: [string, string, unknown][] = [
      ['GET', '/project_repository_storage_moves', undefined],
      ['GET', '/project_repository_storage_moves/1', undefined],
      ['GET', '/project_repository_storage_moves/1/progress', undefined],
      ['POST', '/project_repository_storage_moves', { source_storage_name: 'default' }],
      ['GET', `/projects/${id}/repository_storage_moves`, undefined],
      ['GET', `/projects/${id}/repository_storage_moves/1`, undefined],
      ['POST', `/projects/${id}/repository_storage_moves`, { destination_storage_name: 'second' }],
    ];
    for (const [method, url, json] of calls) {
      expect((await t.api(method, url, { token: null, json })).status, `${method} ${url}`).toBe(401);
      const r = await t.api(method, url, { token: user.token, json });
      expect(r.status, `${method} ${url}`).toBe(403);
      expect(r.body).toEqual({ message: '403 Forbidden' });
    }
    expect(await projectStorage(t, id)).toBe('default');
  });

  it('lists moves newest first with GitLab pagination, per project, filtered, in the strict schema', async () => {
    const all = await t.api<Move[]>('GET', '/project_repository_storage_moves?per_page=2');
    expect(all.status).toBe(200);
    expect(validateMoves(all.body), JSON.stringify(validateMoves.errors)).toBe(true);
    expect(all.body).toHaveLength(2);
    expect(all.body[0]!.id).toBeGreaterThan(all.body[1]!.id);
    const total = Number(all.headers.get('x-total'));
    expect(total).toBeGreaterThanOrEqual(6);
    expect(all.headers.get('x-per-page')).toBe('2');
    expect(all.headers.get('x-next-page')).toBe('2');
    expect(all.headers.get('link')).toContain('rel="next"');

    const defaults = await t.api<Move[]>('GET', '/project_repository_storage_moves');
    expect(defaults.headers.get('x-per-page')).toBe('20');

    const failed = await t.api<Move[]>('GET', '/project_repository_storage_moves?state=failed');
    expect(failed.body.length).toBeGreaterThanOrEqual(2);
    expect(failed.body.every((m) => m.state === 'failed')).toBe(true);
    const onBroken = await t.api<Move[]>('GET', '/project_repository_storage_moves?storage_name=broken');
    expect(onBroken.body.every((m) => m.destination_storage_name === 'broken')).toBe(true);
    expect((await t.api('GET', '/project_repository_storage_moves?state=bogus')).status).toBe(400);

    const one = all.body[0]!;
    const perProject = await t.api<Move[]>('GET', `/projects/${one.project.id}/repository_storage_moves`);
    expect(validateMoves(perProject.body)).toBe(true);
    expect(perProject.body.every((m) => m.project.id === one.project.id)).toBe(true);
    const single = await t.api<Move>('GET', `/projects/${one.project.id}/repository_storage_moves/${one.id}`);
    expect(single.body).toEqual(one);
    expect(validateMove(single.body)).toBe(true);
    const byPath = await t.api<Move[]>(
      'GET',
      `/projects/${encodeURIComponent(one.project.path_with_namespace)}/repository_storage_moves`,
    );
    expect(byPath.body).toEqual(perProject.body);
  });

  it('chooses the destination by weight when none is given', async () => {
    const put = await t.api('PUT', '/application/settings', {
      form: { 'repository_storages_weighted[second]': '100', 'repository_storages_weighted[default]': '0' },
    });
    expect(put.status).toBe(200);
    try {
      // New projects now land on `second`; a move without a destination goes to the only other shard that weighs.
      const id = await createReadmeProject(t, 'Weighted');
      expect(await projectStorage(t, id)).toBe('second');
      expect(existsSync(shardRepoPath(second, id))).toBe(true);
      const none = await t.api('POST', `/projects/${id}/repository_storage_moves`, { json: {} });
      expect(none.status).toBe(400);
      await t.api('PUT', '/application/settings', {
        form: { 'repository_storages_weighted[default]': '10' },
      });
      const res = await t.api<Move>('POST', `/projects/${id}/repository_storage_moves`, { json: {} });
      expect(res.status).toBe(201);
      expect(res.body.destination_storage_name).toBe('default');
      await t.core.idle();
      expect((await getMove(t, res.body.id)).state).toBe('finished');
      expect(await projectStorage(t, id)).toBe('default');
    } finally {
      await t.api('PUT', '/application/settings', {
        form: { 'repository_storages_weighted[second]': '0', 'repository_storages_weighted[default]': '100' },
      });
    }
  });
});

describe('bulk moves of a whole shard', () => {
  let t: TestCore;
  let shards: string;

  beforeAll(async () => {
    shards = await shardsRoot();
    t = await startTestCore({ options: { storages: { second: path.join(shards, 'second') } } });
  });

  afterAll(async () => {
    await t.close();
    await rm(shards, { recursive: true, force: true });
  });

  it('schedules one move per project of the source shard (202) and runs them all', async () => {
    const a = await importFixtureProject(t, 'Bulk A');
    const ids = [a.id, await createReadmeProject(t, 'Bulk B'), await createReadmeProject(t, 'Bulk C')];
    const before = refs(a.repo);
    const res = await t.api('POST', '/project_repository_storage_moves', {
      form: { source_storage_name: 'default', destination_storage_name: 'second' },
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: '202 Accepted' });
    await t.core.idle();
    const list = await t.api<Move[]>('GET', '/project_repository_storage_moves');
    expect(list.body).toHaveLength(3);
    expect(validateMoves(list.body)).toBe(true);
    expect(list.body.map((m) => m.state)).toEqual(['finished', 'finished', 'finished']);
    expect(list.body.map((m) => m.project.id).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await projectStorage(t, id)).toBe('second');
    expect(refs(shardRepoPath(path.join(shards, 'second'), a.id))).toEqual(before);
    const leftover = await readdir(path.join(defaultShard(t.dataDir), '@hashed'), { recursive: true });
    expect(leftover.filter((f) => f.endsWith('.git'))).toEqual([]);

    // Shard usage follows (Outpost extension).
    const usage = await t.api<{ name: string; repositories_count: number; repositories_bytes: number }[]>(
      'GET',
      '/admin/repository_storages',
    );
    expect(usage.body.map((u) => [u.name, u.repositories_count])).toEqual([
      ['default', 0],
      ['second', 3],
    ]);
    expect(usage.body[1]!.repositories_bytes).toBeGreaterThan(0);

    // Back again without a destination when no shard but the source weighs above 0 → 400, nothing scheduled.
    await t.api('PUT', '/application/settings', {
      json: { repository_storages_weighted: { default: 0, second: 50 } },
    });
    const none = await t.api('POST', '/project_repository_storage_moves', {
      json: { source_storage_name: 'second' },
    });
    expect(none.status).toBe(400);
    expect((await t.api<Move[]>('GET', '/project_repository_storage_moves')).body).toHaveLength(3);
  });
});

describe('a core stopped or crashed in the middle of a move', () => {
  let shards: string;
  let second: string;

  beforeAll(async () => {
    shards = await shardsRoot();
    second = path.join(shards, 'second');
  });

  afterAll(async () => {
    await rm(shards, { recursive: true, force: true });
  });

  it('fails a move interrupted by closing the core; on restart the project is whole, on its source, writable', async () => {
    const gate = new Gate();
    const first = await startTestCore({
      options: {
        storages: { second },
        storageMoveHooks: {
          afterCopyFile: (_m, f, s) => (f.relativePath === 'HEAD' ? gate.wait(s) : Promise.resolve()),
        },
      },
    });
    const p = await importFixtureProject(first, 'Stopped');
    const before = refs(p.repo);
    const res = await first.api<Move>('POST', `/projects/${p.id}/repository_storage_moves`, {
      json: { destination_storage_name: 'second' },
    });
    await gate.arrived;
    // Mid-copy: started, part of the repository on the destination.
    const progress = await first.api<Progress>(
      'GET',
      `/project_repository_storage_moves/${res.body.id}/progress`,
    );
    expect(progress.body.state).toBe('started');
    expect(progress.body.bytes_total).toBeGreaterThan(0);
    expect(existsSync(path.join(shardRepoPath(second, p.id), 'HEAD'))).toBe(true);
    await first.stop();

    const again = await startTestCore({ dataDir: first.dataDir, options: { storages: { second } } });
    try {
      const move = await getMove(again, res.body.id);
      expect(move.state).toBe('failed');
      expect(move.error_message).toBe('Interrupted when Outpost stopped; the repository stayed on default');
      expect(existsSync(shardRepoPath(second, p.id))).toBe(false);
      expect(await projectStorage(again, p.id)).toBe('default');
      expect(refs(p.repo)).toEqual(before);
      expect((await createFile(again, p.id, 'after-restart.txt')).status).toBe(201);
    } finally {
      await again.close();
    }
  });

  it("finishes a move whose source a crash left in the trash, and sweeps every shard's trash on start", async () => {
    const first = await startTestCore({ options: { storages: { second } } });
    const trashed = await importFixtureProject(first, 'Crashed In Trash');
    const bystander = await importFixtureProject(first, 'Bystander');
    const before = refs(trashed.repo);
    await first.stop();

    // What a crash right after the rename leaves: the move `replicated`, the project on `second`, its
    // source renamed into `default/+removed/<move id>-<random>/`; and an older leftover on `second`.
    await mkdir(path.dirname(shardRepoPath(second, trashed.id)), { recursive: true });
    execFileSync('cp', ['-r', trashed.repo, shardRepoPath(second, trashed.id)]);
    const db = openCoreDatabase(first.dataDir, { writable: true });
    const at = new Date().toISOString();
    const moveId = Number(
      db
        .prepare(
          `INSERT INTO project_repository_storage_moves
             (project_id, state, source_storage_name, destination_storage_name, bytes_total, bytes_copied, created_at, updated_at, started_at)
           VALUES (?, 'replicated', 'default', 'second', 1000, 1000, ?, ?, ?)`,
        )
        .run(trashed.id, at, at, at).lastInsertRowid,
    );
    db.prepare("UPDATE projects SET repository_storage = 'second' WHERE id = ?").run(trashed.id);
    db.close();
    const defaultTrash = path.join(defaultShard(first.dataDir), '+removed');
    const inTrash = path.join(defaultTrash, `${moveId}-0123456789ab`);
    await mkdir(inTrash, { recursive: true });
    execFileSync('mv', [trashed.repo, path.join(inTrash, path.basename(trashed.repo))]);
    const leftover = path.join(second, '+removed', '7-abcdefabcdef', 'old.git');
    await mkdir(path.join(leftover, 'objects'), { recursive: true });
    await writeFile(path.join(leftover, 'HEAD'), 'ref: refs/heads/main\n');

    const again = await startTestCore({ dataDir: first.dataDir, options: { storages: { second } } });
    try {
      await again.core.idle();
      expect((await getMove(again, moveId)).state).toBe('finished');
      expect(await readdir(defaultTrash)).toEqual([]);
      expect(await readdir(path.join(second, '+removed'))).toEqual([]);
      expect(existsSync(trashed.repo)).toBe(false);
      expect(refs(shardRepoPath(second, trashed.id))).toEqual(before);
      expect((await createFile(again, trashed.id, 'ok.txt')).status).toBe(201);
      // Repositories outside the trash are untouched.
      expect(existsSync(bystander.repo)).toBe(true);
      expect((await createFile(again, bystander.id, 'ok.txt')).status).toBe(201);
    } finally {
      await again.close();
    }
  });

  it('recovers each step a crash can interrupt: started, replicated, scheduled', async () => {
    const first = await startTestCore({ options: { storages: { second } } });
    const started = await importFixtureProject(first, 'Crashed Started');
    const replicated = await importFixtureProject(first, 'Crashed Replicated');
    const scheduled = await importFixtureProject(first, 'Crashed Scheduled');
    const refsOf = {
      started: refs(started.repo),
      replicated: refs(replicated.repo),
      scheduled: refs(scheduled.repo),
    };
    await first.stop();

    // What a crash leaves: (1) a move `started` with a partial copy and its project read-only;
    // (2) a move `replicated` (switched in SQLite) with the source not yet removed;
    // (3) a move `scheduled`, never begun, its project read-only.
    const partial = shardRepoPath(second, started.id);
    await mkdir(path.join(partial, 'objects'), { recursive: true });
    await writeFile(path.join(partial, 'HEAD'), 'ref: refs/heads/trunk\n');
    await mkdir(path.dirname(shardRepoPath(second, replicated.id)), { recursive: true });
    execFileSync('cp', ['-r', replicated.repo, shardRepoPath(second, replicated.id)]);
    const db = openCoreDatabase(first.dataDir, { writable: true });
    const at = new Date().toISOString();
    const insert = db.prepare(
      `INSERT INTO project_repository_storage_moves
         (project_id, state, source_storage_name, destination_storage_name, bytes_total, bytes_copied, created_at, updated_at, started_at)
       VALUES (?, ?, 'default', 'second', 1000, 10, ?, ?, ?)`,
    );
    const moveIds = {
      started: Number(insert.run(started.id, 'started', at, at, at).lastInsertRowid),
      replicated: Number(insert.run(replicated.id, 'replicated', at, at, at).lastInsertRowid),
      scheduled: Number(insert.run(scheduled.id, 'scheduled', at, at, null).lastInsertRowid),
    };
    db.prepare('UPDATE projects SET repository_read_only = 1 WHERE id IN (?, ?)').run(
      started.id,
      scheduled.id,
    );
    db.prepare("UPDATE projects SET repository_storage = 'second' WHERE id = ?").run(replicated.id);
    db.close();

    const again = await startTestCore({ dataDir: first.dataDir, options: { storages: { second } } });
    try {
      await again.core.idle();
      const s = await getMove(again, moveIds.started);
      expect(s.state).toBe('failed');
      expect(s.error_message).toBe('Interrupted when Outpost stopped; the repository stayed on default');
      expect(existsSync(partial)).toBe(false);
      expect(await projectStorage(again, started.id)).toBe('default');
      expect(refs(started.repo)).toEqual(refsOf.started);
      expect((await createFile(again, started.id, 'ok.txt')).status).toBe(201);

      const replicatedMove = await getMove(again, moveIds.replicated);
      expect(replicatedMove.state, replicatedMove.error_message ?? '').toBe('finished');
      expect(existsSync(replicated.repo)).toBe(false);
      expect(refs(shardRepoPath(second, replicated.id))).toEqual(refsOf.replicated);
      expect((await createFile(again, replicated.id, 'ok.txt')).status).toBe(201);

      // The scheduled move resumed and finished.
      const scheduledMove = await getMove(again, moveIds.scheduled);
      expect(scheduledMove.state, scheduledMove.error_message ?? '').toBe('finished');
      expect(await projectStorage(again, scheduled.id)).toBe('second');
      expect(existsSync(scheduled.repo)).toBe(false);
      expect(refs(shardRepoPath(second, scheduled.id))).toEqual(refsOf.scheduled);
      expect((await createFile(again, scheduled.id, 'ok.txt')).status).toBe(201);
    } finally {
      await again.close();
    }
  });
});
