import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core, CoreInjectRequest } from '../../core/core-contract.js';
import { BridgeError } from '../bridge-error.js';
import { embeddedRequest } from './embedded.js';

/**
 * A real Fastify app in place of the core (the proxy needs only `inject`): `/api/v4/version` answers
 * unless `frozen`, `/api/v4/slow` never answers, `/api/v4/ok` answers at once. Fastify's own `inject`
 * runs the request through its router as the core's does.
 */
function coreLike({ frozen }: { frozen: boolean }): FastifyInstance {
  const app = Fastify();
  const never = () => new Promise<never>(() => undefined);
  app.get('/api/v4/version', async () => (frozen ? never() : { version: '13.10.0' }));
  app.get('/api/v4/slow', never);
  app.get('/api/v4/ok', async () => ({ ok: true }));
  return app;
}

let app: FastifyInstance | null = null;
afterEach(async () => {
  // A route that never answers keeps Fastify's close waiting: force it off.
  app?.server.closeAllConnections?.();
  app = null;
});

const inject = (a: FastifyInstance): Pick<Core, 'inject'> => ({
  inject: (req: CoreInjectRequest) =>
    a.inject(req as InjectOptions).then((res) => ({
      statusCode: res.statusCode,
      headers: res.headers,
      body: res.body,
      rawPayload: res.rawPayload,
    })),
});

describe('embeddedRequest', () => {
  it('answers normally within the timeout', async () => {
    app = coreLike({ frozen: false });
    const res = await embeddedRequest(inject(app), null, { method: 'GET', path: '/ok' }, { timeoutMs: 1000 });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('gives up on a stuck request after the stated time and says the instance still answers', async () => {
    app = coreLike({ frozen: false });
    const error = await embeddedRequest(
      inject(app),
      null,
      { method: 'GET', path: '/slow' },
      { timeoutMs: 200, healthTimeoutMs: 1000 },
    ).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(BridgeError);
    expect((error as BridgeError).code).toBe('timeout');
    expect((error as BridgeError).message).toBe(
      'The built-in instance did not answer GET /slow within 1 s. It is running; try again.',
    );
  });

  it('reports a frozen core when its health check does not answer either', async () => {
    app = coreLike({ frozen: true });
    const error = await embeddedRequest(
      inject(app),
      null,
      { method: 'GET', path: '/slow' },
      { timeoutMs: 200, healthTimeoutMs: 200 },
    ).catch((err: unknown) => err);
    expect((error as BridgeError).code).toBe('timeout');
    expect((error as BridgeError).message).toMatch(
      /^The built-in instance is not responding: GET \/slow did not answer within 1 s, and its health check \(GET \/version\) did not answer within 1 s\. Restart Outpost\.$/,
    );
  });
});
