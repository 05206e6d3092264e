/**
 * Screen request sequences over a slow link (issue 27; printed figures, never a timed test): the first
 * view of the Pipelines list and of Files, as the renderer sends them to a remote GitLab, replayed
 * through a loopback proxy that holds every request OUTPOST_BENCH_LATENCY_MS (default 150 ms, a WAN round
 * trip) before passing it to a small stand-in GitLab on loopback, and scheduled by the host's own
 * per-instance limiter (electron/host/proxy/rate-limiter.ts, 6 requests in flight). Prints the request
 * count and the wall time of each, beside the same run's baseline: the access pattern before issue 27.
 *
 * The sequences are the requests the screens sent to the recorded stand-in GitLab in
 * renderer/src/app/request-budgets-real-host.test.tsx (its first-view counts), in waves: a wave starts
 * when the one before it has answered, as the screen needs the earlier answers (the project before its
 * lists, the list before one read per row). Sizes: a page of 20 pipelines (GitLab's list page the screen
 * asks for), the chart's 30 pipelines before, and a folder of OUTPOST_BENCH_TREE_ROWS entries in view
 * (default 20).
 * - Pipelines list, before: the project; the list (20) and the chart's list (30); one `GET
 *   …/pipelines/:id` per row (20) and per chart pipeline (30). Now: the project; the list (rows and
 *   chart share it). The chart's durations on request: at most 10 more.
 * - Files, before: the project; branches, tags, the ref's branch, its last commit, the tree; one `GET
 *   …/repository/commits?path=&per_page=1` per row in view. Now: the same without the row reads (asked
 *   on request, 3 at a time; printed as its own row).
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { InstanceRateLimiter } from '../electron/host/proxy/rate-limiter.js';
import type { ApiResponse } from '../shared/ipc-contract.js';
import type { BenchRow } from './bench-table.js';

const GROUP = 'screen requests (remote)';
const P = '/api/v4/projects/42';

/** One request path (GET) with its query. */
interface Req {
  path: string;
  query?: Record<string, string>;
}

/** Waves of requests; each wave's requests go out together, the next wave after all have answered. */
type Sequence = Req[][];

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

function pipelinesBefore(): Sequence {
  return [
    [{ path: P }],
    [
      { path: `${P}/pipelines`, query: { page: '1', per_page: '20' } },
      { path: `${P}/pipelines`, query: { page: '1', per_page: '30' } },
    ],
    [
      ...range(20, 500).map((id) => ({ path: `${P}/pipelines/${id}` })),
      ...range(30, 500).map((id) => ({ path: `${P}/pipelines/${id}`, query: { chart: '1' } })),
    ],
  ];
}

function pipelinesNow(): Sequence {
  return [[{ path: P }], [{ path: `${P}/pipelines`, query: { page: '1', per_page: '20' } }]];
}

function filesNow(): Sequence {
  return [
    [{ path: P }],
    [
      { path: `${P}/repository/branches`, query: { per_page: '100' } },
      { path: `${P}/repository/tags`, query: { per_page: '100' } },
      { path: `${P}/repository/branches/main` },
      { path: `${P}/repository/commits/main` },
      { path: `${P}/repository/tree`, query: { ref: 'main', per_page: '100' } },
    ],
  ];
}

function rowCommits(rows: number): Req[] {
  return range(rows, 0).map((i) => ({
    path: `${P}/repository/commits`,
    query: { ref_name: 'main', path: `file-${i}.txt`, per_page: '1' },
  }));
}

function filesBefore(rows: number): Sequence {
  return [...filesNow(), rowCommits(rows)];
}

/** A stand-in GitLab on loopback: a small JSON array or object for every path (the size is not measured). */
async function startStandIn(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
      const list = /\/(pipelines|branches|tags|tree|commits)$/.test(path);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(list ? [{ id: 1, name: 'main' }] : { id: 1 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A loopback proxy that waits `latencyMs` before forwarding each request to `target`. */
async function startLatencyProxy(
  target: string,
  latencyMs: number,
): Promise<{ url: string; server: Server }> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    setTimeout(() => {
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.writeHead(502).end());
      req.pipe(forward);
    }, latencyMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Sends one GET through `limiter` to `base`; resolves with the host's response shape. */
async function send(limiter: InstanceRateLimiter, base: string, req: Req): Promise<ApiResponse> {
  return limiter.run({ method: 'GET', path: req.path, query: req.query ?? {} }, async () => {
    const url = new URL(req.path, base);
    for (const [key, value] of Object.entries(req.query ?? {})) url.searchParams.set(key, value);
    const response = await fetch(url);
    return { status: response.status, headers: {}, body: await response.json() };
  });
}

/** Replays `sequence` wave by wave through a fresh limiter; returns requests sent and wall ms. */
async function replay(
  base: string,
  sequence: Sequence,
  concurrency?: number,
): Promise<{ requests: number; ms: number }> {
  const limiter = new InstanceRateLimiter(concurrency ? { concurrency } : {});
  const started = performance.now();
  let requests = 0;
  for (const wave of sequence) {
    requests += wave.length;
    await Promise.all(wave.map((req) => send(limiter, base, req)));
  }
  return { requests, ms: performance.now() - started };
}

/** Best (lowest) wall time of `rounds` replays. */
async function best(base: string, sequence: Sequence, rounds: number, concurrency?: number) {
  let result = await replay(base, sequence, concurrency);
  for (let i = 1; i < rounds; i++) {
    const next = await replay(base, sequence, concurrency);
    if (next.ms < result.ms) result = next;
  }
  return result;
}

/** Runs the replays and returns the rows (request counts and wall times, each beside the old pattern). */
export async function benchScreenRequests(): Promise<BenchRow[]> {
  const latencyMs = Number(process.env.OUTPOST_BENCH_LATENCY_MS ?? 150);
  const treeRows = Number(process.env.OUTPOST_BENCH_TREE_ROWS ?? 20);
  const rounds = 3;
  const standIn = await startStandIn();
  const proxy = await startLatencyProxy(standIn.url, latencyMs);
  try {
    const rows: BenchRow[] = [];
    const screens: Array<[string, Sequence, Sequence]> = [
      ['Pipelines list', pipelinesNow(), pipelinesBefore()],
      ['Files', filesNow(), filesBefore(treeRows)],
    ];
    for (const [name, now, before] of screens) {
      const nowRun = await best(proxy.url, now, rounds);
      const beforeRun = await best(proxy.url, before, rounds);
      console.log(
        `${name}: ${nowRun.requests} requests in ${nowRun.ms.toFixed(0)} ms; before: ${beforeRun.requests} in ${beforeRun.ms.toFixed(0)} ms (${latencyMs} ms per request, 6 in flight)`,
      );
      rows.push(
        {
          group: GROUP,
          name: `${name} first view: requests`,
          value: nowRun.requests,
          unit: 'requests',
          better: 'lower',
          baseline: { name: 'before issue 27', value: beforeRun.requests },
        },
        {
          group: GROUP,
          name: `${name} first view over ${latencyMs} ms`,
          value: Math.round(nowRun.ms),
          unit: 'ms',
          better: 'lower',
          baseline: { name: 'before issue 27', value: Math.round(beforeRun.ms) },
        },
      );
    }
    // Files' "Show last commits": the row reads, 3 at a time (renderer last-commit-queue), beside 6.
    const onRequest = await best(proxy.url, [rowCommits(treeRows)], rounds, 3);
    const allAtOnce = await best(proxy.url, [rowCommits(treeRows)], rounds);
    console.log(
      `Files, Show last commits (${treeRows} rows): ${onRequest.ms.toFixed(0)} ms at 3 in flight; ${allAtOnce.ms.toFixed(0)} ms at 6`,
    );
    rows.push({
      group: GROUP,
      name: `Files: last commits of ${treeRows} rows on request, 3 in flight`,
      value: Math.round(onRequest.ms),
      unit: 'ms',
      better: 'lower',
      baseline: { name: '6 in flight (the host limiter alone)', value: Math.round(allAtOnce.ms) },
    });
    return rows;
  } finally {
    await new Promise<void>((resolve) => proxy.server.close(() => resolve()));
    await new Promise<void>((resolve) => standIn.server.close(() => resolve()));
  }
}
