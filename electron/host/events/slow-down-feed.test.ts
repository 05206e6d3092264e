import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlowDownsPollResult } from '../../../shared/ipc-contract.js';
import { createBridgeHandlers, dispatchBridgeCall } from '../bridge-handlers.js';
import { createHost, type Host } from '../host.js';
import { createKeyFileCipher } from '../vault/key-file-cipher.js';
import { createSlowDownFeed } from './slow-down-feed.js';

const TOKEN = 'glpat-slow-down-test-token';
let dir: string;
let host: Host;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-slow-down-'));
  host = await createHost({
    appDataDir: dir,
    shell: 'browser-host',
    version: '0.0.0-test',
    cipher: await createKeyFileCipher(join(dir, 'host')),
    cipherId: 'key-file',
    openExternal: async () => undefined,
    remoteTimeoutMs: 10_000,
  });
});
afterAll(async () => {
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * A loopback stand-in GitLab: the first `refusals` requests get 429 with `Retry-After: <seconds>` (as
 * GitLab's Rack::Attack throttles answer, lib/gitlab/rack_attack.rb), later ones 200. Counts arrivals.
 */
async function standIn(
  refusals: number,
  seconds: number,
): Promise<{ url: string; arrivals: () => number; close: () => Promise<void> }> {
  let arrivals = 0;
  const server: Server = createServer((req, res) => {
    arrivals += 1;
    const refused = arrivals <= refusals;
    if (refused) {
      res
        .writeHead(429, { 'content-type': 'text/plain', 'retry-after': String(seconds) })
        .end('Retry later\n');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: req.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals: () => arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('events:slow-downs through the real host and proxy', () => {
  it('a 429 storm from one instance gives exactly one notice for that profile, gone when the pause ends', async () => {
    const bridge = createBridgeHandlers(host);
    const poll = async (sinceSeq: number, timeoutMs: number) => {
      const { status, reply } = await dispatchBridgeCall(bridge, 'events:slow-downs', [sinceSeq, timeoutMs]);
      expect(status).toBe(200);
      return (reply as { result: SlowDownsPollResult }).result;
    };
    const gitlab = await standIn(4, 2);
    const calm = await standIn(0, 0);
    try {
      const busy = await host.profiles.addRemote({ name: 'busy', url: gitlab.url, token: TOKEN });
      const other = await host.profiles.addRemote({ name: 'calm', url: calm.url, token: TOKEN });
      const start = await poll(-1, 0);
      expect(start.notices).toEqual([]);

      // A poll waiting before the storm is woken by it.
      const waiting = poll(start.seq, 20_000);
      const started = Date.now();
      const results = await Promise.all([
        ...Array.from({ length: 6 }, (_, i) =>
          host.proxy.request({ profileId: busy.id, method: 'GET', path: `/projects/${i + 1}` }),
        ),
        host.proxy.request({ profileId: other.id, method: 'GET', path: '/projects/1' }),
      ]);
      // Queued, not failed: every request ends in 200 after the pause GitLab asked for.
      expect(results.map((r) => r.status)).toEqual(Array(7).fill(200));
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      expect(gitlab.arrivals()).toBe(10);

      const woken = await waiting;
      expect(woken.notices).toHaveLength(1);
      expect(woken.notices[0]).toMatchObject({ profileId: busy.id, status: 429 });
      expect(woken.notices[0]!.message).toMatch(/^GitLab asked Outpost to slow down; retrying in [12] s\.$/);
      // Exactly one event for the whole storm (4 refusals), none for the calm instance.
      expect(woken.seq).toBe(start.seq + 1);
      // The pause is over: a page opening now sees no notice, and nothing new comes.
      expect((await poll(-1, 0)).notices).toEqual([]);
      expect(await poll(woken.seq, 300)).toEqual({ seq: woken.seq, notices: [] });
      // Never a token or an address in what reaches the renderer.
      const text = JSON.stringify(woken);
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(gitlab.url);
    } finally {
      await gitlab.close();
      await calm.close();
    }
  });

  it('refuses bad arguments as bad_request', async () => {
    const bridge = createBridgeHandlers(host);
    for (const args of [['x', 10], [0, 10 ** 9], [-2, 0], [0]]) {
      const { status, reply } = await dispatchBridgeCall(bridge, 'events:slow-downs', args);
      expect(status).toBe(400);
      expect(reply).toMatchObject({ error: { code: 'bad_request' } });
    }
  });
});

describe('createSlowDownFeed', () => {
  it('announces a pause once, counts the time left down, and treats a later pause as new', async () => {
    let clock = 1_000_000;
    const feed = createSlowDownFeed({ now: () => clock });
    const notice = (waitMs: number) => ({ status: 429, waitMs, message: `wait ${waitMs}` });
    feed.report('p1', notice(20_000));
    clock += 300;
    feed.report('p1', notice(20_000)); // the same storm, 300 ms later: no new event
    const first = await feed.poll(0, 0);
    expect(first.seq).toBe(1);
    expect(first.notices).toEqual([
      expect.objectContaining({
        seq: 1,
        profileId: 'p1',
        waitMs: 20_000,
        message: 'GitLab asked Outpost to slow down; retrying in 20 s.',
      }),
    ]);
    // The second report extended the pause to 20.3 s after the first: 5 s left 15.3 s in.
    clock += 15_000;
    expect((await feed.poll(-1, 0)).notices[0]?.message).toBe(
      'GitLab asked Outpost to slow down; retrying in 5 s.',
    );
    clock += 6_000;
    expect(await feed.poll(-1, 0)).toEqual({ seq: 1, notices: [] });
    feed.report('p1', notice(5_000));
    expect((await feed.poll(1, 0)).notices.map((n) => n.seq)).toEqual([2]);
    feed.close();
    feed.report('p1', notice(90_000));
    expect((await feed.poll(2, 10_000)).seq).toBe(2);
  });
});
