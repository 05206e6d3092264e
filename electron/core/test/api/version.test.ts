import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

describe('GET /version', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startTestCore();
  });
  afterAll(async () => t.close());

  it('answers with the version for an authenticated caller', async () => {
    const res = await t.api<{ version: string }>('GET', '/version');
    expect(res.status).toBe(200);
    expect(res.body.version).toMatch(/^13\.10\.0/);
  });

  it('refuses anonymous callers with GitLab 401 body', async () => {
    const res = await t.api('GET', '/version', { token: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: '401 Unauthorized' });
  });

  it('answers unknown routes with the catch-all 404', async () => {
    const res = await t.api('GET', '/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: '404 Not Found' });
  });
});
