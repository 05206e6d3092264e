import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface GroupJson {
  id: number;
  name: string;
  path: string;
  visibility: string;
  description: string;
}

interface ProjectJson {
  id: number;
  name: string;
  path: string;
  visibility: string;
  empty_repo: boolean;
}

describe('request parameters (Grape style)', () => {
  let t: TestCore;

  beforeAll(async () => {
    t = await startTestCore();
  });
  afterAll(async () => t.close());

  describe('the same POST /groups through every encoding', () => {
    const expected = (tag: string) => ({
      name: `Group ${tag}`,
      path: `group-${tag}`,
      visibility: 'internal',
      description: `via ${tag}`,
    });
    const fields = (tag: string): [string, string][] => Object.entries(expected(tag));

    it('reads a JSON body', async () => {
      const res = await t.api<GroupJson>('POST', '/groups', { json: expected('json') });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject(expected('json'));
    });

    it('reads an urlencoded form', async () => {
      const res = await t.api<GroupJson>('POST', '/groups', { form: fields('form') });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject(expected('form'));
    });

    it('reads multipart form fields', async () => {
      const res = await t.api<GroupJson>('POST', '/groups', { multipart: fields('multipart') });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject(expected('multipart'));
    });

    it('reads the query string alone', async () => {
      const res = await t.api<GroupJson>(
        'POST',
        `/groups?${new URLSearchParams(fields('query')).toString()}`,
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject(expected('query'));
    });

    it('merges query and body, the body winning', async () => {
      const res = await t.api<GroupJson>(
        'POST',
        '/groups?name=FromQuery&visibility=public&description=query',
        {
          json: { path: 'merged', description: 'body' },
        },
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'FromQuery',
        path: 'merged',
        visibility: 'public',
        description: 'body',
      });
    });
  });

  describe('coercion of string values', () => {
    it('coerces integers and booleans from form strings', async () => {
      const group = await t.api<GroupJson>('POST', '/groups', { json: { name: 'Coerce', path: 'coerce' } });
      const res = await t.api<ProjectJson>('POST', '/projects', {
        form: { name: 'Coerced', namespace_id: String(group.body.id), initialize_with_readme: 'yes' },
      });
      expect(res.status).toBe(201);
      expect(res.body.empty_repo).toBe(false);
    });

    it.each([
      [{ name: 'x', namespace_id: 'abc' }, 'namespace_id is invalid'],
      [{ name: 'x', initialize_with_readme: 'maybe' }, 'initialize_with_readme is invalid'],
      [{ name: 'x', visibility: 'secret' }, 'visibility does not have a valid value'],
    ])('rejects %j with 400 "%s"', async (form, error) => {
      const res = await t.api('POST', '/projects', { form });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error });
    });

    it('accepts a JSON number for a string parameter', async () => {
      const res = await t.api<GroupJson>('POST', '/groups', { json: { name: 2024, path: 'numeric-name' } });
      expect(res.status).toBe(201);
      expect(res.body.name).toBe('2024');
    });
  });

  describe('bracket notation for arrays', () => {
    it('expands scopes[] from the query string', async () => {
      const res = await t.api<{ scopes: string[] }>(
        'POST',
        '/users/1/personal_access_tokens?name=q&scopes[]=read_api&scopes[]=read_user',
      );
      expect(res.status).toBe(201);
      expect(res.body.scopes).toEqual(['read_api', 'read_user']);
    });

    it('expands percent-encoded brackets and indexed keys', async () => {
      const res = await t.api<{ scopes: string[] }>('POST', '/users/1/personal_access_tokens', {
        form: [
          ['name', 'indexed'],
          ['scopes[0]', 'api'],
          ['scopes[1]', 'sudo'],
        ],
      });
      expect(res.status).toBe(201);
      expect(res.body.scopes).toEqual(['api', 'sudo']);
      const encoded = await t.api<{ scopes: string[] }>(
        'POST',
        '/users/1/personal_access_tokens?name=e&scopes%5B%5D=read_repository',
      );
      expect(encoded.status).toBe(201);
      expect(encoded.body.scopes).toEqual(['read_repository']);
    });

    it('accepts a comma-separated string', async () => {
      const res = await t.api<{ scopes: string[] }>('POST', '/users/1/personal_access_tokens', {
        form: { name: 'csv', scopes: 'api,read_user' },
      });
      expect(res.status).toBe(201);
      expect(res.body.scopes).toEqual(['api', 'read_user']);
    });
  });

  describe('errors', () => {
    it.each([
      ['GET', '/no/such/route'],
      ['POST', '/projects/1/no-such-thing'],
      ['DELETE', '/groups'],
    ])('answers %s %s with the catch-all 404', async (method, path) => {
      const res = await t.api(method, path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: '404 Not Found' });
    });

    it('answers 404 outside /api/v4', async () => {
      const res = await fetch(`${t.url}/api/v3/projects`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: '404 Not Found' });
    });

    it('names both alternatives when POST /projects has neither name nor path', async () => {
      const res = await t.api('POST', '/projects', { json: { description: 'nameless' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'name, path are missing, at least one parameter must be provided' });
    });

    it('says which required parameter is missing', async () => {
      const res = await t.api('POST', '/groups', { json: { name: 'No path' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'path is missing' });
    });

    it('lists several missing parameters one by one', async () => {
      const res = await t.api('POST', '/groups', { form: {} });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'name is missing, path is missing' });
    });

    it('treats JSON null as missing', async () => {
      const res = await t.api('POST', '/groups', { json: { name: 'n', path: null } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'path is missing' });
    });

    it('answers 400 "does not have a valid value" for an invalid enum', async () => {
      const res = await t.api('POST', '/groups', { json: { name: 'V', path: 'v', visibility: 'secret' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'visibility does not have a valid value' });
    });

    it('answers 400 for a body that is not valid JSON', async () => {
      const res = await fetch(`${t.url}/api/v4/groups`, {
        method: 'POST',
        headers: { 'PRIVATE-TOKEN': t.rootToken, 'content-type': 'application/json' },
        body: '{"name": "broken",',
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string };
      expect(typeof body.error).toBe('string');
      const list = await t.api<GroupJson[]>('GET', '/groups?search=broken');
      expect(list.body).toEqual([]);
    });

    it('accepts an empty JSON body as no parameters', async () => {
      const res = await fetch(`${t.url}/api/v4/groups`, {
        method: 'POST',
        headers: { 'PRIVATE-TOKEN': t.rootToken, 'content-type': 'application/json' },
        body: '',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'name is missing, path is missing' });
    });

    it('answers 415 for an unsupported content type', async () => {
      const res = await fetch(`${t.url}/api/v4/groups`, {
        method: 'POST',
        headers: { 'PRIVATE-TOKEN': t.rootToken, 'content-type': 'application/x-yaml' },
        body: 'name: y',
      });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ message: '415 Unsupported Media Type' });
    });

    it('ignores unknown parameters', async () => {
      const res = await t.api<GroupJson>('POST', '/groups', {
        json: { name: 'Extra', path: 'extra', frobnicate: true },
      });
      expect(res.status).toBe(201);
      expect(res.body).not.toHaveProperty('frobnicate');
    });
  });
});
