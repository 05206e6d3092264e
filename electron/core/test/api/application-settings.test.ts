/**
 * Application settings as Outpost has them (doc/api/settings.md): `repository_storages_weighted` read and
 * changed with `repository_storages_weighted[NAME]=WEIGHT`, new projects placed by weight on real shard
 * directories, the shard usage extension `GET /admin/repository_storages`, and the weighted choice itself.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickWeightedStorage } from '../../services/storage-moves/shards.js';
import { Gate, defaultShard, shardRepoPath, shardsRoot } from '../helpers/storage-shards.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface Settings {
  repository_storages_weighted: Record<string, number>;
  default_branch_name: string;
}

interface Usage {
  name: string;
  path: string;
  weight: number;
  repositories_count: number;
  repositories_bytes: number;
  active_moves_count: number;
}

describe('application settings: repository storage weights', () => {
  let t: TestCore;
  let shards: string;

  beforeAll(async () => {
    shards = await shardsRoot();
    t = await startTestCore({
      options: { storages: { second: path.join(shards, 'second'), third: path.join(shards, 'third') } },
    });
  });

  afterAll(async () => {
    await t.close();
    await rm(shards, { recursive: true, force: true });
  });

  it('reads the weights of every shard: default 100, the others 0', async () => {
    const res = await t.api<Settings>('GET', '/application/settings');
    expect(res.status).toBe(200);
    expect(res.body.repository_storages_weighted).toEqual({ default: 100, second: 0, third: 0 });
    expect(res.body.default_branch_name).toBe('main');
    // Every shard directory exists from the start.
    expect(existsSync(path.join(shards, 'second'))).toBe(true);
  });

  it('changes weights with repository_storages_weighted[NAME]=WEIGHT (form, query or JSON); others keep theirs', async () => {
    let res = await t.api<Settings>('PUT', '/application/settings', {
      form: { 'repository_storages_weighted[second]': '50' },
    });
    expect(res.status).toBe(200);
    expect(res.body.repository_storages_weighted).toEqual({ default: 100, second: 50, third: 0 });
    res = await t.api<Settings>('PUT', '/application/settings?repository_storages_weighted[third]=5');
    expect(res.body.repository_storages_weighted).toEqual({ default: 100, second: 50, third: 5 });
    res = await t.api<Settings>('PUT', '/application/settings', {
      json: { repository_storages_weighted: { third: 0, second: 0 } },
    });
    expect(res.body.repository_storages_weighted).toEqual({ default: 100, second: 0, third: 0 });
    expect((await t.api<Settings>('GET', '/application/settings')).body.repository_storages_weighted).toEqual(
      {
        default: 100,
        second: 0,
        third: 0,
      },
    );
  });

  it('refuses unknown shards and weights that are not integers from 0 to 100, changing nothing', async () => {
    const cases: [Record<string, string>, string[]][] = [
      [{ 'repository_storages_weighted[nowhere]': '10' }, ["can't include: nowhere"]],
      [{ 'repository_storages_weighted[second]': '101' }, ["value for 'second' must be between 0 and 100"]],
      [{ 'repository_storages_weighted[second]': '-1' }, ["value for 'second' must be between 0 and 100"]],
      [{ 'repository_storages_weighted[second]': 'lots' }, ["value for 'second' must be an integer"]],
      [
        { 'repository_storages_weighted[x]': '1', 'repository_storages_weighted[third]': '2.5' },
        ["can't include: x", "value for 'third' must be an integer"],
      ],
    ];
    for (const [form, errors] of cases) {
      const res = await t.api('PUT', '/application/settings', { form });
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(res.body).toEqual({ message: { repository_storages_weighted: errors } });
    }
    const bad = await t.api('PUT', '/application/settings', { json: { repository_storages_weighted: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'repository_storages_weighted is invalid' });
    expect((await t.api<Settings>('GET', '/application/settings')).body.repository_storages_weighted).toEqual(
      {
        default: 100,
        second: 0,
        third: 0,
      },
    );
  });

  it('is for administrators only', async () => {
    const user = await createUserWithToken(t);
    for (const [method, url] of [
      ['GET', '/application/settings'],
      ['PUT', '/application/settings?repository_storages_weighted[second]=1'],
      ['GET', '/admin/repository_storages'],
    ] as const) {
      expect((await t.api(method, url, { token: null })).status).toBe(401);
      const r = await t.api(method, url, { token: user.token });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ message: '403 Forbidden' });
    }
    expect(
      (await t.api<Settings>('GET', '/application/settings')).body.repository_storages_weighted.second,
    ).toBe(0);
  });

  it('places new projects by weight, on the shard directories themselves', async () => {
    const create = async (name: string) => {
      const res = await t.api<{ id: number; repository_storage: string }>('POST', '/projects', {
        json: { name, initialize_with_readme: true },
      });
      expect(res.status).toBe(201);
      return res.body;
    };
    await t.api('PUT', '/application/settings', {
      json: { repository_storages_weighted: { default: 0, second: 0, third: 100 } },
    });
    const onThird = await create('Placed Third');
    expect(onThird.repository_storage).toBe('third');
    expect(existsSync(shardRepoPath(path.join(shards, 'third'), onThird.id))).toBe(true);
    expect(existsSync(shardRepoPath(defaultShard(t.dataDir), onThird.id))).toBe(false);
    // The project works there: a file read through the API.
    const file = await t.api('GET', `/projects/${onThird.id}/repository/files/README.md?ref=main`);
    expect(file.status).toBe(200);

    // Every weight 0: `default` takes them.
    await t.api('PUT', '/application/settings', { json: { repository_storages_weighted: { third: 0 } } });
    expect((await create('Placed Default')).repository_storage).toBe('default');

    // Split between two shards: both get some of 20 new projects.
    await t.api('PUT', '/application/settings', {
      json: { repository_storages_weighted: { default: 50, second: 50 } },
    });
    const placed = new Set<string>();
    for (let i = 0; i < 20; i++) placed.add((await create(`Split ${i}`)).repository_storage);
    expect([...placed].sort()).toEqual(['default', 'second']);
    await t.api('PUT', '/application/settings', {
      json: { repository_storages_weighted: { default: 100, second: 0, third: 0 } },
    });
  });

  it('reports shard usage: repositories and bytes per shard (Outpost extension)', async () => {
    const res = await t.api<Usage[]>('GET', '/admin/repository_storages');
    expect(res.status).toBe(200);
    expect(res.body.map((u) => u.name)).toEqual(['default', 'second', 'third']);
    const byName = Object.fromEntries(res.body.map((u) => [u.name, u]));
    expect(byName.third).toMatchObject({
      path: path.join(shards, 'third'),
      weight: 0,
      repositories_count: 1,
    });
    expect(byName.default!.weight).toBe(100);
    expect(byName.default!.path).toBe(defaultShard(t.dataDir));
    const total = res.body.reduce((n, u) => n + u.repositories_count, 0);
    const projects = await t.api<unknown[]>('GET', '/projects?per_page=100');
    expect(total).toBe(projects.body.length);
    for (const u of res.body) {
      expect(u.repositories_bytes > 0).toBe(u.repositories_count > 0);
      expect(u.active_moves_count).toBe(0);
    }
  });

  it('keeps the weights across a restart', async () => {
    await t.api('PUT', '/application/settings', { json: { repository_storages_weighted: { second: 7 } } });
    await t.stop();
    t = await startTestCore({
      dataDir: t.dataDir,
      options: { storages: { second: path.join(shards, 'second'), third: path.join(shards, 'third') } },
    });
    expect((await t.api<Settings>('GET', '/application/settings')).body.repository_storages_weighted).toEqual(
      {
        default: 100,
        second: 7,
        third: 0,
      },
    );
  });

  it('shows moves in progress per shard while a move runs', async () => {
    // Uses a core of its own with a paused move.
    const gate = new Gate();
    const other = await startTestCore({
      options: {
        storages: { second: path.join(shards, 'usage-second') },
        storageMoveHooks: { beforeCopy: (_m, s) => gate.wait(s) },
      },
    });
    try {
      const p = await other.api<{ id: number }>('POST', '/projects', {
        json: { name: 'Usage', initialize_with_readme: true },
      });
      await other.api('POST', `/projects/${p.body.id}/repository_storage_moves`, {
        json: { destination_storage_name: 'second' },
      });
      await gate.arrived;
      const usage = await other.api<Usage[]>('GET', '/admin/repository_storages');
      expect(usage.body.map((u) => u.active_moves_count)).toEqual([1, 1]);
      gate.open();
      await other.core.idle();
      const after = await other.api<Usage[]>('GET', '/admin/repository_storages');
      expect(after.body.map((u) => [u.repositories_count, u.active_moves_count])).toEqual([
        [0, 0],
        [1, 0],
      ]);
    } finally {
      gate.open();
      await other.close();
    }
  });
});

describe('pickWeightedStorage', () => {
  /** A seeded generator (mulberry32), so the draw is reproducible. */
  function seeded(seed: number): () => number {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let x = Math.imul(a ^ (a >>> 15), 1 | a);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('draws in proportion to the weights, never a 0-weight or excluded shard', () => {
    const random = seeded(42);
    const counts: Record<string, number> = {};
    for (let i = 0; i < 10_000; i++) {
      const s = pickWeightedStorage({ a: 75, b: 25, c: 0 }, undefined, random)!;
      counts[s] = (counts[s] ?? 0) + 1;
    }
    expect(counts.c).toBeUndefined();
    expect(counts.a! / 10_000).toBeGreaterThan(0.72);
    expect(counts.a! / 10_000).toBeLessThan(0.78);
    expect(pickWeightedStorage({ a: 75, b: 25 }, 'a', random)).toBe('b');
    expect(pickWeightedStorage({ a: 75, b: 0 }, 'a', random)).toBeUndefined();
    expect(pickWeightedStorage({}, undefined, random)).toBeUndefined();
    expect(pickWeightedStorage({ a: 1, b: 1 }, undefined, () => 0.999999)).toBe('b');
    expect(pickWeightedStorage({ a: 1, b: 1 }, undefined, () => 0)).toBe('a');
  });
});

describe('application settings: security and runner settings (issue 15)', () => {
  let t: TestCore;

  interface SecuritySettings {
    default_branch_protection: number;
    allow_local_requests_from_web_hooks_and_services: boolean;
    allow_unsandboxed_ci_jobs: boolean;
    ci_concurrent_jobs: number;
    ci_job_memory_limit_mb: number;
    ci_job_cpu_limit_seconds: number;
    ci_job_output_limit_kb: number;
    ci_job_process_limit: number;
    ci_job_build_dir_limit_mb: number;
    repository_storages_weighted: Record<string, number>;
  }

  const DEFAULTS = {
    default_branch_protection: 2,
    allow_local_requests_from_web_hooks_and_services: false,
    allow_unsandboxed_ci_jobs: false,
    ci_concurrent_jobs: 2,
    ci_job_memory_limit_mb: 4096,
    ci_job_cpu_limit_seconds: 3600,
    ci_job_output_limit_kb: 4096,
    ci_job_process_limit: 512,
    ci_job_build_dir_limit_mb: 10_240,
  };

  const read = async () => (await t.api<SecuritySettings>('GET', '/application/settings')).body;

  beforeAll(async () => {
    t = await startTestCore();
  });

  afterAll(async () => t.close());

  it('shows the default of every setting on a new instance', async () => {
    const res = await t.api<SecuritySettings>('GET', '/application/settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(DEFAULTS);
    expect(res.body.repository_storages_weighted).toEqual({ default: 100 });
  });

  it('changes them with JSON, form strings or the query, and keeps them across a restart', async () => {
    let res = await t.api<SecuritySettings>('PUT', '/application/settings', {
      json: {
        default_branch_protection: 0,
        allow_local_requests_from_web_hooks_and_services: true,
        allow_unsandboxed_ci_jobs: true,
        ci_concurrent_jobs: 4,
        ci_job_memory_limit_mb: 512,
        ci_job_cpu_limit_seconds: 60,
        ci_job_output_limit_kb: 256,
        ci_job_process_limit: 64,
        ci_job_build_dir_limit_mb: 2048,
      },
    });
    expect(res.status).toBe(200);
    const changed = {
      default_branch_protection: 0,
      allow_local_requests_from_web_hooks_and_services: true,
      allow_unsandboxed_ci_jobs: true,
      ci_concurrent_jobs: 4,
      ci_job_memory_limit_mb: 512,
      ci_job_cpu_limit_seconds: 60,
      ci_job_output_limit_kb: 256,
      ci_job_process_limit: 64,
      ci_job_build_dir_limit_mb: 2048,
    };
    expect(res.body).toMatchObject(changed);
    expect(await read()).toMatchObject(changed);

    // Form values are strings, as python-gitlab and curl -d send them; keys not sent keep their value.
    res = await t.api<SecuritySettings>('PUT', '/application/settings', {
      form: {
        default_branch_protection: '4',
        allow_unsandboxed_ci_jobs: 'false',
        ci_job_output_limit_kb: '512',
        ci_job_build_dir_limit_mb: '1024',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ...changed,
      default_branch_protection: 4,
      allow_unsandboxed_ci_jobs: false,
      ci_job_output_limit_kb: 512,
      ci_job_build_dir_limit_mb: 1024,
    });
    res = await t.api<SecuritySettings>('PUT', '/application/settings?ci_concurrent_jobs=1');
    expect(res.status).toBe(200);
    expect(res.body.ci_concurrent_jobs).toBe(1);

    await t.stop();
    t = await startTestCore({ dataDir: t.dataDir });
    expect(await read()).toMatchObject({
      ...changed,
      default_branch_protection: 4,
      allow_unsandboxed_ci_jobs: false,
      ci_concurrent_jobs: 1,
      ci_job_output_limit_kb: 512,
      ci_job_build_dir_limit_mb: 1024,
    });

    // Back to the defaults for the next test.
    res = await t.api<SecuritySettings>('PUT', '/application/settings', { json: DEFAULTS });
    expect(res.status).toBe(200);
    expect(await read()).toMatchObject(DEFAULTS);
  });

  it('refuses a bad value with 400 and the field error, storing nothing of the request', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { default_branch_protection: 9, ci_concurrent_jobs: 3 },
        { default_branch_protection: ['is not included in the list'] },
      ],
      [
        { default_branch_protection: -1, allow_unsandboxed_ci_jobs: true },
        { default_branch_protection: ['is not included in the list'] },
      ],
      [
        { default_branch_protection: 'full', ci_job_cpu_limit_seconds: 10 },
        { default_branch_protection: ['must be an integer'] },
      ],
      [
        { ci_concurrent_jobs: 'abc', default_branch_protection: 0 },
        { ci_concurrent_jobs: ['must be an integer'] },
      ],
      [
        { ci_concurrent_jobs: 1.5, allow_local_requests_from_web_hooks_and_services: true },
        { ci_concurrent_jobs: ['must be an integer'] },
      ],
      [{ ci_concurrent_jobs: 0 }, { ci_concurrent_jobs: ['must be between 1 and 64'] }],
      [{ ci_concurrent_jobs: 65 }, { ci_concurrent_jobs: ['must be between 1 and 64'] }],
      [
        { ci_job_memory_limit_mb: 63, ci_job_cpu_limit_seconds: 86_401 },
        {
          ci_job_memory_limit_mb: ['must be between 64 and 1048576'],
          ci_job_cpu_limit_seconds: ['must be between 1 and 86400'],
        },
      ],
      [
        { ci_job_output_limit_kb: 0, ci_job_process_limit: 65_537, ci_concurrent_jobs: 3 },
        {
          ci_job_output_limit_kb: ['must be between 1 and 1048576'],
          ci_job_process_limit: ['must be between 16 and 65536'],
        },
      ],
      [
        { ci_job_output_limit_kb: 1_048_577, ci_job_process_limit: 15 },
        {
          ci_job_output_limit_kb: ['must be between 1 and 1048576'],
          ci_job_process_limit: ['must be between 16 and 65536'],
        },
      ],
      [
        { ci_job_output_limit_kb: '4MB', ci_job_process_limit: 100.5, default_branch_protection: 0 },
        {
          ci_job_output_limit_kb: ['must be an integer'],
          ci_job_process_limit: ['must be an integer'],
        },
      ],
      [
        { ci_job_build_dir_limit_mb: 15, ci_concurrent_jobs: 3 },
        { ci_job_build_dir_limit_mb: ['must be between 16 and 1048576'] },
      ],
      [
        { ci_job_build_dir_limit_mb: 1_048_577, ci_job_process_limit: 100 },
        { ci_job_build_dir_limit_mb: ['must be between 16 and 1048576'] },
      ],
      [
        { ci_job_build_dir_limit_mb: '10GB', ci_job_output_limit_kb: 64 },
        { ci_job_build_dir_limit_mb: ['must be an integer'] },
      ],
      [
        { allow_unsandboxed_ci_jobs: 'maybe', ci_concurrent_jobs: 8 },
        { allow_unsandboxed_ci_jobs: ['must be a boolean'] },
      ],
      [
        { allow_local_requests_from_web_hooks_and_services: 2, default_branch_protection: 1 },
        { allow_local_requests_from_web_hooks_and_services: ['must be a boolean'] },
      ],
      // A valid storage weight in the same request is not stored either.
      [
        { default_branch_protection: 9, repository_storages_weighted: { default: 50 } },
        { default_branch_protection: ['is not included in the list'] },
      ],
    ];
    for (const [json, errors] of cases) {
      const res = await t.api('PUT', '/application/settings', { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body, JSON.stringify(json)).toEqual({ message: errors });
      const now = await read();
      expect(now, JSON.stringify(json)).toMatchObject(DEFAULTS);
      expect(now.repository_storages_weighted).toEqual({ default: 100 });
    }
    // The same through a form body.
    const form = await t.api('PUT', '/application/settings', {
      form: { default_branch_protection: '9', ci_concurrent_jobs: '3' },
    });
    expect(form.status).toBe(400);
    expect(form.body).toEqual({ message: { default_branch_protection: ['is not included in the list'] } });
    expect(await read()).toMatchObject(DEFAULTS);
  });

  it('is for administrators only: a user can neither read nor change them', async () => {
    const user = await createUserWithToken(t);
    const get = await t.api('GET', '/application/settings', { token: user.token });
    expect(get.status).toBe(403);
    const put = await t.api('PUT', '/application/settings', {
      token: user.token,
      json: { default_branch_protection: 0, allow_unsandboxed_ci_jobs: true },
    });
    expect(put.status).toBe(403);
    expect(
      (await t.api('PUT', '/application/settings', { token: null, json: { ci_concurrent_jobs: 9 } })).status,
    ).toBe(401);
    expect(await read()).toMatchObject(DEFAULTS);
  });
});
