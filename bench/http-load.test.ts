import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpuTimeMs, cpuWaitMs, processMemory } from './core-process.js';
import { httpLoad } from './http-load.js';

// A real loopback server: 200 on /ok, 503 on anything else; it records the token header it received.
let server: http.Server;
let base: string;
const tokens = new Set<string>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    tokens.add(String(req.headers['private-token']));
    res.writeHead(req.url === '/ok' ? 200 : 503, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('httpLoad (autocannon in a process of its own)', () => {
  it('answers every request over the connections, with the headers given, and no errors on 200s', async () => {
    const r = await httpLoad(`${base}/ok`, { 'private-token': 'load-test-token' }, 4, 200);
    expect(r.requests).toBe(200);
    expect(r.errors).toBe(0);
    expect(r.rps).toBeGreaterThan(0);
    expect(r.p50).toBeGreaterThan(0);
    expect(r.p99).toBeGreaterThanOrEqual(r.p50);
    expect(r.clientCpuMs).toBeGreaterThan(0);
    expect([...tokens]).toEqual(['load-test-token']);
  });

  it('counts non-2xx answers as errors', async () => {
    const r = await httpLoad(`${base}/fails`, {}, 2, 50);
    expect(r.requests).toBe(50);
    expect(r.errors).toBe(50);
  });

  it('counts refused connections as errors', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const r = await httpLoad(`http://127.0.0.1:${port}/ok`, {}, 2, 10);
    expect(r.requests).toBe(0);
    expect(r.errors).toBeGreaterThan(0);
  });
});

describe('processMemory, cpuTimeMs and cpuWaitMs (Linux /proc)', () => {
  it('reads this process: resident memory is its anonymous plus file-backed pages', () => {
    const m = processMemory(process.pid);
    expect(m.anon).toBeGreaterThan(0);
    expect(m.file).toBeGreaterThan(0);
    // VmRSS = RssAnon + RssFile + RssShmem, each rounded to a KiB.
    expect(m.rss).toBeGreaterThanOrEqual(m.anon + m.file - 0.01);
    expect(cpuWaitMs(process.pid)).toBeGreaterThanOrEqual(0);
    // At least the CPU this process has used so far (which ticks round down, by < 10 ms per field).
    const used = process.cpuUsage();
    expect(cpuTimeMs(process.pid)).toBeGreaterThan((used.user + used.system) / 1000 - 20);
  });

  it('throws for a process that does not exist, and gives no CPU wait for it', () => {
    expect(() => processMemory(2 ** 30)).toThrow();
    expect(cpuWaitMs(2 ** 30)).toBeNull();
    expect(cpuTimeMs(2 ** 30)).toBeNull();
  });
});
