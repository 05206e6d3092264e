import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startFakeGitLab, type FakeGitLab } from '../test/fake-gitlab.js';
import { remoteRequest } from './remote.js';

const TOKEN = 'glpat-remote-proxy-token-XYZ987';
let gitlab: FakeGitLab;

beforeAll(async () => {
  gitlab = await startFakeGitLab(TOKEN);
});
afterAll(async () => {
  await gitlab.close();
});

describe('remoteRequest', () => {
  it('sends PRIVATE-TOKEN, the encoded query and a JSON body; returns status, headers and parsed body', async () => {
    const res = await remoteRequest(gitlab.url, TOKEN, {
      method: 'POST',
      path: '/projects',
      query: { labels: ['a', 'b'], search: 'x y', skip: undefined },
      body: { name: 'demo' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      method: 'POST',
      query: '?labels[]=a&labels[]=b&search=x%20y',
      body: { name: 'demo' },
    });
    expect(res.headers['x-total']).toBe('1');
    expect(res.headers['set-cookie']).toBeUndefined();
    const seen = gitlab.seen.at(-1);
    expect(seen?.headers['private-token']).toBe(TOKEN);
    expect(seen?.headers['content-type']).toBe('application/json');
  });

  it('returns instance errors as responses and text bodies as text', async () => {
    const unauthorized = await remoteRequest(gitlab.url, 'wrong', { method: 'GET', path: '/user' });
    expect(unauthorized).toMatchObject({ status: 401, body: { message: '401 Unauthorized' } });
    const text = await remoteRequest(gitlab.url, TOKEN, { method: 'GET', path: '/text' });
    expect(text.body).toBe('plain words');
  });

  it('redacts the token if the instance echoes it, in body and headers', async () => {
    const res = await remoteRequest(gitlab.url, TOKEN, { method: 'GET', path: '/echo-token' });
    expect(JSON.stringify(res)).not.toContain(TOKEN);
    expect(res.body).toEqual({ token: '[REDACTED]', note: 'you sent [REDACTED]' });
  });

  it('does not follow redirects (the token never leaves for another host)', async () => {
    const res = await remoteRequest(gitlab.url, TOKEN, { method: 'GET', path: '/redirect' });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('http://elsewhere.invalid/steal');
  });

  it('explains an unreachable instance', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    await expect(remoteRequest(url, TOKEN, { method: 'GET', path: '/version' })).rejects.toMatchObject({
      code: 'unreachable',
      message: `Could not reach ${url} (ECONNREFUSED). Check the URL and your network.`,
    });
  });

  it('times out', async () => {
    await expect(
      remoteRequest(gitlab.url, TOKEN, { method: 'GET', path: '/slow' }, { timeoutMs: 300 }),
    ).rejects.toMatchObject({ code: 'timeout' });
  });
});
