/**
 * The `.part` file of an export the app was killed in the middle of is removed at the next start
 * (issue 15, "Leftovers after a crash"; exports/in-flight.ts). A real export runs through a real host
 * against a small real HTTP instance whose second page never comes, so the part file is on disk and
 * recorded; a second host then starts on the same app data dir without the first ever closing (what a
 * restart after a kill looks like to it), and must remove that part file and nothing else.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHost, type Host } from '../host.js';
import { createKeyFileCipher } from '../vault/key-file-cipher.js';
import { IN_FLIGHT_FILE, openInFlightExports, removeInterruptedExports } from './in-flight.js';

const TOKEN = 'glpat-remote-instance-token-00';
const cleanups: (() => Promise<void> | void)[] = [];
/** Closed first: a stalled request ends when its server goes, so the host can close. */
const servers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of servers.splice(0)) await c();
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** An instance with 250 audit events whose first keyset page comes at once and the second never. */
async function stallingInstance(): Promise<string> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/api/v4/audit_events') return res.writeHead(404).end('{}');
    if (url.searchParams.get('page') === '1' && url.searchParams.get('per_page') === '1')
      return res.writeHead(200, { 'content-type': 'application/json', 'x-total': '250' }).end('[]');
    if (url.searchParams.has('id_before')) return; // the next page never answers
    const events = Array.from({ length: 100 }, (_, i) => ({ id: 250 - i, author_id: 1, details: {} }));
    const next = `http://${req.headers.host}/api/v4/audit_events?pagination=keyset&per_page=100&order_by=id&sort=desc&id_before=151`;
    res
      .writeHead(200, { 'content-type': 'application/json', link: `<${next}>; rel="next"` })
      .end(JSON.stringify(events));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function startHost(appDataDir: string, exportDir: string): Promise<Host> {
  const host = await createHost({
    appDataDir,
    shell: 'browser-host',
    version: '0',
    cipher: await createKeyFileCipher(join(appDataDir, 'host')),
    cipherId: 'key-file',
    openExternal: async () => undefined,
    remoteTimeoutMs: 120_000,
    defaultDemoRepository: null,
    env: {},
    exportDir,
  });
  cleanups.push(() => host.close());
  return host;
}

describe('interrupted exports', () => {
  it('the next start removes the part file of an export cut short, and nothing else', async () => {
    const appDataDir = await tempDir('outpost-interrupted-');
    const exportDir = await tempDir('outpost-exports-');
    const instance = await stallingInstance();
    const first = await startHost(appDataDir, exportDir);
    const profile = await first.profiles.addRemote({ name: 'Remote', url: instance, token: TOKEN });
    const { exportId } = await first.exports.start({
      kind: 'audit_events',
      profileId: profile.id,
      format: 'ndjson',
      filters: {},
    });
    expect(exportId).not.toBeNull();
    // The first page is on disk, the export waits for the second.
    await vi.waitFor(() => expect(first.exports.status(exportId!).written).toBe(100), { timeout: 20_000 });
    const [partName] = (await readdir(exportDir)).filter((n) => n.endsWith('.part'));
    const part = join(exportDir, partName!);
    await vi.waitFor(async () => expect((await stat(part)).size).toBeGreaterThan(0));
    expect(first.exports.status(exportId!).state).toBe('running');
    const recorded = JSON.parse(await readFile(join(appDataDir, 'host', IN_FLIGHT_FILE), 'utf8')) as {
      parts: { path: string; pid: number }[];
    };
    expect(recorded.parts).toEqual([{ path: part, pid: process.pid }]);

    // Files the cleanup must not touch: a finished export and a part file it did not record.
    await writeFile(join(exportDir, 'audit-events-earlier.ndjson'), '{"id":1}\n');
    await writeFile(join(exportDir, 'someone-elses.ndjson.part'), 'not ours\n');

    // The app starts again on the same data dir (the first host never got to close).
    await startHost(appDataDir, exportDir);
    expect(existsSync(part)).toBe(false);
    expect((await readdir(exportDir)).sort()).toEqual([
      'audit-events-earlier.ndjson',
      'someone-elses.ndjson.part',
    ]);
    expect(await openInFlightExports(join(appDataDir, 'host')).list()).toEqual([]);
  });

  it('removes the parts of exited processes and keeps the part of another live process', async () => {
    const hostDir = await tempDir('outpost-inflight-');
    const exportDir = await tempDir('outpost-exports-');
    const record = openInFlightExports(hostDir);

    const dead = spawnSync('true').pid!;
    const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
    cleanups.push(() => void sleeper.kill('SIGKILL'));
    const deadPart = join(exportDir, 'a.csv.part');
    const livePart = join(exportDir, 'b.csv.part');
    await writeFile(deadPart, 'half\n');
    await writeFile(livePart, 'still being written\n');
    await record.add(deadPart, dead);
    await record.add(livePart, sleeper.pid!);

    expect(await removeInterruptedExports(hostDir)).toEqual([deadPart]);
    expect(existsSync(deadPart)).toBe(false);
    expect(existsSync(livePart)).toBe(true);
    expect(await record.list()).toEqual([{ path: livePart, pid: sleeper.pid }]);
  });
});
