import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../../shared/ipc-contract.js';
import {
  InstanceRateLimiter,
  isSearchRequest,
  parseRetryAfter,
  type SlowDownNotice,
} from './rate-limiter.js';
import { remoteRequest } from './remote.js';

/** One request as the stand-in GitLab saw it: when it arrived (ms since epoch) and its URL. */
interface Arrival {
  at: number;
  url: string;
}

/**
 * A loopback stand-in GitLab (node:http): every request is logged with its arrival time, requests in
 * flight are counted (their maximum kept), and `answer` decides the response.
 */
async function standIn(
  answer: (req: IncomingMessage, res: ServerResponse, index: number) => void | Promise<void>,
): Promise<{ url: string; arrivals: Arrival[]; maxInFlight: () => number; close: () => Promise<void> }> {
  const arrivals: Arrival[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server: Server = createServer((req, res) => {
    arrivals.push({ at: Date.now(), url: req.url ?? '' });
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    void answer(req, res, arrivals.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

const json = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
};
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `req` to `url` through `limiter`, as the API proxy does for a remote profile. */
const through = (limiter: InstanceRateLimiter, url: string, req: ApiRequest) =>
  limiter.run(req, () => remoteRequest(url, 'glpat-limiter', req));

describe('InstanceRateLimiter against a stand-in GitLab', () => {
  it('waits out 429 Retry-After: 1 and succeeds, with at most 6 requests in flight', async () => {
    const K = 8;
    const gitlab = await standIn(async (_req, res, index) => {
      if (index < K) return json(res, 429, { message: 'Retry later' }, { 'retry-after': '1' });
      await delay(30); // lets requests pile up, so the cap is what bounds them
      json(res, 200, { index });
    });
    const notices: SlowDownNotice[] = [];
    const limiter = new InstanceRateLimiter({ onSlowDown: (n) => notices.push(n) });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        through(limiter, gitlab.url, { method: 'GET', path: `/projects/${i}` }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(gitlab.maxInFlight()).toBeLessThanOrEqual(6);
    expect(gitlab.arrivals).toHaveLength(20 + K);
    // Nothing reached the instance during a pause GitLab asked for: after each refused request, the
    // next ones are either of its own wave (sent before the 429 came back) or a second later.
    const refused = gitlab.arrivals.slice(0, K).map((a) => a.at);
    for (const at of refused) {
      for (const later of gitlab.arrivals.filter((a) => a.at > at)) {
        const gap = later.at - at;
        expect(gap < 300 || gap >= 950, `a request ${gap} ms after a 429`).toBe(true);
      }
    }
    // Three waves: 6 refused, 2 refused + 4 served a second later, the rest after another second.
    expect(Math.max(...gitlab.arrivals.map((a) => a.at)) - refused[0]!).toBeGreaterThanOrEqual(1900);
    expect(notices.length).toBeGreaterThanOrEqual(1);
    expect(notices[0]).toMatchObject({
      status: 429,
      message: 'GitLab asked Outpost to slow down; retrying in 1 s.',
    });
  });

  it('gives the 429 back after maxRetries, and never retries a 503 to a write', async () => {
    const gitlab = await standIn((req, res) =>
      req.method === 'POST'
        ? json(res, 503, { message: 'maintenance' }, { 'retry-after': '0' })
        : json(res, 429, { message: 'Retry later' }, { 'retry-after': '0' }),
    );
    const limiter = new InstanceRateLimiter({ maxRetries: 2 });
    const res = await through(limiter, gitlab.url, { method: 'GET', path: '/projects' });
    expect(res.status).toBe(429);
    expect(res.slowDown).toEqual({
      message: 'GitLab asked Outpost to slow down; retrying in 1 s.',
      retryAfterSeconds: 0,
    });
    expect(gitlab.arrivals).toHaveLength(3);
    const write = await through(limiter, gitlab.url, { method: 'POST', path: '/projects', body: {} });
    expect(write.status).toBe(503);
    expect(gitlab.arrivals).toHaveLength(4);
  });

  it('holds every request until RateLimit-Reset when RateLimit-Remaining is 0', async () => {
    let resetSeconds = 0;
    const gitlab = await standIn((_req, res, index) => {
      if (index === 0) {
        resetSeconds = Math.floor(Date.now() / 1000) + 2;
        return json(res, 200, {}, { 'ratelimit-remaining': '0', 'ratelimit-reset': String(resetSeconds) });
      }
      json(res, 200, {}, { 'ratelimit-remaining': '599', 'ratelimit-reset': String(resetSeconds + 60) });
    });
    const limiter = new InstanceRateLimiter();
    expect((await through(limiter, gitlab.url, { method: 'GET', path: '/user' })).status).toBe(200);
    const next = await Promise.all([
      through(limiter, gitlab.url, { method: 'GET', path: '/projects' }),
      through(limiter, gitlab.url, { method: 'GET', path: '/groups' }),
    ]);
    expect(next.map((r) => r.status)).toEqual([200, 200]);
    for (const arrival of gitlab.arrivals.slice(1)) {
      expect(arrival.at).toBeGreaterThanOrEqual(resetSeconds * 1000 - 20);
    }
  });

  it('spaces requests evenly when RateLimit-Remaining is low', async () => {
    // Always 2 left until a reset 1–2 s away: about one request per 0.5–1 s.
    const gitlab = await standIn((_req, res) =>
      json(
        res,
        200,
        {},
        {
          'ratelimit-remaining': '2',
          'ratelimit-reset': String(Math.floor(Date.now() / 1000) + 2),
        },
      ),
    );
    const limiter = new InstanceRateLimiter();
    await through(limiter, gitlab.url, { method: 'GET', path: '/user' });
    await Promise.all(
      [1, 2, 3].map((i) => through(limiter, gitlab.url, { method: 'GET', path: `/projects/${i}` })),
    );
    const times = gitlab.arrivals.map((a) => a.at);
    for (let i = 2; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(450);
  });

  it('keeps searches within their own budget without holding other requests', async () => {
    const gitlab = await standIn((_req, res) => json(res, 200, []));
    const limiter = new InstanceRateLimiter({ searchesPerInterval: 2, searchIntervalMs: 1000 });
    const searches = [
      ...[1, 2, 3, 4].map((i) =>
        through(limiter, gitlab.url, { method: 'GET', path: '/merge_requests', query: { search: `q${i}` } }),
      ),
      through(limiter, gitlab.url, { method: 'GET', path: '/search', query: { scope: 'projects' } }),
    ];
    const others = [1, 2, 3].map((i) =>
      through(limiter, gitlab.url, { method: 'GET', path: `/projects/${i}` }),
    );
    expect((await Promise.all([...searches, ...others])).every((r) => r.status === 200)).toBe(true);
    const searchTimes = gitlab.arrivals
      .filter((a) => a.url.includes('search'))
      .map((a) => a.at)
      .sort((a, b) => a - b);
    expect(searchTimes).toHaveLength(5);
    // No more than 2 searches in any 1 s (a little slack for loopback jitter).
    for (let i = 2; i < searchTimes.length; i++) {
      expect(searchTimes[i]! - searchTimes[i - 2]!).toBeGreaterThanOrEqual(900);
    }
    const otherTimes = gitlab.arrivals.filter((a) => !a.url.includes('search')).map((a) => a.at);
    expect(Math.max(...otherTimes)).toBeLessThan(searchTimes[2]!);
  });
});

describe('a wait longer than the limiter honours', () => {
  it('gives the 429 back at once with the wait, and holds the instance meanwhile', async () => {
    const gitlab = await standIn((_req, res, index) =>
      index === 0 ? json(res, 429, { message: 'Retry later' }, { 'retry-after': '600' }) : json(res, 200, {}),
    );
    const limiter = new InstanceRateLimiter({ maxWaitMs: 1000 });
    const res = await through(limiter, gitlab.url, { method: 'GET', path: '/projects' });
    expect(res).toMatchObject({
      status: 429,
      slowDown: { message: 'GitLab asked Outpost to slow down; retrying in 10 min.', retryAfterSeconds: 600 },
    });
    expect(gitlab.arrivals).toHaveLength(1);
    expect((await through(limiter, gitlab.url, { method: 'GET', path: '/projects' })).status).toBe(200);
    expect(gitlab.arrivals[1]!.at - gitlab.arrivals[0]!.at).toBeGreaterThanOrEqual(950);
  });
});

describe('rate-limit header parsing', () => {
  it('reads Retry-After as seconds or an HTTP-date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('20', now)).toBe(20_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });

  it('counts the search API and search= filters as searches', () => {
    expect(isSearchRequest({ path: '/search', query: { scope: 'issues' } })).toBe(true);
    expect(isSearchRequest({ path: '/projects/4/search' })).toBe(true);
    expect(isSearchRequest({ path: '/merge_requests', query: { search: 'fix' } })).toBe(true);
    expect(isSearchRequest({ path: '/merge_requests', query: { search: '' } })).toBe(false);
    expect(isSearchRequest({ path: '/projects', query: { membership: 'true' } })).toBe(false);
  });
});
