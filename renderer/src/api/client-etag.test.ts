/**
 * Conditional GETs through the real browser host and a real core: the client remembers `etag`s, sends
 * `If-None-Match`, and turns the instance's 304 into the remembered 200 body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse, OutpostBridge } from '../../../shared/ipc-contract.js';
import { openPageAt, startRealHost, type RealHost } from '../../test-utils/real-host.js';
import { setBridge } from './bridge.js';
import { apiJson, apiRequest, clearEtagCache } from './client.js';
import { createHttpBridge } from './http-bridge.js';
import { takeLaunchSecret } from './launch-secret.js';

let host: RealHost;
/** What the host answered, before the client's cache stepped in. */
const wire: { req: ApiRequest; status: number }[] = [];
const gets = () => wire.filter((w) => w.req.method === 'GET');

beforeAll(async () => {
  host = await startRealHost();
  openPageAt(host.urlWithSecret);
  const secret = takeLaunchSecret(window);
  if (!secret) throw new Error('The launch URL carried no secret.');
  const real = createHttpBridge({ secret });
  const recording: OutpostBridge = {
    ...real,
    api: {
      request: async (req) => {
        const res = await real.api.request(req);
        wire.push({ req, status: res.status });
        return res;
      },
      graphql: real.api.graphql,
    },
  };
  setBridge(recording);
  clearEtagCache();
});

afterAll(async () => {
  setBridge(null);
  await host?.close();
});

describe('conditional GETs (If-None-Match)', () => {
  it('answers a 304 with the remembered body and refetches once the pipeline list changes', async () => {
    const project = await apiJson<{ id: number }>({
      method: 'POST',
      path: '/projects',
      body: { name: 'etag-project', initialize_with_readme: true },
    });
    await apiJson({
      method: 'POST',
      path: `/projects/${project.id}/repository/files/.gitlab-ci.yml`,
      body: { branch: 'main', content: 'say:\n  script:\n    - echo hi\n', commit_message: 'CI' },
    });
    const list = (): Promise<ApiResponse<{ id: number; status?: string }[]>> =>
      apiRequest<{ id: number; status?: string }[]>({
        method: 'GET',
        path: `/projects/${project.id}/pipelines`,
      });

    // The commit's push pipeline is created and run in the background: wait until it has finished, so
    // the list (and its entity tag) stays the same between the next two reads.
    const settled = (body: { status?: string }[]) =>
      body.length === 1 && ['success', 'failed', 'canceled'].includes(body[0]!.status ?? '');
    for (let i = 0; i < 300 && !settled((await list()).body); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    clearEtagCache();
    wire.length = 0;
    const first = await list();
    expect(first.body.length).toBe(1);
    expect(first.status).toBe(200);
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(gets()[0]!.req.ifNoneMatch).toBeUndefined();

    const second = await list();
    expect(gets()[1]).toMatchObject({ status: 304, req: { ifNoneMatch: first.headers.etag } });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);

    // A new pipeline changes the list: a full 200 with the new entity tag.
    const created = await apiJson<{ id: number }>({
      method: 'POST',
      path: `/projects/${project.id}/pipeline`,
      body: { ref: 'main' },
    });
    const third = await list();
    expect(gets()[2]!.status).toBe(200);
    expect(third.body.map((p) => p.id)).toEqual([created.id, first.body[0]!.id]);
    expect(third.headers.etag).not.toBe(first.headers.etag);
  });
});
