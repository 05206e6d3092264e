/**
 * The Content-Type of every answer is what GitLab sends (issue 16, "The wire: Content type"): exactly
 * `application/json` for JSON — lists, single objects, created objects, validation errors, 401, 404 from a
 * lookup and from the catch-all, over HTTP and through `core.inject` (the host's embedded path) — and the
 * other types untouched: raw files and job traces `text/plain; charset=utf-8`, git's smart-HTTP types.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFile, createProject } from '../helpers/pipelines.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

let t: TestCore;
let project: { id: number; path: string };
let jobId: number;

beforeAll(async () => {
  t = await startTestCore();
  project = await createProject(t, { visibility: 'public' });
  await commitFile(t, project.id, '.gitlab-ci.yml', 'build:\n  script: echo hi\n  when: manual\n');
  const pipeline = await t.api<{ id: number }>('POST', `/projects/${project.id}/pipeline`, {
    json: { ref: 'main' },
  });
  const jobs = await t.api<{ id: number }[]>(
    'GET',
    `/projects/${project.id}/pipelines/${pipeline.body.id}/jobs`,
  );
  jobId = jobs.body[0]!.id;
});
afterAll(async () => t.close());

async function typeOf(method: string, path: string, init: { token?: string | null; json?: unknown } = {}) {
  const headers: Record<string, string> = {};
  const token = init.token === undefined ? t.rootToken : init.token;
  if (token !== null) headers['private-token'] = token;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${t.url}${path}`, {
    method,
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), text };
}

describe('JSON answers carry exactly application/json', () => {
  it.each([
    ['a single object', 'GET', '/api/v4/version', {}, 200],
    ['a paginated list', 'GET', '/api/v4/projects', {}, 200],
    [
      'a created object',
      'POST',
      '/api/v4/projects/PID/labels',
      { json: { name: 'x', color: '#ff0000' } },
      201,
    ],
    ['a missing parameter (400 {"error"})', 'POST', '/api/v4/projects/PID/labels', { json: {} }, 400],
    [
      'a field validation error (400 {"message"})',
      'POST',
      '/api/v4/projects/PID/labels',
      { json: { name: 'x', color: 'nope' } },
      400,
    ],
    ['a bad token (401)', 'GET', '/api/v4/user', { token: 'glpat-wrong-token-000000000' }, 401],
    ['a missing project (404)', 'GET', '/api/v4/projects/999999', {}, 404],
    ['an unknown route (the catch-all 404)', 'GET', '/api/v4/no/such/route', {}, 404],
    [
      'a refused tag (405)',
      'POST',
      '/api/v4/projects/PID/repository/tags',
      { json: { tag_name: 'a..b', ref: 'main' } },
      405,
    ],
    ['an unreadable body (400)', 'POST', '/api/v4/projects/PID/labels', { json: undefined }, 400],
  ] as const)('for %s', async (_what, method, path, init, status) => {
    const p = path.replace('PID', String(project.id));
    const res =
      _what === 'an unreadable body (400)'
        ? await fetch(`${t.url}${p}`, {
            method,
            headers: { 'private-token': t.rootToken, 'content-type': 'application/json' },
            body: '{',
          }).then(async (r) => ({
            status: r.status,
            type: r.headers.get('content-type'),
            text: await r.text(),
          }))
        : await typeOf(method, p, init as { token?: string | null; json?: unknown });
    expect({ status: res.status, type: res.type }).toEqual({ status, type: 'application/json' });
    expect(() => JSON.parse(res.text) as unknown).not.toThrow();
  });

  it('keeps the pagination headers beside it', async () => {
    const res = await fetch(`${t.url}/api/v4/projects?per_page=1`, {
      headers: { 'private-token': t.rootToken },
    });
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('x-per-page')).toBe('1');
    expect(res.headers.get('link')).toContain('rel="first"');
  });

  it('through core.inject, the path the desktop host takes', async () => {
    const res = await t.core.inject({
      method: 'GET',
      url: `/api/v4/projects/${project.id}`,
      headers: { 'private-token': t.rootToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
  });
});

describe('other answers keep their own types', () => {
  it('a raw file is text/plain; charset=utf-8', async () => {
    const res = await typeOf('GET', `/api/v4/projects/${project.id}/repository/files/README.md/raw?ref=main`);
    expect({ status: res.status, type: res.type }).toEqual({
      status: 200,
      type: 'text/plain; charset=utf-8',
    });
  });

  it('a job trace is text/plain; charset=utf-8', async () => {
    const res = await typeOf('GET', `/api/v4/projects/${project.id}/jobs/${jobId}/trace`);
    expect({ status: res.status, type: res.type }).toEqual({
      status: 200,
      type: 'text/plain; charset=utf-8',
    });
  });

  it("git's refs advertisement keeps git's type", async () => {
    const res = await typeOf('GET', `/${project.path}.git/info/refs?service=git-upload-pack`, {
      token: null,
    });
    expect({ status: res.status, type: res.type }).toEqual({
      status: 200,
      type: 'application/x-git-upload-pack-advertisement',
    });
  });
});
