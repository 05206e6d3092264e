/**
 * Malformed input gets a 4xx in GitLab's shape and changes nothing (issue 15, "Bad input never gives a
 * 5xx"): the cases the probe found answering 500 — multipart bodies without a boundary or cut short (before
 * and after authentication), NUL bytes in branch, tag and label names and in path segments — and the other
 * input classes: bad JSON, wrong content types, bodies over the limit, page numbers past SQLite's integers,
 * a few thousand label filters. Real core, real HTTP on loopback, real git.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../helpers/pipelines.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

let t: TestCore;
let project: { id: number; path: string };

beforeAll(async () => {
  t = await startTestCore();
  project = await createProject(t, { visibility: 'public' });
});
afterAll(async () => t.close());

/** A raw request with the root token unless `token` is null. */
async function raw(
  method: string,
  path: string,
  opts: { contentType?: string; body?: string | Buffer; token?: string | null } = {},
) {
  const headers: Record<string, string> = {};
  if (opts.token !== null) headers['private-token'] = opts.token ?? t.rootToken;
  if (opts.contentType) headers['content-type'] = opts.contentType;
  const res = await fetch(`${t.url}/api/v4${path}`, { method, headers, body: opts.body });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), body: JSON.parse(text) as unknown };
}

const names = async (what: 'branches' | 'tags') =>
  (await t.api<{ name: string }[]>('GET', `/projects/${project.id}/repository/${what}`)).body.map(
    (b) => b.name,
  );

describe('multipart bodies the parser cannot read', () => {
  it.each([
    ['without a boundary', 'multipart/form-data', 'name=x', /Boundary not found/],
    [
      'cut short',
      'multipart/form-data; boundary=XyZ',
      '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nabc\r\n--XyZ\r\nContent-Disp',
      /not valid multipart\/form-data/,
    ],
  ])('answers 400 {"error": …} for one %s, and creates nothing', async (_what, contentType, body, reason) => {
    const res = await raw('POST', `/projects/${project.id}/labels`, { contentType, body });
    expect(res.status).toBe(400);
    expect(res.type).toBe('application/json');
    expect(res.body).toEqual({
      error: expect.stringMatching(/^The request body is not valid multipart\/form-data: /),
    });
    expect((res.body as { error: string }).error).toMatch(reason);
    expect((await t.api<unknown[]>('GET', `/projects/${project.id}/labels`)).body).toEqual([]);
  });

  it('answers anonymous callers 401 before reading the body', async () => {
    const res = await raw('POST', `/projects/${project.id}/labels`, {
      token: null,
      contentType: 'multipart/form-data',
      body: 'x',
    });
    expect(res).toMatchObject({ status: 401, body: { message: '401 Unauthorized' } });
  });

  it('still reads a well-formed multipart body', async () => {
    const res = await t.api<{ name: string }>('POST', `/projects/${project.id}/labels`, {
      multipart: [
        ['name', 'from-multipart'],
        ['color', '#00ff00'],
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('from-multipart');
    await t.api('DELETE', `/projects/${project.id}/labels/from-multipart`);
  });
});

describe('NUL bytes', () => {
  const nulMessage = (param: string) => ({ message: `400 Bad request - ${param} contains a NUL byte` });

  it.each([
    ['JSON', { json: { branch: 'a\0b', ref: 'main' } }],
    ['a form', { form: { branch: 'a\0b', ref: 'main' } }],
  ])('in a new branch name (%s) answer 400, and git never sees it', async (_how, body) => {
    const res = await t.api('POST', `/projects/${project.id}/repository/branches`, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(nulMessage('branch'));
    expect(await names('branches')).toEqual(['main']);
  });

  it('in a new tag name answer 400', async () => {
    const res = await t.api('POST', `/projects/${project.id}/repository/tags`, {
      json: { tag_name: 'v1\0', ref: 'main' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(nulMessage('tag_name'));
    expect(await names('tags')).toEqual([]);
  });

  it.each(['a\u0001b', 'x\u007f', 'tab\tname'])(
    "and the other control characters git refuses in a branch name (%j) answer GitLab's 400",
    async (branch) => {
      const res = await t.api('POST', `/projects/${project.id}/repository/branches`, {
        json: { branch, ref: 'main' },
      });
      expect(res).toMatchObject({ status: 400, body: { message: 'Branch name is invalid' } });
      const tag = await t.api('POST', `/projects/${project.id}/repository/tags`, {
        json: { tag_name: branch, ref: 'main' },
      });
      // The spec's status for a refused tag (api-spec.md, Errors: 405), GitLab's message.
      expect(tag).toMatchObject({ status: 405, body: { message: 'Tag name invalid' } });
      expect(await names('branches')).toEqual(['main']);
      expect(await names('tags')).toEqual([]);
    },
  );

  it('in the ref to start from answer 400', async () => {
    const res = await t.api('POST', `/projects/${project.id}/repository/branches`, {
      json: { branch: 'ok', ref: 'main\0' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(nulMessage('ref'));
  });

  it.each(['\0', 'bug\0', '\0bug'])(
    'in a label name (%j) answer 400, and no label is stored',
    async (name) => {
      const res = await t.api('POST', `/projects/${project.id}/labels`, { json: { name, color: '#ff0000' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(nulMessage('name'));
      expect((await t.api<unknown[]>('GET', `/projects/${project.id}/labels`)).body).toEqual([]);
    },
  );

  it('in a nested parameter answer 400 naming it in bracket notation', async () => {
    const res = await t.api('POST', `/projects/${project.id}/pipeline`, {
      json: { ref: 'main', variables: [{ key: 'K', value: 'x\0' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(nulMessage('variables[][value]'));
  });

  it.each([
    ['a branch', `/projects/${'ID'}/repository/branches/main%00`, 'branch'],
    ['a file path', `/projects/${'ID'}/repository/files/README.md%00?ref=main`, 'file_path'],
    ['the project id', '/projects/1%00', 'id'],
  ])('in %s of the path answer 400', async (_what, path, param) => {
    const res = await raw('GET', path.replace('ID', String(project.id)));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(nulMessage(param));
  });

  it("in a text file's content are data: the file is committed with them", async () => {
    const res = await t.api('POST', `/projects/${project.id}/repository/files/nul.txt`, {
      json: { branch: 'main', content: 'a\0b', commit_message: 'A NUL byte' },
    });
    expect(res.status).toBe(201);
    const file = await fetch(`${t.url}/api/v4/projects/${project.id}/repository/files/nul.txt/raw?ref=main`, {
      headers: { 'private-token': t.rootToken },
    });
    expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from('a\0b'));
  });

  it('in the query answer 400', async () => {
    const res = await raw('GET', `/projects/${project.id}/repository/commits?ref_name=main%00`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(nulMessage('ref_name'));
  });
});

describe('other input classes', () => {
  it('answers 400 {"error": …} for JSON that does not parse', async () => {
    const res = await raw('POST', `/projects/${project.id}/labels`, {
      contentType: 'application/json',
      body: '{"name": "x",',
    });
    expect(res).toMatchObject({ status: 400, body: { error: 'The request body is not valid JSON' } });
  });

  it('answers 415 for a content type no parser reads', async () => {
    const res = await raw('POST', `/projects/${project.id}/labels`, {
      contentType: 'text/xml',
      body: '<x/>',
    });
    expect(res).toMatchObject({ status: 415, body: { message: '415 Unsupported Media Type' } });
  });

  it('answers 413 for a body over the 20 MB limit', async () => {
    const res = await raw('POST', `/projects/${project.id}/labels`, {
      contentType: 'application/json',
      body: JSON.stringify({ name: 'x', description: 'y'.repeat(21 * 1024 * 1024) }),
    });
    expect(res).toMatchObject({ status: 413, body: { message: '413 Request Entity Too Large' } });
  });

  it('answers a page past the integers SQLite holds with an empty page', async () => {
    for (const list of [
      '/projects',
      `/projects/${project.id}/environments`,
      `/projects/${project.id}/pipelines`,
    ]) {
      const res = await raw('GET', `${list}?page=99999999999999999999&per_page=99999999999999999999`);
      expect({ list, status: res.status, body: res.body }).toEqual({ list, status: 200, body: [] });
    }
  });

  it('filters merge requests by more labels than SQLite nests expressions (1,000)', async () => {
    // Two-character titles keep the Link header (which repeats the query) within fetch's 16 KB.
    const labels = Array.from({ length: 1200 }, (_, i) => (36 + i).toString(36)).join(',');
    const res = await raw('GET', `/projects/${project.id}/merge_requests?labels=${labels}`);
    expect(res).toMatchObject({ status: 200, body: [] });
  });

  it('answers 400 for page numbers sent as arrays or objects', async () => {
    const res = await raw('GET', '/projects?page[]=1&per_page[x]=2');
    expect(res).toMatchObject({ status: 400, body: { error: 'page is invalid' } });
  });

  it.each([
    `/projects/%ff`,
    `/projects/PID/repository/branches/%ff%fe`,
    `/projects/%E0%A4%A`,
    `/no/such/route%C0`,
  ])('answers 400 {"message": …} for a path that is not percent-encoded UTF-8 (%s)', async (path) => {
    const res = await raw('GET', path.replace('PID', String(project.id)));
    expect(res).toEqual({
      status: 400,
      type: 'application/json',
      body: { message: '400 Bad request - the path is not valid percent-encoded UTF-8' },
    });
  });

  it('reads a query value that is not percent-encoded UTF-8 as the text it is', async () => {
    const res = await raw('GET', '/projects?search=%ff%fe&order_by=%C0');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'order_by does not have a valid value' });
    expect(await raw('GET', '/projects?search=%ff%fe')).toMatchObject({ status: 200, body: [] });
  });

  it('answers 400 for a scalar parameter sent twice (read as an array)', async () => {
    const res = await raw('GET', `/projects?per_page=1&per_page=2`);
    expect(res).toMatchObject({ status: 400, body: { error: 'per_page is invalid' } });
  });

  it('answers 404 for an id too large for SQLite', async () => {
    const res = await raw('GET', '/projects/99999999999999999999');
    expect(res).toMatchObject({ status: 404, body: { message: '404 Project Not Found' } });
  });
});
