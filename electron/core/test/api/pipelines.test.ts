/**
 * Pipelines API over real HTTP (doc/api/pipelines.md; spec "Pipelines", States table; gitlab-api-notes
 * §5, §6): create (201, variables, every 400), the list with its filters and order, the single form,
 * latest, variables, retry (201), cancel (200), delete (204, Owner), ETag/304 and Poll-Interval, and the
 * permission rules (readers, Developers, protected branches, Owners, anonymous on public projects).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProjectMember } from '../helpers/repository-projects.js';
import {
  commitFile,
  createProject,
  latestPipeline,
  pipelineJobs,
  waitForJob,
  waitForPipeline,
} from '../helpers/pipelines.js';
import type { JobJson, PipelineJson } from '../helpers/pipelines.js';
import { unprotectNewDefaultBranches } from '../helpers/default-branch-protection.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type User = { id: number; username: string; token: string };

let t: TestCore;
let project: { id: number; path: string };
let dev: User;
let reporter: User;
let guest: User;
let maintainer: User;
let outsider: User;

const CONFIG = `
build:
  stage: build
  script: echo "build $CI_PIPELINE_SOURCE $MY_VAR"
test:
  stage: test
  script: echo test
  rules:
    - if: '$FAIL == "yes"'
      when: on_success
      allow_failure: false
    - when: on_success
`;

beforeAll(async () => {
  t = await startTestCore();
  // Developers here run pipelines on, or protect, the default branch themselves (helpers/default-branch-protection.ts).
  await unprotectNewDefaultBranches(t);
  project = await createProject(t, { visibility: 'private' });
  [dev, reporter, guest, maintainer, outsider] = await Promise.all([
    createUserWithToken(t),
    createUserWithToken(t),
    createUserWithToken(t),
    createUserWithToken(t),
    createUserWithToken(t),
  ]);
  await addProjectMember(t, project.id, dev.id, 30);
  await addProjectMember(t, project.id, reporter.id, 20);
  await addProjectMember(t, project.id, guest.id, 10);
  await addProjectMember(t, project.id, maintainer.id, 40);
  await commitFile(t, project.id, '.gitlab-ci.yml', CONFIG, { message: 'Add CI [skip ci]' });
  await t.api('POST', `/projects/${project.id}/repository/branches`, {
    json: { branch: 'feature', ref: 'main' },
  });
  await t.core.idle();
});

afterAll(async () => {
  await t.close();
});

const base = () => `/projects/${project.id}`;

async function create(ref: string, opts: { token?: string; variables?: unknown[] } = {}) {
  return t.api<PipelineJson & { message?: unknown }>('POST', `${base()}/pipeline`, {
    json: { ref, variables: opts.variables },
    token: opts.token,
  });
}

describe('POST /projects/:id/pipeline', () => {
  it('creates a pipeline (201, pending) with variables, source api', async () => {
    const res = await create('main', {
      token: dev.token,
      variables: [
        { key: 'MY_VAR', value: 'hello' },
        { key: 'MY_FILE', value: 'content', variable_type: 'file' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ref: 'main',
      tag: false,
      source: 'api',
      status: 'pending',
      yaml_errors: null,
      before_sha: '0000000000000000000000000000000000000000',
      user: { username: dev.username },
      web_url: expect.stringMatching(new RegExp(`/${project.path}/-/pipelines/${res.body.id}$`)),
    });
    expect(res.body.iid).toEqual(expect.any(Number));
    const done = await waitForPipeline(t, project.id, res.body.id);
    expect(done.status).toBe('success');
    const vars = await t.api('GET', `${base()}/pipelines/${res.body.id}/variables`, { token: dev.token });
    expect(vars.body).toEqual([
      { key: 'MY_VAR', variable_type: 'env_var', value: 'hello' },
      { key: 'MY_FILE', variable_type: 'file', value: 'content' },
    ]);
    const build = (await pipelineJobs(t, project.id, res.body.id)).get('build')!;
    expect((await t.api('GET', `${base()}/jobs/${build.id}/trace`)).text).toContain('build api hello');
  });

  it('accepts form-encoded variables[] and tags', async () => {
    await t.api('POST', `${base()}/repository/tags`, { json: { tag_name: 'v1.0', ref: 'main' } });
    await t.core.idle();
    const res = await t.api<PipelineJson>('POST', `${base()}/pipeline`, {
      form: [
        ['ref', 'v1.0'],
        ['variables[][key]', 'MY_VAR'],
        ['variables[][value]', 'formed'],
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ref: 'v1.0', tag: true });
    await waitForPipeline(t, project.id, res.body.id);
  });

  it('refuses with GitLab validation bodies', async () => {
    const missing = await create('nope');
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: { base: ['Reference not found'] } });
    expect((await t.api('POST', `${base()}/pipeline`, { json: {} })).body).toEqual({
      error: 'ref is missing',
    });
    const bad = await create('main', { variables: [{ key: 'bad key', value: 'x' }] });
    expect(bad.status).toBe(400);

    const other = await createProject(t);
    expect((await t.api('POST', `/projects/${other.id}/pipeline`, { json: { ref: 'main' } })).body).toEqual({
      message: { base: ['Missing CI config file'] },
    });
    await commitFile(t, other.id, '.gitlab-ci.yml', 'job:\n  script: x\n  foo: 1\n');
    const invalid = await t.api('POST', `/projects/${other.id}/pipeline`, { json: { ref: 'main' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ message: { base: ['jobs:job config contains unknown keys: foo'] } });
    await commitFile(t, other.id, '.gitlab-ci.yml', 'job:\n  script: x\n  only: [tags]\n');
    expect((await t.api('POST', `/projects/${other.id}/pipeline`, { json: { ref: 'main' } })).body).toEqual({
      message: { base: ['No stages / jobs for this pipeline.'] },
    });
  });

  it('needs Developer, and push or merge rights on a protected branch', async () => {
    expect((await create('main', { token: reporter.token })).status).toBe(403);
    expect((await create('main', { token: outsider.token })).status).toBe(404);
    expect((await t.api('POST', `${base()}/pipeline`, { json: { ref: 'main' }, token: null })).status).toBe(
      401,
    );
    await t.api('POST', `${base()}/protected_branches`, {
      json: { name: 'feature', push_access_level: 40, merge_access_level: 40 },
    });
    const refused = await create('feature', { token: dev.token });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message: { base: ["Insufficient permissions for protected ref 'feature'"] },
    });
    const allowed = await create('feature', { token: maintainer.token });
    expect(allowed.status).toBe(201);
    await waitForPipeline(t, project.id, allowed.body.id);
    // Retrying or canceling on that branch needs the same rights.
    expect(
      (await t.api('POST', `${base()}/pipelines/${allowed.body.id}/retry`, { token: dev.token })).status,
    ).toBe(403);
    await t.api('DELETE', `${base()}/protected_branches/feature`);
  });
});

describe('GET /projects/:id/pipelines', () => {
  let ids: { main: number; feature: number; failed: number };

  beforeAll(async () => {
    const main = (await create('main', { token: dev.token })).body.id;
    const feature = (await create('feature', { token: maintainer.token })).body.id;
    const failedRes = await t.api<PipelineJson>('POST', `${base()}/pipeline`, {
      json: { ref: 'main', variables: [{ key: 'FAIL', value: 'yes' }] },
    });
    ids = { main, feature, failed: failedRes.body.id };
    await Promise.all(Object.values(ids).map((id) => waitForPipeline(t, project.id, id)));
  });

  async function list(query: string, token?: string) {
    return t.api<PipelineJson[]>('GET', `${base()}/pipelines${query}`, { token });
  }

  it('lists newest first with the list form and pagination headers', async () => {
    const res = await list('?per_page=2');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]!.id).toBeGreaterThan(res.body[1]!.id);
    expect(Object.keys(res.body[0]!).sort()).toEqual(
      [
        'created_at',
        'id',
        'iid',
        'project_id',
        'ref',
        'sha',
        'source',
        'status',
        'updated_at',
        'web_url',
      ].sort(),
    );
    expect(res.headers.get('x-total')).toEqual(expect.any(String));
    expect(res.headers.get('x-next-page')).toBe('2');
  });

  it('filters by ref, sha, status, scope, source, username, name, yaml_errors and updated_*', async () => {
    const byRef = await list('?ref=feature');
    expect(byRef.body.every((p) => p.ref === 'feature')).toBe(true);
    expect(byRef.body.map((p) => p.id)).toContain(ids.feature);
    const one = byRef.body[0]!;
    expect((await list(`?sha=${one.sha}`)).body.every((p) => p.sha === one.sha)).toBe(true);
    expect((await list('?status=success')).body.every((p) => p.status === 'success')).toBe(true);
    expect((await list('?scope=finished')).body.length).toBeGreaterThan(0);
    expect((await list('?scope=running')).body).toEqual([]);
    const branches = (await list('?scope=branches')).body;
    expect(branches.map((p) => p.ref).sort()).toEqual(['feature', 'main']);
    expect(branches.find((p) => p.ref === 'main')!.id).toBe(ids.failed);
    expect((await list('?scope=tags')).body.map((p) => p.ref)).toEqual(['v1.0']);
    expect((await list('?source=push')).body.every((p) => p.source === 'push')).toBe(true);
    const byUser = (await list(`?username=${dev.username}`)).body.map((p) => p.id);
    expect(byUser).toContain(ids.main);
    expect(byUser).not.toContain(ids.feature);
    expect(
      (await list(`?name=${encodeURIComponent(`User ${maintainer.username}`)}`)).body.map((p) => p.id),
    ).toContain(ids.feature);
    expect((await list('?yaml_errors=true')).body).toEqual([]);
    expect((await list('?yaml_errors=false')).body.length).toBeGreaterThan(0);
    expect((await list('?updated_after=2100-01-01T00:00:00Z')).body).toEqual([]);
    expect((await list('?updated_before=2100-01-01T00:00:00Z')).body.length).toBeGreaterThan(0);
  });

  it('orders by id, ref, status, updated_at, user_id', async () => {
    const asc = (await list('?sort=asc&per_page=100')).body.map((p) => p.id);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const byRef = (await list('?order_by=ref&sort=asc&per_page=100')).body.map((p) => p.ref);
    expect(byRef).toEqual([...byRef].sort());
    const byStatus = (await list('?order_by=status&sort=desc&per_page=100')).body.map((p) => p.status);
    expect(byStatus).toEqual([...byStatus].sort().reverse());
    expect((await list('?order_by=updated_at')).status).toBe(200);
    expect((await list('?order_by=user_id')).status).toBe(200);
  });

  it('validates parameters in Grape words', async () => {
    expect((await list('?scope=everything')).body).toEqual({ error: 'scope does not have a valid value' });
    expect((await list('?status=great')).body).toEqual({ error: 'status does not have a valid value' });
    expect((await list('?order_by=name')).body).toEqual({ error: 'order_by does not have a valid value' });
    expect((await list('?updated_after=yesterday')).body).toEqual({ error: 'updated_after is invalid' });
  });

  it('answers 304 to If-None-Match until something changes, with Poll-Interval', async () => {
    const first = await list('?per_page=5');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get('poll-interval')).toBe('10000');
    const again = await t.api('GET', `${base()}/pipelines?per_page=5`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const otherQuery = await t.api('GET', `${base()}/pipelines?per_page=4`, {
      headers: { 'if-none-match': etag },
    });
    expect(otherQuery.status).toBe(200);
    const created = await create('main', { token: dev.token });
    const changed = await t.api('GET', `${base()}/pipelines?per_page=5`, {
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    await waitForPipeline(t, project.id, created.body.id);
  });

  it('a scope=tags (or branches) list is not 304 once its refs change, though no pipeline did', async () => {
    await t.api('POST', `${base()}/repository/tags`, { json: { tag_name: 'v-etag', ref: 'main' } });
    const tagged = await create('v-etag', { token: dev.token });
    await waitForPipeline(t, project.id, tagged.body.id);
    const before = await list('?scope=tags');
    expect(before.body.map((p) => p.ref)).toContain('v-etag');
    const etag = before.headers.get('etag')!;
    expect((await t.api('DELETE', `${base()}/repository/tags/v-etag`)).status).toBe(204);
    const after = await t.api<PipelineJson[]>('GET', `${base()}/pipelines?scope=tags`, {
      headers: { 'if-none-match': etag },
    });
    expect(after.status).toBe(200);
    expect(after.body.map((p) => p.ref)).not.toContain('v-etag');
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('is readable by members down to Guest (public pipelines), not by outsiders', async () => {
    expect((await list('', guest.token)).status).toBe(200);
    expect((await list('', reporter.token)).status).toBe(200);
    expect((await list('', outsider.token)).status).toBe(404);
    expect((await list('', null as unknown as string)).status).toBe(404);
  });
});

describe('single pipeline reads', () => {
  let p: PipelineJson;

  beforeAll(async () => {
    const res = await create('main', { token: dev.token });
    p = await waitForPipeline(t, project.id, res.body.id);
  });

  it('returns the single form with detailed_status, duration and user', async () => {
    const res = await t.api<PipelineJson>('GET', `${base()}/pipelines/${p.id}`, { token: guest.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: p.id,
      status: 'success',
      tag: false,
      yaml_errors: null,
      coverage: null,
      user: { username: dev.username },
      detailed_status: {
        text: 'passed',
        label: 'passed',
        group: 'success',
        icon: 'status_success',
        has_details: true,
      },
    });
    expect(res.body.duration).toEqual(expect.any(Number));
    expect(res.body.queued_duration).toEqual(expect.any(Number));
    expect(res.headers.get('poll-interval')).toBe('-1');
    expect((await t.api('GET', `${base()}/pipelines/999999`)).body).toEqual({ message: '404 Not found' });
    expect((await t.api('GET', `${base()}/pipelines/abc`)).status).toBe(404);
  });

  it('answers 304 for an unchanged pipeline, 200 once it changes', async () => {
    const first = await t.api('GET', `${base()}/pipelines/${p.id}`);
    const etag = first.headers.get('etag')!;
    const again = await t.api('GET', `${base()}/pipelines/${p.id}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    // Retrying a passed pipeline changes nothing: still 304.
    expect((await t.api('POST', `${base()}/pipelines/${p.id}/retry`, { token: dev.token })).status).toBe(201);
    expect(
      (await t.api('GET', `${base()}/pipelines/${p.id}`, { headers: { 'if-none-match': etag } })).status,
    ).toBe(304);
    const build = (await pipelineJobs(t, project.id, p.id)).get('build')!;
    expect((await t.api('POST', `${base()}/jobs/${build.id}/retry`, { token: dev.token })).status).toBe(201);
    const after = await t.api('GET', `${base()}/pipelines/${p.id}`, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    await waitForPipeline(t, project.id, p.id);
  });

  it('GET …/pipelines/latest gives the newest pipeline of a ref (403 when none)', async () => {
    const latest = await t.api<PipelineJson>('GET', `${base()}/pipelines/latest`);
    expect(latest.status).toBe(200);
    expect(latest.body.ref).toBe('main');
    expect(latest.body.id).toBe((await latestPipelineOfRef('main')).id);
    expect((await t.api<PipelineJson>('GET', `${base()}/pipelines/latest?ref=feature`)).body.ref).toBe(
      'feature',
    );
    expect((await t.api('GET', `${base()}/pipelines/latest?ref=none`)).status).toBe(403);
  });

  it('shows variables to Developers only', async () => {
    expect((await t.api('GET', `${base()}/pipelines/${p.id}/variables`, { token: dev.token })).body).toEqual(
      [],
    );
    expect(
      (await t.api('GET', `${base()}/pipelines/${p.id}/variables`, { token: reporter.token })).status,
    ).toBe(403);
  });

  it('returns an empty test report without JUnit reports', async () => {
    const res = await t.api('GET', `${base()}/pipelines/${p.id}/test_report`, { token: guest.token });
    expect(res.body).toEqual({
      total_time: 0,
      total_count: 0,
      success_count: 0,
      failed_count: 0,
      skipped_count: 0,
      error_count: 0,
      test_suites: [],
    });
  });
});

async function latestPipelineOfRef(ref: string): Promise<PipelineJson> {
  const res = await t.api<PipelineJson[]>('GET', `${base()}/pipelines?ref=${ref}&per_page=1`);
  return res.body[0]!;
}

describe('retry, cancel, delete', () => {
  it('retries failed jobs as new attempts (201)', async () => {
    const other = await createProject(t);
    await commitFile(
      t,
      other.id,
      '.gitlab-ci.yml',
      'a:\n  script: test -f flag.txt\nb:\n  stage: deploy\n  script: echo b\n',
    );
    const p = (await latestPipeline(t, other.id))!;
    const failed = await waitForPipeline(t, other.id, p.id);
    expect(failed.status).toBe('failed');
    const before = await pipelineJobs(t, other.id, p.id);
    expect(before.get('b')!.status).toBe('skipped');
    expect(
      (await t.api('POST', `/projects/${other.id}/pipelines/${p.id}/retry`, { token: reporter.token }))
        .status,
    ).toBe(404);
    const retried = await t.api<PipelineJson>('POST', `/projects/${other.id}/pipelines/${p.id}/retry`);
    expect(retried.status).toBe(201);
    expect(['pending', 'running']).toContain(retried.body.status);
    expect(retried.body.finished_at).toBeNull();
    const again = await waitForPipeline(t, other.id, p.id);
    expect(again.status).toBe('failed');
    const all = await t.api<JobJson[]>(
      'GET',
      `/projects/${other.id}/pipelines/${p.id}/jobs?include_retried=true`,
    );
    expect(all.body.map((j) => [j.name, j.status])).toEqual([
      ['a', 'failed'],
      ['b', 'skipped'],
      ['a', 'failed'],
    ]);
  });

  it('cancels pending and running jobs (200)', async () => {
    const other = await createProject(t);
    await commitFile(
      t,
      other.id,
      '.gitlab-ci.yml',
      'slow:\n  script: sleep 20\nlater:\n  stage: deploy\n  script: echo x\n',
    );
    const p = (await latestPipeline(t, other.id))!;
    await waitForJob(t, other.id, p.id, 'slow', ['running']);
    expect(
      (await t.api('POST', `/projects/${other.id}/pipelines/${p.id}/cancel`, { token: outsider.token }))
        .status,
    ).toBe(404);
    const res = await t.api<PipelineJson>('POST', `/projects/${other.id}/pipelines/${p.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('canceled');
    const jobs = await pipelineJobs(t, other.id, p.id);
    expect([...jobs.values()].map((j) => j.status)).toEqual(['canceled', 'canceled']);
  });

  it('deletes a pipeline with its jobs and traces (204, Owner only)', async () => {
    const res = await create('main', { token: dev.token });
    const p = await waitForPipeline(t, project.id, res.body.id);
    const job = (await pipelineJobs(t, project.id, p.id)).get('build')!;
    expect((await t.api('DELETE', `${base()}/pipelines/${p.id}`, { token: maintainer.token })).status).toBe(
      403,
    );
    expect((await t.api('DELETE', `${base()}/pipelines/${p.id}`, { token: dev.token })).status).toBe(403);
    const del = await t.api('DELETE', `${base()}/pipelines/${p.id}`);
    expect(del.status).toBe(204);
    expect((await t.api('GET', `${base()}/pipelines/${p.id}`)).status).toBe(404);
    expect((await t.api('GET', `${base()}/jobs/${job.id}`)).status).toBe(404);
    expect((await t.api('DELETE', `${base()}/pipelines/${p.id}`)).status).toBe(404);
  });
});

describe('public projects', () => {
  it('lets anonymous users read pipelines and jobs but not act', async () => {
    const pub = await createProject(t, { visibility: 'public' });
    await commitFile(t, pub.id, '.gitlab-ci.yml', 'job:\n  script: echo public\n');
    const p = (await latestPipeline(t, pub.id))!;
    await waitForPipeline(t, pub.id, p.id);
    expect((await t.api('GET', `/projects/${pub.id}/pipelines`, { token: null })).status).toBe(200);
    expect((await t.api('GET', `/projects/${pub.id}/pipelines/${p.id}`, { token: null })).status).toBe(200);
    expect((await t.api('GET', `/projects/${pub.id}/pipelines/${p.id}/jobs`, { token: null })).status).toBe(
      200,
    );
    expect((await t.api('POST', `/projects/${pub.id}/pipelines/${p.id}/retry`, { token: null })).status).toBe(
      401,
    );
    expect(
      (await t.api('POST', `/projects/${pub.id}/pipelines/${p.id}/retry`, { token: outsider.token })).status,
    ).toBe(403);
  });
});
