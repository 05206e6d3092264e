/**
 * The smaller holes of issue 25, each against a real core over real HTTP:
 * - `Sudo` needs the `sudo` scope (lib/api/helpers.rb `sudo!` → `validate_access_token!(scopes: [:sudo])`,
 *   answered by lib/api/api_guard.rb as 403 `insufficient_scope` without a `WWW-Authenticate` header), also
 *   when the path is percent-encoded (`/api/%76%34/user`, which the router decodes to `/api/v4/user`);
 * - every REST route, listed from Fastify itself, refuses a `write_repository` token with 403
 *   `insufficient_scope`, and every write refuses a token holding every scope but `api` (lib/api/api.rb);
 *   a `write_repository` token still pushes over git;
 * - git's temporary index files live in private 0700 directories of `<dataDir>/tmp/git`, are 0600, and a
 *   crash's leftovers (including a planted symlink) are swept when a core starts;
 * - a job's `environment:url` gets the REST API's `external_url` check: `javascript:` and `data:` URLs from
 *   a real pipeline pushed by an ordinary user are never stored.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_PAYLOAD_LIMIT } from '../../http/alert-intake.js';
import { apiRoutes } from '../../routes/index.js';
import { openCoreDatabase, projectRepoPath } from '../helpers/disk.js';
import { cloneUrl, makeGitClient } from '../helpers/git-http.js';
import { commitFile, latestPipeline, pipelineJobs, waitForPipeline } from '../helpers/pipelines.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

const INSUFFICIENT = {
  error: 'insufficient_scope',
  error_description: 'The request requires higher privileges than provided by the access token.',
};

type User = { id: number; username: string; token: string };

describe('Sudo needs the sudo scope', () => {
  let t: TestCore;
  let bob: User;
  let adminApi: User;
  let adminSudo: User;
  let sudoOnly: User;

  beforeAll(async () => {
    t = await startTestCore();
    bob = await createUserWithToken(t);
    adminApi = await createUserWithToken(t, { admin: true, scopes: ['api'] });
    adminSudo = await createUserWithToken(t, { admin: true, scopes: ['api', 'sudo'] });
    sudoOnly = await createUserWithToken(t, { admin: true, scopes: ['sudo'] });
  });
  afterAll(async () => t.close());

  /** GET `rawPath` (not normalized by the client) with `token` and a `Sudo` header naming bob. */
  async function asBob(rawPath: string, token: string) {
    const res = await fetch(`${t.url}${rawPath}`, {
      headers: { 'PRIVATE-TOKEN': token, Sudo: bob.username },
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  }

  it("refuses an administrator's api-only token with GitLab's 403, on plain and percent-encoded paths", async () => {
    for (const p of ['/api/v4/user', '/api/%76%34/user', '/api/v%34/user/']) {
      const res = await asBob(p, adminApi.token);
      expect(res.status, p).toBe(403);
      expect(res.body, p).toEqual({ ...INSUFFICIENT, scope: 'sudo' });
      // GitLab's Bearer::Forbidden carries no challenge (api_guard.rb's FIXME).
      expect(res.headers.get('www-authenticate'), p).toBeNull();
    }
  });

  it('a refused sudo write changes nothing', async () => {
    const name = `sudo-write-${Math.random().toString(36).slice(2, 7)}`;
    const res = await fetch(`${t.url}/api/v4/projects`, {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': adminApi.token, Sudo: String(bob.id), 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ ...INSUFFICIENT, scope: 'sudo' });
    const mine = await t.api<{ name: string }[]>('GET', `/users/${bob.id}/projects`);
    expect(mine.body.map((p) => p.name)).not.toContain(name);
  });

  it('with the sudo scope it acts as the user, on the percent-encoded path too', async () => {
    for (const p of ['/api/v4/user', '/api/%76%34/user']) {
      const res = await asBob(p, adminSudo.token);
      expect(res.status, p).toBe(200);
      expect(res.body.id, p).toBe(bob.id);
    }
  });

  it('a token with sudo but not api reaches no route', async () => {
    const res = await asBob('/api/v4/user', sudoOnly.token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ ...INSUFFICIENT, scope: 'api read_api read_user' });
  });
});

interface RouteInfo {
  method: string;
  url: string;
  auth: string;
}

/** Every route of the `/api/v4` tree as Fastify registers it (HEAD twins dropped), with its auth mode. */
async function listApiRoutes(): Promise<RouteInfo[]> {
  const routes: RouteInfo[] = [];
  const app = Fastify();
  app.addHook('onRoute', (r: RouteOptions) => {
    const auth = (r.config as { auth?: string } | undefined)?.auth ?? 'required';
    for (const m of Array.isArray(r.method) ? r.method : [r.method])
      if (m !== 'HEAD') routes.push({ method: m, url: r.url, auth });
  });
  await app.register(apiRoutes, { prefix: '/api/v4', alertPayloadLimit: DEFAULT_ALERT_PAYLOAD_LIMIT });
  await app.ready();
  await app.close();
  return routes;
}

/** A concrete path for a route pattern: every `:param` becomes `1`, a wildcard `x`. Pure. */
function concretePath(url: string): string {
  return url.replace(/:[A-Za-z_][A-Za-z0-9_]*(\([^)]*\))?/g, '1').replace(/\*/g, 'x');
}

describe('REST needs api (or read_api for reads): write_repository is for git only', () => {
  let t: TestCore;
  let routes: RouteInfo[];
  let gitOnly: User;
  let allButApi: User;
  let developerApi: User;
  let projectId: number;

  beforeAll(async () => {
    t = await startTestCore();
    // GET /personal_access_tokens/self admits every scope, as GitLab's (lib/api/personal_access_tokens/
    // self_information.rb: "any token regardless of scope should be able to view … itself").
    routes = (await listApiRoutes()).filter(
      (r) => r.auth !== 'none' && !(r.method === 'GET' && r.url === '/api/v4/personal_access_tokens/self'),
    );
    gitOnly = await createUserWithToken(t, { scopes: ['write_repository'] });
    allButApi = await createUserWithToken(t, {
      scopes: ['read_api', 'read_user', 'read_repository', 'write_repository', 'sudo'],
    });
    developerApi = await createUserWithToken(t);
    const p = await t.api<{ id: number }>('POST', '/projects', {
      json: { name: 'scoped', initialize_with_readme: true },
    });
    projectId = p.body.id;
    for (const u of [gitOnly, allButApi, developerApi]) {
      const m = await t.api('POST', `/projects/${projectId}/members`, {
        json: { user_id: u.id, access_level: 40 },
      });
      expect(m.status).toBe(201);
    }
  }, 60_000);
  afterAll(async () => t.close());

  it('the route table is the real one', () => {
    expect(routes.length).toBeGreaterThan(150);
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    for (const k of [
      'POST /api/v4/projects/:id/repository/commits',
      'POST /api/v4/projects/:id/repository/files/:file_path',
      'PUT /api/v4/projects/:id/repository/files/:file_path',
      'DELETE /api/v4/projects/:id/repository/files/:file_path',
      'POST /api/v4/projects/:id/repository/branches',
      'POST /api/v4/projects/:id/repository/tags',
      'POST /api/v4/projects/:id/repository/commits/:sha/cherry_pick',
    ])
      expect(keys).toContain(k);
  });

  it('every route answers a write_repository token 403 insufficient_scope', async () => {
    const wrong: string[] = [];
    for (const r of routes) {
      const res = await fetch(`${t.url}${concretePath(r.url)}`, {
        method: r.method,
        headers: { 'PRIVATE-TOKEN': gitOnly.token, 'content-type': 'application/json' },
        body: r.method === 'GET' ? undefined : '{}',
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json().catch(() => null)) as { error?: string; scope?: string } | null;
      if (res.status !== 403 || body?.error !== 'insufficient_scope')
        wrong.push(`${r.method} ${r.url} → ${res.status} ${JSON.stringify(body)}`);
      else if (r.method !== 'GET' && body.scope !== 'api')
        wrong.push(`${r.method} ${r.url} → scope ${body.scope}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('every write answers a token with every scope but api 403 insufficient_scope "api"', async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => x.method !== 'GET')) {
      const res = await fetch(
        `${t.url}${concretePath(r.url).replace('/projects/1/', `/projects/${projectId}/`)}`,
        {
          method: r.method,
          headers: { 'PRIVATE-TOKEN': allButApi.token, 'content-type': 'application/json' },
          body: '{}',
        },
      );
      const body = (await res.json().catch(() => null)) as unknown;
      if (res.status !== 403 || JSON.stringify(body) !== JSON.stringify({ ...INSUFFICIENT, scope: 'api' }))
        wrong.push(`${r.method} ${r.url} → ${res.status} ${JSON.stringify(body)}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('commits, files, branches and tags: refused for write_repository, nothing moves; api writes them', async () => {
    const repo = projectRepoPath(t.dataDir, projectId);
    const refsNow = () =>
      execFileSync('git', [`--git-dir=${repo}`, 'for-each-ref', '--format=%(refname) %(objectname)'], {
        encoding: 'utf8',
      });
    const base = `/projects/${projectId}/repository`;
    const writes: [string, string, Record<string, unknown>][] = [
      [
        'POST',
        `${base}/commits`,
        {
          branch: 'main',
          commit_message: 'c',
          actions: [{ action: 'create', file_path: 'c.txt', content: 'c' }],
        },
      ],
      ['POST', `${base}/files/f.txt`, { branch: 'main', content: 'f', commit_message: 'f' }],
      ['PUT', `${base}/files/README.md`, { branch: 'main', content: 'r', commit_message: 'r' }],
      ['DELETE', `${base}/files/README.md`, { branch: 'main', commit_message: 'd' }],
      ['POST', `${base}/branches`, { branch: 'b1', ref: 'main' }],
      ['POST', `${base}/tags`, { tag_name: 't1', ref: 'main' }],
    ];
    const before = refsNow();
    for (const [method, p, json] of writes) {
      const res = await t.api(method, p, { token: gitOnly.token, json });
      expect(res.status, `${method} ${p}`).toBe(403);
      expect(res.body, `${method} ${p}`).toEqual({ ...INSUFFICIENT, scope: 'api' });
    }
    expect(refsNow()).toBe(before);
    // The same writes with an api token of a Maintainer succeed: the refusals above were the scope's.
    const ok: number[] = [];
    for (const [method, p, json] of writes.slice(0, 2))
      ok.push((await t.api(method, p, { token: developerApi.token, json })).status);
    expect(ok).toEqual([201, 201]);
  });

  it('a write_repository token still pushes over git', async () => {
    // Asynchronous git: the core answering it runs in this process (helpers/git-http.ts).
    const client = await makeGitClient();
    const work = await client.tempDir('outpost-scope-push-');
    try {
      const project = await t.api<{ path_with_namespace: string }>('GET', `/projects/${projectId}`);
      const url = cloneUrl(t.url, project.body.path_with_namespace, gitOnly.token);
      await client.ok(work, 'clone', '--quiet', url, 'w');
      const w = path.join(work, 'w');
      writeFileSync(path.join(w, 'pushed.txt'), 'pushed\n');
      await client.ok(w, 'add', 'pushed.txt');
      await client.ok(w, 'commit', '--quiet', '-m', 'pushed');
      await client.ok(w, 'push', '--quiet', 'origin', 'HEAD:refs/heads/pushed-by-git');
      const branch = await t.api('GET', `/projects/${projectId}/repository/branches/pushed-by-git`);
      expect(branch.status).toBe(200);
    } finally {
      await rm(work, { recursive: true, force: true });
      await rm(client.home, { recursive: true, force: true });
    }
  });
});

describe("git's temporary index files", () => {
  let t: TestCore;
  let outside: string;

  beforeAll(async () => {
    outside = await mkdtemp(path.join(os.tmpdir(), 'outpost-outside-'));
  });
  afterAll(async () => {
    await t?.close();
    await rm(outside, { recursive: true, force: true });
  });

  it("a crash's leftovers are swept when a core starts; a planted symlink is removed, not followed", async () => {
    t = await startTestCore();
    const dataDir = t.dataDir;
    await t.stop();
    const area = path.join(dataDir, 'tmp', 'git');
    mkdirSync(path.join(area, 'index-stale'), { recursive: true });
    writeFileSync(path.join(area, 'index-stale', 'index'), 'DIRC stale');
    writeFileSync(path.join(area, 'index-stale', 'index.lock'), '');
    mkdirSync(path.join(area, 'rebase-stale', 'worktree', 'src'), { recursive: true });
    writeFileSync(path.join(area, 'rebase-stale', 'worktree', 'src', 'a.txt'), 'a');
    writeFileSync(path.join(outside, 'keep.txt'), 'host file');
    symlinkSync(outside, path.join(area, 'planted-link'));

    t = await startTestCore({ dataDir });
    expect(await readdir(area)).toEqual([]);
    expect(readFileSync(path.join(outside, 'keep.txt'), 'utf8')).toBe('host file');
    expect(lstatSync(area).mode & 0o777).toBe(0o700);
    expect(lstatSync(path.join(dataDir, 'tmp')).mode & 0o777).toBe(0o700);
  });

  it('the area itself replaced by a symlink becomes a real directory again; the target is untouched', async () => {
    const dataDir = t.dataDir;
    await t.stop();
    const area = path.join(dataDir, 'tmp', 'git');
    await rm(area, { recursive: true, force: true });
    symlinkSync(outside, area);
    t = await startTestCore({ dataDir });
    expect(lstatSync(area).isDirectory()).toBe(true);
    expect(lstatSync(area).isSymbolicLink()).toBe(false);
    expect(existsSync(path.join(outside, 'keep.txt'))).toBe(true);
  });

  it('a commit through the API builds its index in a 0700 directory of the area, as a 0600 file, then removes it', async () => {
    const area = path.join(t.dataDir, 'tmp', 'git');
    const p = await t.api<{ id: number }>('POST', '/projects', {
      json: { name: 'index-files', initialize_with_readme: true },
    });
    const seen = new Map<string, number>();
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        for (const dir of await readdir(area).catch(() => [] as string[])) {
          const d = path.join(area, dir);
          const st = await lstat(d).catch(() => null);
          if (st) seen.set(`${dir}/`, st.mode & 0o7777);
          for (const f of await readdir(d).catch(() => [] as string[])) {
            const fst = await lstat(path.join(d, f)).catch(() => null);
            if (fst && fst.isFile()) seen.set(`${dir}/${f}`, fst.mode & 0o7777);
          }
        }
        await new Promise((r) => setImmediate(r));
      }
    })();
    for (let i = 0; i < 12; i++) {
      const res = await t.api('POST', `/projects/${p.body.id}/repository/commits`, {
        json: {
          branch: 'main',
          commit_message: `commit ${i}`,
          actions: Array.from({ length: 20 }, (_, k) => ({
            action: 'create',
            file_path: `d${i}/f${k}.txt`,
            content: `${i}-${k}`,
          })),
        },
      });
      expect(res.status).toBe(201);
    }
    watching = false;
    await watcher;
    const files = [...seen].filter(([k]) => !k.endsWith('/'));
    const dirs = [...seen].filter(([k]) => k.endsWith('/'));
    expect(files.some(([k]) => /^index-[^/]+\/index$/.test(k))).toBe(true);
    for (const [k, mode] of files) expect([k, mode.toString(8)]).toEqual([k, '600']);
    for (const [k, mode] of dirs) expect([k, mode.toString(8)]).toEqual([k, '700']);
    expect(await readdir(area)).toEqual([]);
  }, 60_000);
});

describe('environment:url from .gitlab-ci.yml gets the REST external_url check', () => {
  let t: TestCore;
  let user: User;

  beforeAll(async () => {
    t = await startTestCore();
    user = await createUserWithToken(t);
  });
  afterAll(async () => t.close());

  interface Env {
    name: string;
    external_url: string | null;
    state: string;
  }

  it('javascript: and data: URLs of a pipeline pushed by an ordinary user are never stored', async () => {
    const created = await t.api<{ id: number }>('POST', '/projects', {
      token: user.token,
      json: { name: 'deploys', initialize_with_readme: true },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    // The REST API refuses these URLs (the rule the pipeline must share).
    for (const bad of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>']) {
      const res = await t.api('POST', `/projects/${id}/environments`, {
        token: user.token,
        json: { name: `rest-${bad.slice(0, 4)}`, external_url: bad },
      });
      expect(res.status).toBe(400);
    }

    const ci = (url: string) => `
deploy_a:
  script: echo deploy a
  environment:
    name: env-a
    url: "${url}"
deploy_data:
  script: echo deploy data
  environment:
    name: env-data
    url: "data:text/html,<script>alert(1)</script>"
deploy_good:
  script: echo deploy good
  environment:
    name: env-good
    url: https://good.example.com/$CI_COMMIT_REF_SLUG
`;
    // First pipeline: env-a gets a valid URL.
    await commitFile(t, id, '.gitlab-ci.yml', ci('https://a.example.com'), { token: user.token });
    const first = (await latestPipeline(t, id))!;
    expect((await waitForPipeline(t, id, first.id, undefined, 60_000)).status).toBe('success');
    // Second pipeline: env-a's job now says javascript:.
    await commitFile(t, id, '.gitlab-ci.yml', ci('javascript:alert(document.cookie)//'), {
      token: user.token,
    });
    const second = (await latestPipeline(t, id))!;
    expect(second.id).not.toBe(first.id);
    const done = await waitForPipeline(t, id, second.id, undefined, 60_000);
    expect(done.status).toBe('success');
    const jobs = await pipelineJobs(t, id, second.id);
    expect([...jobs.values()].map((j) => j.status)).toEqual(['success', 'success', 'success']);

    const envs = await t.api<Env[]>('GET', `/projects/${id}/environments`, { token: user.token });
    const byName = new Map(envs.body.map((e) => [e.name, e]));
    expect(byName.get('env-a')?.external_url).toBe('https://a.example.com');
    expect(byName.get('env-data')?.external_url).toBeNull();
    expect(byName.get('env-good')?.external_url).toBe('https://good.example.com/main');
    const deployments = await t.api<{ environment: { name: string } }[]>(
      'GET',
      `/projects/${id}/deployments?per_page=100`,
      { token: user.token },
    );
    expect(deployments.body.filter((d) => d.environment.name === 'env-a')).toHaveLength(2);

    const db = openCoreDatabase(t.dataDir);
    try {
      const stored = db
        .prepare(
          "SELECT count(*) AS n FROM environments WHERE external_url IS NOT NULL AND external_url NOT LIKE 'http%'",
        )
        .get() as { n: number };
      expect(stored.n).toBe(0);
    } finally {
      db.close();
    }
  }, 120_000);
});
