/**
 * Audit events export against a real embedded core: events are produced by real API calls (users,
 * tokens, projects, members), then exported through the host's API proxy and read back with csv-parse.
 */
import { parse } from 'csv-parse/sync';
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUDIT_CSV_COLUMNS } from '../../../shared/audit-csv.js';
import type { AuditEvent } from '../../../shared/audit-events.js';
import type { ApiRequest, ApiResponse } from '../../../shared/ipc-contract.js';
import { insertAuditEvent } from '../../core/db/audit-events.js';
import { coreDataDir } from '../app-data-dir.js';
import { createHost, type Host } from '../host.js';
import { loadCreateCore } from '../load-core.js';
import { freePort } from '../test/fake-gitlab.js';
import { createKeyFileCipher } from '../vault/key-file-cipher.js';
import { writeAuditExport } from './audit-export.js';
import { embeddedAuditPages, type EmbeddedAuditPages } from './embedded-audit-pages.js';
import { createExportJobs } from './export-jobs.js';

/** shared/audit-export-format.ts by URL, for a test formatter module that wraps the real one. */
const AUDIT_EXPORT_FORMATTER_URL = new URL('../../../shared/audit-export-format.ts', import.meta.url).href;

const NASTY_NAME = 'Ada, "The Countess"\nLovelace';
const FORMULA_TOKEN_NAME = '=HYPERLINK("http://evil.example","click")';

let dir: string;
let exportDir: string;
let host: Host;
let adaToken: string;
let adaProjectId: number;

async function api<T = unknown>(req: Omit<ApiRequest, 'profileId'>): Promise<ApiResponse<T>> {
  return (await host.proxy.request({ ...req, profileId: 'embedded' })) as ApiResponse<T>;
}

async function ok<T>(req: Omit<ApiRequest, 'profileId'>): Promise<T> {
  const res = await api<T>(req);
  if (res.status >= 300)
    throw new Error(`${req.method} ${req.path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Every instance audit event, newest first, read with offset pages (independent of the export's walk). */
async function allEvents(): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  for (let page = 1; ; page++) {
    const res = await api<AuditEvent[]>({
      method: 'GET',
      path: '/audit_events',
      query: { per_page: 100, page },
    });
    events.push(...res.body);
    if (!res.headers['x-next-page']) return events;
  }
}

let listening: Promise<string> | undefined;
/** The core over loopback HTTP, to stand in for a remote instance. */
function loopbackUrl(): Promise<string> {
  // The host already makes the embedded core listen on 127.0.0.1 (startEmbeddedCore).
  listening ??= Promise.resolve(host.coreUrl!);
  return listening;
}

/** This process's threads (Linux): an export's worker threads are gone once it ends. */
function threads(): number {
  return Number(/^Threads:\s+(\d+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
}

async function files(folder: string): Promise<string[]> {
  return (await readdir(folder)).sort();
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-export-'));
  exportDir = join(dir, 'exports');
  host = await createHost({
    appDataDir: dir,
    shell: 'browser-host',
    version: '0',
    cipher: await createKeyFileCipher(join(dir, 'host')),
    cipherId: 'key-file',
    createCore: await loadCreateCore(),
    openExternal: async () => undefined,
    remoteTimeoutMs: 2000,
    env: {},
    exportDir,
  });
  const ada = await ok<{ id: number }>({
    method: 'POST',
    path: '/users',
    body: {
      username: 'ada',
      name: NASTY_NAME,
      email: 'ada@example.com',
      password: 'correct-horse-battery-1',
    },
  });
  adaToken = (
    await ok<{ token: string }>({
      method: 'POST',
      path: `/users/${ada.id}/personal_access_tokens`,
      body: { name: 'ada-cli', scopes: ['api'] },
    })
  ).token;
  // Ada creates a project herself: its event carries her name (commas, quotes, a newline).
  const created = await host.core!.inject({
    method: 'POST',
    url: '/api/v4/projects',
    headers: { 'private-token': adaToken, 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'ada-project' }),
  });
  expect(created.statusCode).toBe(201);
  adaProjectId = (JSON.parse(created.body) as { id: number }).id;
  // A token named like a formula, revoked: its name lands in target_details.
  const formula = await ok<{ id: number }>({
    method: 'POST',
    path: `/users/${ada.id}/personal_access_tokens`,
    body: { name: FORMULA_TOKEN_NAME, scopes: ['read_api'] },
  });
  await ok({ method: 'DELETE', path: `/personal_access_tokens/${formula.id}` });
  for (let i = 1; i <= 12; i++) {
    const project = await ok<{ id: number }>({ method: 'POST', path: '/projects', body: { name: `p-${i}` } });
    if (i === 1) {
      await ok({
        method: 'POST',
        path: `/projects/${project.id}/members`,
        body: { user_id: ada.id, access_level: 30 },
      });
      await ok({
        method: 'PUT',
        path: `/projects/${project.id}/members/${ada.id}`,
        body: { access_level: 40 },
      });
    }
  }
}, 60_000);

afterAll(async () => {
  await host?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('writeAuditExport over the embedded core', () => {
  it('writes CSV every event once, in column order, quoting commas, quotes and newlines', async () => {
    const expected = await allEvents();
    expect(expected.length).toBeGreaterThan(20);
    const file = join(dir, 'all.csv');
    const progress: number[] = [];
    const { written } = await writeAuditExport({
      proxy: host.proxy,
      profileId: 'embedded',
      format: 'csv',
      filters: {},
      file,
      pageSize: 7,
      onProgress: (n) => progress.push(n),
    });
    expect(written).toBe(expected.length);
    expect(progress.at(-1)).toBe(expected.length);
    expect(progress.length).toBe(Math.ceil(expected.length / 7));

    const text = await readFile(file, 'utf8');
    const header = parse(text, { to_line: 1 }) as string[][];
    expect(header[0]).toEqual([...AUDIT_CSV_COLUMNS]);
    const rows = parse(text, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => Number(r.id))).toEqual(expected.map((e) => e.id));

    const adaRow = rows.find((r) => r.entity_id === String(adaProjectId) && r.author_name === NASTY_NAME);
    expect(adaRow).toMatchObject({ entity_type: 'Project', target_type: 'Project' });
    const formulaRow = rows.find((r) => r.target_details?.includes('HYPERLINK'));
    expect(formulaRow?.target_details).toBe(`'${FORMULA_TOKEN_NAME}`);
    const changed = rows.find((r) => r.from === 'Developer');
    expect(changed).toMatchObject({
      to: 'Maintainer',
      action: 'Changed access_level from Developer to Maintainer',
    });
    expect(rows.some((r) => r.action === 'Added user_access as Developer')).toBe(true);
    // No cell of the file starts a formula.
    for (const row of rows) {
      for (const value of Object.values(row)) expect(value).not.toMatch(/^[=+@\t\r]|^-(?!\d+$)/);
    }
    expect(await files(dir)).not.toContain('all.csv.part');
  });

  it('writes NDJSON: one valid event per line, equal to the API’s', async () => {
    const expected = await allEvents();
    const file = join(dir, 'all.ndjson');
    const { written } = await writeAuditExport({
      proxy: host.proxy,
      profileId: 'embedded',
      format: 'ndjson',
      filters: {},
      file,
      pageSize: 5,
    });
    const text = await readFile(file, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    expect(lines).toHaveLength(written);
    expect(lines.map((line) => JSON.parse(line) as AuditEvent)).toEqual(expected);
    expect(lines.find((line) => line.includes('Countess'))).toContain('\\n');
  });

  it('filters by entity and writes only a header when nothing matches', async () => {
    const file = join(dir, 'ada.csv');
    await writeAuditExport({
      proxy: host.proxy,
      profileId: 'embedded',
      format: 'csv',
      filters: { entity_type: 'Project', entity_id: adaProjectId },
      file,
    });
    const rows = parse(await readFile(file, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.entity_type === 'Project' && r.entity_id === String(adaProjectId))).toBe(true);

    const empty = join(dir, 'empty.csv');
    const { written } = await writeAuditExport({
      proxy: host.proxy,
      profileId: 'embedded',
      format: 'csv',
      filters: { created_before: '2000-01-01T00:00:00Z' },
      file: empty,
    });
    expect(written).toBe(0);
    expect(await readFile(empty, 'utf8')).toBe(`${AUDIT_CSV_COLUMNS.join(',')}\n`);
  });

  it('walks every event exactly once while new events arrive', async () => {
    const before = await allEvents();
    let made = 0;
    const busy = {
      request: async (req: ApiRequest) => {
        const res = await host.proxy.request(req);
        // Each page served is followed by a new project (new events) before the next page is asked for.
        await ok({ method: 'POST', path: '/projects', body: { name: `late-${++made}` } });
        return res;
      },
    };
    const file = join(dir, 'moving.ndjson');
    const { written } = await writeAuditExport({
      proxy: busy,
      profileId: 'embedded',
      format: 'ndjson',
      filters: {},
      file,
      pageSize: 4,
    });
    expect(made).toBeGreaterThan(5);
    const ids = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as AuditEvent).id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(before.map((e) => e.id));
    expect(written).toBe(before.length);
    expect((await allEvents()).length).toBeGreaterThan(before.length);
  });
});

describe('in-process pages from the embedded core (core.exportAuditEvents)', () => {
  const direct = () => embeddedAuditPages({ profiles: host.profiles, vault: host.vault, core: host.core });

  it('writes the same CSV and NDJSON bytes as the API walk, filters included, in pages or worker blocks of any size', async () => {
    const adaFilter = { entity_type: 'Project' as const, entity_id: adaProjectId };
    for (const format of ['csv', 'ndjson'] as const) {
      for (const filters of [{}, adaFilter]) {
        const viaApi = join(dir, `api.${format}`);
        const viaCore = join(dir, `core.${format}`);
        const a = await writeAuditExport({
          proxy: host.proxy,
          profileId: 'embedded',
          format,
          filters,
          file: viaApi,
        });
        // Pages on this thread (no format named, or workers turned off).
        const source = await embeddedAuditPages({
          profiles: host.profiles,
          vault: host.vault,
          core: host.core,
          pageSize: 4,
          workers: 0,
        })('embedded', filters, undefined, format);
        expect(source).toEqual({ pages: expect.anything() });
        let pagesSeen = 0;
        const b = await writeAuditExport({
          proxy: { request: () => Promise.reject(new Error('the API must not be used')) },
          profileId: 'embedded',
          format,
          filters,
          file: viaCore,
          ...source!,
          onProgress: () => (pagesSeen += 1),
        });
        expect(b.written).toBe(a.written);
        expect(a.written).toBeGreaterThan(0);
        expect(pagesSeen).toBe(Math.ceil(a.written / 4));
        expect(await readFile(viaCore, 'utf8')).toBe(await readFile(viaApi, 'utf8'));

        // Text made by the core's worker threads, in blocks of 3 ids over 2 workers.
        const viaWorkers = join(dir, `workers.${format}`);
        const chunked = await embeddedAuditPages({
          profiles: host.profiles,
          vault: host.vault,
          core: host.core,
          workers: 2,
          blockIds: 3,
        })('embedded', filters, undefined, format);
        expect(chunked).toEqual({ chunks: expect.anything() });
        const progress: number[] = [];
        const c = await writeAuditExport({
          proxy: { request: () => Promise.reject(new Error('the API must not be used')) },
          profileId: 'embedded',
          format,
          filters,
          file: viaWorkers,
          ...chunked!,
          onProgress: (count) => progress.push(count),
        });
        expect(c.written).toBe(a.written);
        expect(progress.at(-1)).toBe(a.written);
        expect(progress).toEqual([...progress].sort((x, y) => x - y));
        expect(await readFile(viaWorkers, 'utf8')).toBe(await readFile(viaApi, 'utf8'));

        // Workers that can't start (their module missing): the same bytes, written on this thread.
        const viaFallback = join(dir, `fallback.${format}`);
        const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
        try {
          const fallback = await embeddedAuditPages({
            profiles: host.profiles,
            vault: host.vault,
            core: host.core,
            workers: 2,
            formatterUrl: pathToFileURL(join(dir, 'no-such-formatter.js')).href,
          })('embedded', filters, undefined, format);
          const d = await writeAuditExport({
            proxy: { request: () => Promise.reject(new Error('the API must not be used')) },
            profileId: 'embedded',
            format,
            filters,
            file: viaFallback,
            ...fallback!,
          });
          expect(d.written).toBe(a.written);
          expect(await readFile(viaFallback, 'utf8')).toBe(await readFile(viaApi, 'utf8'));
          expect(errors).toHaveBeenCalledWith(
            'outpost: export workers failed, exporting on the main thread:',
            expect.stringMatching(/no-such-formatter/),
          );
        } finally {
          errors.mockRestore();
        }
      }
    }
  });

  it('is used for the embedded profile only, and refuses as the API does', async () => {
    const remote = await host.profiles.addRemote({
      name: 'Elsewhere',
      url: `http://127.0.0.1:${await freePort()}`,
      token: 'glpat-elsewhere-000000000000000',
    });
    expect(await direct()(remote.id, {})).toBeNull();
    expect(
      await embeddedAuditPages({ profiles: host.profiles, vault: host.vault, core: null })('embedded', {}),
    ).toBeNull();

    const core = host.core!;
    expect(core.exportAuditEvents!(adaToken, {})).toEqual({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    expect(core.exportAuditEvents!('glpat-no-such-token-000000000000', {})).toEqual({
      status: 401,
      body: { message: '401 Unauthorized' },
    });
    const root = (await host.vault.get('embedded'))!;
    expect(core.exportAuditEvents!(root, { created_after: 'yesterday', entity_id: 3 })).toEqual({
      status: 400,
      body: { error: 'entity_type is missing, created_after is invalid' },
    });
    // The job shows the API's sentence for the same refusal.
    const asAda = embeddedAuditPages({
      profiles: { get: () => ({ ...host.profiles.get('embedded') }) },
      vault: { get: async () => adaToken },
      core,
    });
    await expect(asAda('embedded', {})).rejects.toThrow(/403 Forbidden.*administrator/);
  });

  it('export jobs of the embedded profile read the core in-process, never the API pages', async () => {
    const folder = join(dir, 'in-process');
    const keysetRequests: string[] = [];
    const watching = {
      request: (req: ApiRequest) => {
        if (req.query?.pagination === 'keyset' || req.path.includes('cursor=')) keysetRequests.push(req.path);
        return host.proxy.request(req);
      },
    };
    const jobs = createExportJobs({
      proxy: watching,
      resolveProfileId: () => 'embedded',
      exportDir: folder,
      embeddedPages: direct(),
    });
    const total = (await allEvents()).length;
    const { exportId } = await jobs.start({ kind: 'audit_events', format: 'csv', filters: {} });
    await vi.waitFor(() => expect(jobs.status(exportId!).state).toBe('done'), { timeout: 20_000 });
    expect(jobs.status(exportId!)).toMatchObject({ written: total, expected: total });
    expect(keysetRequests).toEqual([]);
    const rows = parse(await readFile(jobs.status(exportId!).file!, 'utf8'), { columns: true }) as unknown[];
    expect(rows).toHaveLength(total);
  });
});

describe("export jobs made by the core's workers", () => {
  it("cancel stops the workers' export and leaves no file behind", async () => {
    const folder = join(dir, 'cancel-workers');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let innerClosed = false;
    // The real worker chunks, held after the first one until the job is being canceled.
    const gated: EmbeddedAuditPages = async (profileId, filters, signal, format) => {
      const source = await embeddedAuditPages({
        profiles: host.profiles,
        vault: host.vault,
        core: host.core,
        workers: 2,
        blockIds: 2,
      })(profileId, filters, signal, format);
      if (!source || !('chunks' in source)) throw new Error('expected chunks from the core’s workers');
      const inner = source.chunks;
      return {
        chunks: (async function* () {
          let seen = 0;
          try {
            for await (const chunk of inner) {
              yield chunk;
              seen += 1;
              if (seen === 1) await gate;
            }
          } finally {
            innerClosed = true;
          }
        })(),
      };
    };
    const jobs = createExportJobs({
      proxy: host.proxy,
      resolveProfileId: () => 'embedded',
      exportDir: folder,
      embeddedPages: gated,
    });
    const threadsBefore = threads();
    const { exportId } = await jobs.start({ kind: 'audit_events', format: 'csv', filters: {} });
    // Starting the workers takes a moment (longer from the TypeScript sources on a busy machine).
    await vi.waitFor(() => expect(jobs.status(exportId!)).toMatchObject({ state: 'running', written: 2 }), {
      timeout: 20_000,
    });
    expect(await files(folder)).toEqual([expect.stringMatching(/^audit-events-.*\.csv\.part$/)]);
    const cancelling = jobs.cancel(exportId!);
    release();
    expect(await cancelling).toMatchObject({ state: 'canceled' });
    await vi.waitFor(() => expect(innerClosed).toBe(true), { timeout: 20_000 });
    expect(await files(folder)).toEqual([]);
    // No worker is left running, and the next export works.
    await vi.waitFor(() => expect(threads()).toBe(threadsBefore), { timeout: 20_000 });
    const next = createExportJobs({
      proxy: host.proxy,
      resolveProfileId: () => 'embedded',
      exportDir: folder,
      embeddedPages: embeddedAuditPages({ profiles: host.profiles, vault: host.vault, core: host.core }),
    });
    const again = await next.start({ kind: 'audit_events', format: 'csv', filters: {} });
    await vi.waitFor(() => expect(next.status(again.exportId!).state).toBe('done'), { timeout: 20_000 });
    const total = (await allEvents()).length;
    expect(next.status(again.exportId!)).toMatchObject({ written: total });
  });
});

describe('export jobs', () => {
  it('runs in the background to done, reporting the count and the file in the export folder', async () => {
    const total = (await allEvents()).length;
    const { exportId } = await host.exports.start({ kind: 'audit_events', format: 'csv', filters: {} });
    expect(exportId).toEqual(expect.any(String));
    await vi.waitFor(() => expect(host.exports.status(exportId!).state).toBe('done'), { timeout: 20_000 });
    const status = host.exports.status(exportId!);
    expect(status).toMatchObject({ written: total, expected: total, format: 'csv' });
    expect(status.file).toMatch(new RegExp(`^${exportDir}/audit-events-\\d{4}-\\d{2}-\\d{2}-\\d{6}\\.csv$`));
    const rows = parse(await readFile(status.file!, 'utf8'), { columns: true }) as unknown[];
    expect(rows).toHaveLength(total);
    // A second export in the same second gets its own name.
    const again = await host.exports.start({ kind: 'audit_events', format: 'csv', filters: {} });
    await vi.waitFor(() => expect(host.exports.status(again.exportId!).state).toBe('done'), {
      timeout: 20_000,
    });
    expect(host.exports.status(again.exportId!).file).not.toBe(status.file);
    expect(() => host.exports.status('nope')).toThrow(/not known/);
  });

  it('cancel stops the walk and leaves no file behind', async () => {
    const folder = join(dir, 'cancel');
    await mkdir(folder);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let pages = 0;
    const slow = {
      request: async (req: ApiRequest) => {
        if (!req.query || req.query.pagination === 'keyset' || req.path.includes('cursor=')) {
          pages += 1;
          if (pages > 1) await gate;
        }
        return host.proxy.request(req);
      },
    };
    const jobs = createExportJobs({
      proxy: slow,
      resolveProfileId: () => 'embedded',
      exportDir: folder,
      pageSize: 3,
    });
    const { exportId } = await jobs.start({ kind: 'audit_events', format: 'csv', filters: {} });
    await vi.waitFor(() => expect(jobs.status(exportId!).written).toBe(3));
    expect(await files(folder)).toEqual([expect.stringMatching(/^audit-events-.*\.csv\.part$/)]);
    const cancelling = jobs.cancel(exportId!);
    release();
    const status = await cancelling;
    expect(status).toMatchObject({ state: 'canceled', written: 3 });
    expect(status.file).toBeUndefined();
    expect(await files(folder)).toEqual([]);
    // Canceling again changes nothing.
    expect(await jobs.cancel(exportId!)).toMatchObject({ state: 'canceled' });
  });

  it('fails with a clear error for an unreachable instance and a non-administrator', async () => {
    const folder = join(dir, 'failures');
    const jobs = createExportJobs({
      proxy: host.proxy,
      resolveProfileId: (id) => (id === undefined ? host.profiles.active() : host.profiles.get(id)).id,
      exportDir: folder,
    });
    const down = await host.profiles.addRemote({
      name: 'Down',
      url: `http://127.0.0.1:${await freePort()}`,
      token: 'glpat-unreachable-0000000000',
    });
    const failed = await jobs.start({ kind: 'audit_events', profileId: down.id, format: 'csv', filters: {} });
    await vi.waitFor(() => expect(jobs.status(failed.exportId!).state).toBe('failed'));
    expect(jobs.status(failed.exportId!).error).toMatch(
      /^Could not reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)\. Check the URL and your network\.$/,
    );

    // The core over loopback HTTP as a "remote" instance with Ada's (non-administrator) token.
    const url = await loopbackUrl();
    const asAda = await host.profiles.addRemote({ name: 'Ada', url, token: adaToken });
    const refused = await jobs.start({
      kind: 'audit_events',
      profileId: asAda.id,
      format: 'ndjson',
      filters: {},
    });
    await vi.waitFor(() => expect(jobs.status(refused.exportId!).state).toBe('failed'));
    expect(jobs.status(refused.exportId!).error).toMatch(/403 Forbidden.*administrator/);
    expect(await files(folder)).toEqual([]);

    await expect(
      jobs.start({ kind: 'audit_events', profileId: 'nope', format: 'csv', filters: {} }),
    ).rejects.toThrow();
  });

  it('exports from a remote instance over HTTP, following absolute Link URLs', async () => {
    const url = await loopbackUrl();
    const rootToken = (await host.vault.get('embedded'))!;
    const remote = await host.profiles.addRemote({ name: 'Loopback', url, token: rootToken });
    const file = join(dir, 'remote.ndjson');
    const { written } = await writeAuditExport({
      proxy: host.proxy,
      profileId: remote.id,
      format: 'ndjson',
      filters: { entity_type: 'Project' },
      file,
      pageSize: 10,
    });
    const expected = (await allEvents()).filter((e) => e.entity_type === 'Project');
    expect(written).toBe(expected.length);
    const ids = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as AuditEvent).id);
    expect(ids).toEqual(expected.map((e) => e.id));
  });
});

describe("hostile input on the core's export workers", () => {
  it('a formatter error part-way fails the job with a clear error, removes the part file, and the next export works', async () => {
    const folder = join(dir, 'formatter-fails');
    const events = await allEvents();
    const failAt = events[Math.floor(events.length / 2)]!.id;
    // The real CSV formatter, throwing on one event in the middle of the export.
    const failing = join(dir, 'failing-formatter.mjs');
    await writeFile(
      failing,
      `import { formatAuditEventPage as real } from ${JSON.stringify(AUDIT_EXPORT_FORMATTER_URL)};
      export function formatAuditEventPage(events, format) {
        if (events.some((event) => event.id === ${failAt})) throw new Error('cannot format event ${failAt}');
        return real(events, format);
      }`,
    );
    const pages = (formatterUrl?: string) =>
      embeddedAuditPages({
        profiles: host.profiles,
        vault: host.vault,
        core: host.core,
        workers: 2,
        blockIds: 4,
        ...(formatterUrl ? { formatterUrl } : {}),
      });
    const jobs = createExportJobs({
      proxy: host.proxy,
      resolveProfileId: () => 'embedded',
      exportDir: folder,
      embeddedPages: pages(pathToFileURL(failing).href),
    });
    const threadsBefore = threads();
    const { exportId } = await jobs.start({ kind: 'audit_events', format: 'csv', filters: {} });
    await vi.waitFor(() => expect(jobs.status(exportId!).state).not.toBe('running'), { timeout: 20_000 });
    await vi.waitFor(() => expect(threads()).toBe(threadsBefore), { timeout: 20_000 });
    const failed = jobs.status(exportId!);
    expect(failed).toMatchObject({
      state: 'failed',
      error: `The export stopped part-way and nothing was saved (audit export: cannot format event ${failAt}).`,
    });
    expect(failed.written).toBeGreaterThan(0);
    expect(failed.written).toBeLessThan(events.length);
    expect(await files(folder)).toEqual([]);

    const next = createExportJobs({
      proxy: host.proxy,
      resolveProfileId: () => 'embedded',
      exportDir: folder,
      embeddedPages: pages(),
    });
    const again = await next.start({ kind: 'audit_events', format: 'csv', filters: {} });
    await vi.waitFor(() => expect(next.status(again.exportId!).state).toBe('done'), { timeout: 20_000 });
    const rows = parse(await readFile(next.status(again.exportId!).file!, 'utf8'), {
      columns: true,
    }) as unknown[];
    expect(rows).toHaveLength(events.length);
  });

  it('writes huge and odd details (formula starts, newlines, NUL, 1 MB strings) exactly as the API walk does', async () => {
    // 1 MiB and a few odd characters: its block comes back from the worker in more than one chunk.
    const huge = `${'0123456789abcdef'.repeat(65_536)}"\n,end`;
    const odd = [
      '=HYPERLINK("http://evil.example")',
      '+1+2',
      '-3',
      '@SUM(A1)',
      '\tTab',
      '\rCR',
      'a\u0000b',
      'x\ny\r\nz',
    ];
    const coreDb = new Database(join(coreDataDir(dir), 'outpost.sqlite'));
    const ids: number[] = [];
    try {
      coreDb.pragma('busy_timeout = 5000');
      const details = [
        { custom_message: huge, author_name: huge, target_details: huge, ip_address: '=1+1' },
        ...odd.map((text) => ({
          author_name: text,
          entity_path: text,
          change: text,
          from: text,
          to: `${text}\u0000`,
          target_type: text,
          target_id: 7,
          target_details: text,
        })),
      ];
      for (const detail of details) {
        ids.push(
          insertAuditEvent(coreDb, {
            author_id: 1,
            entity_id: 1,
            entity_type: 'User',
            details: JSON.stringify(detail),
            ip_address: null,
            created_at: new Date().toISOString(),
          }),
        );
      }
    } finally {
      coreDb.close();
    }
    for (const format of ['csv', 'ndjson'] as const) {
      const viaApi = join(dir, `hostile-api.${format}`);
      const viaWorkers = join(dir, `hostile-workers.${format}`);
      const a = await writeAuditExport({
        proxy: host.proxy,
        profileId: 'embedded',
        format,
        filters: {},
        file: viaApi,
      });
      const chunks = await embeddedAuditPages({
        profiles: host.profiles,
        vault: host.vault,
        core: host.core,
        workers: 2,
        blockIds: 3,
      })('embedded', {}, undefined, format);
      expect(chunks).toEqual({ chunks: expect.anything() });
      const b = await writeAuditExport({
        proxy: { request: () => Promise.reject(new Error('the API must not be used')) },
        profileId: 'embedded',
        format,
        filters: {},
        file: viaWorkers,
        ...chunks!,
      });
      expect(b.written).toBe(a.written);
      const text = await readFile(viaWorkers, 'utf8');
      expect(text === (await readFile(viaApi, 'utf8'))).toBe(true);
      if (format === 'ndjson') {
        const byId = new Map(
          text
            .slice(0, -1)
            .split('\n')
            .map((line) => JSON.parse(line) as AuditEvent)
            .map((event) => [event.id, event]),
        );
        expect(byId.get(ids[0]!)!.details).toMatchObject({ custom_message: huge, author_name: huge });
        expect(byId.get(ids[7]!)!.details).toMatchObject({ author_name: 'a\u0000b', to: 'a\u0000b\u0000' });
        continue;
      }
      const rows = parse(text, { columns: true }) as Record<string, string>[];
      const row = (id: number) => rows.find((r) => r.id === String(id))!;
      expect(rows).toHaveLength(a.written);
      expect(row(ids[0]!)).toMatchObject({
        author_name: huge,
        action: huge,
        target_details: huge,
        ip_address: "'=1+1",
      });
      odd.forEach((value, i) => {
        const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
        expect(row(ids[i + 1]!)).toMatchObject({
          author_name: safe,
          entity_path: safe,
          from: safe,
          to: `${safe}\u0000`,
          target_type: safe,
          target_id: '7',
          target_details: safe,
        });
      });
    }
  });
});
