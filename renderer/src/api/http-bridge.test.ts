import { describe, expect, it, vi } from 'vitest';
import { BridgeError } from './bridge-error.js';
import { createHttpBridge } from './http-bridge.js';

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('createHttpBridge', () => {
  it('POSTs /bridge/<channel> with the secret header and {args}', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      reply(200, { result: { status: 200, headers: {}, body: [] } }),
    );
    const bridge = createHttpBridge({ baseUrl: 'http://127.0.0.1:9/', secret: 'abc', fetchImpl });
    const result = await bridge.api.request({ method: 'GET', path: '/projects' });
    expect(result).toEqual({ status: 200, headers: {}, body: [] });
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('http://127.0.0.1:9/bridge/api:request');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ 'x-outpost-secret': 'abc', 'content-type': 'application/json' });
    expect(JSON.parse(String(init?.body))).toEqual({ args: [{ method: 'GET', path: '/projects' }] });
  });

  it('passes void results through as null', async () => {
    const bridge = createHttpBridge({ secret: 'abc', fetchImpl: async () => reply(200, { result: null }) });
    await expect(bridge.profiles.remove('x')).resolves.toBeNull();
  });

  it('rejects with the host error shape', async () => {
    const bridge = createHttpBridge({
      secret: 'abc',
      fetchImpl: async () =>
        reply(502, { error: { code: 'unreachable', message: 'gitlab.example.com did not answer.' } }),
    });
    const error = await bridge.profiles.check('remote').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ code: 'unreachable', message: 'gitlab.example.com did not answer.' });
  });

  it('explains a refused secret and a dead host', async () => {
    const refused = createHttpBridge({
      secret: 'old',
      fetchImpl: async () => new Response('', { status: 403 }),
    });
    await expect(refused.profiles.list()).rejects.toThrow(/launch secret/);
    const dead = createHttpBridge({
      secret: 'abc',
      fetchImpl: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(dead.profiles.list()).rejects.toMatchObject({ code: 'unreachable' });
  });

  it('without a secret, calls with the session cookie only (no secret header) and explains a refusal', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response('{}', { status: 403 }));
    await expect(createHttpBridge({ secret: null, fetchImpl }).profiles.list()).rejects.toThrow(
      /launch secret/,
    );
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/bridge/profiles:list');
    expect(init?.credentials).toBe('same-origin');
    expect(Object.keys(init?.headers ?? {})).toEqual(['content-type']);
  });
});
