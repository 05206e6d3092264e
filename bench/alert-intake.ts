/**
 * Alert intake benchmark (issue 9): sustained POSTs to an HTTP endpoint integration's notify URL over
 * real loopback HTTP, from a few concurrent clients, the way monitoring tools send them. The mix per
 * client: new alerts (unique fingerprints), occurrences of open alerts (grouped: events + 1), resolving
 * payloads (`end_time`) and re-creation after resolution; every request must answer 200.
 * Prints payloads/second sustained and p50/p99 latency in ms, then what was stored. The baseline, run
 * right before with the same payloads and clients: a bare Fastify app whose POST route parses the JSON
 * body and answers `{}` (no auth, no SQLite), i.e. what HTTP + JSON alone cost on this machine.
 * Sizes: OUTPOST_BENCH_ALERTS payloads (default 5000), OUTPOST_BENCH_ALERT_CLIENTS clients (default 4).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { createCore } from '../electron/core/app.js';
import type { BenchRow } from './bench-table.js';

const TOKEN = 'glpat-bench-root-token-000000000';
/** Open alerts each client keeps cycling through (grouped occurrences and resolutions). */
const POOL_PER_CLIENT = 25;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

type Kind = 'new' | 'grouped' | 'resolve' | 'recreate';

/** A realistic payload (~600 bytes) with extra nested fields. */
function payload(fingerprint: string, i: number, endTime?: string): Record<string, unknown> {
  return {
    title: `High error rate on ${fingerprint}`,
    description: 'The 5xx ratio of the checkout service has been above 5% for 5 minutes.',
    start_time: new Date(Date.UTC(2024, 0, 1, 0, 0, i % 60)).toISOString(),
    ...(endTime ? { end_time: endTime } : {}),
    service: 'checkout',
    monitoring_tool: 'Prometheus',
    hosts: ['web-1.internal', 'web-2.internal'],
    severity: ['critical', 'high', 'medium', 'low'][i % 4],
    fingerprint,
    gitlab_environment_name: 'production',
    labels: { team: 'payments', region: 'eu-west-1', rule: { group: 'slo', for: '5m' } },
    annotations: { runbook: 'https://runbooks.example.com/checkout-5xx', dashboard: 'grafana/d/abc' },
  };
}

/** What `drive` measured: payloads per kind, each request's latency (ascending, ms), and wall time. */
interface Intake {
  counts: Record<Kind, number>;
  latencies: number[];
  elapsed: number;
}

/** POSTs one JSON body; returns the status. */
async function post(
  url: string,
  headers: Record<string, string>,
  body: Record<string, unknown>,
): Promise<number> {
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return res.status;
}

/**
 * Sends `total` payloads to `url` from `clients` concurrent clients (the mix in the file comment; the
 * same sequence for any url) and times each request. Throws unless every answer is 200.
 */
async function drive(
  url: string,
  headers: Record<string, string>,
  total: number,
  clients: number,
): Promise<Intake> {
  const counts: Record<Kind, number> = { new: 0, grouped: 0, resolve: 0, recreate: 0 };
  const latencies: number[] = [];
  let failures = 0;

  /** One client: its own pool of fingerprints, so it always knows which are open. */
  const client = async (c: number, n: number): Promise<void> => {
    const open = new Array<boolean>(POOL_PER_CLIENT).fill(false);
    let unique = 0;
    for (let i = 0; i < n; i++) {
      const slot = (i * 7 + c) % POOL_PER_CLIENT;
      const fp = `c${c}-pool-${slot}`;
      let kind: Kind;
      let body: Record<string, unknown>;
      if (i % 5 === 0) {
        kind = 'new';
        body = payload(`c${c}-unique-${unique++}`, i);
      } else if (open[slot] && i % 11 === 0) {
        kind = 'resolve';
        body = payload(fp, i, new Date().toISOString());
        open[slot] = false;
      } else {
        kind = open[slot] ? 'grouped' : 'recreate';
        body = payload(fp, i);
        open[slot] = true;
      }
      const t0 = performance.now();
      const status = await post(url, headers, body);
      latencies.push(performance.now() - t0);
      if (status !== 200) failures++;
      counts[kind]++;
    }
  };

  const start = performance.now();
  await Promise.all(
    Array.from({ length: clients }, (_, c) =>
      client(c, Math.floor(total / clients) + (c < total % clients ? 1 : 0)),
    ),
  );
  const elapsed = performance.now() - start;
  latencies.sort((a, b) => a - b);
  if (failures > 0) throw new Error(`${failures} notifications to ${url} were not answered 200`);
  return { counts, latencies, elapsed };
}

export async function benchAlertIntake(): Promise<BenchRow[]> {
  const total = Number(process.env.OUTPOST_BENCH_ALERTS ?? 5000);
  const clients = Number(process.env.OUTPOST_BENCH_ALERT_CLIENTS ?? 4);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outpost-bench-alerts-'));
  const core = await createCore({ dataDir, rootToken: TOKEN });
  const base = await core.listen({ port: 0 });
  const headers = { 'private-token': TOKEN, 'content-type': 'application/json' };
  try {
    const group = await fetch(`${base}/api/v4/groups`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Ops', path: 'ops' }),
    }).then((r) => r.json() as Promise<{ id: number }>);
    const project = await fetch(`${base}/api/v4/projects`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'checkout', namespace_id: group.id }),
    }).then((r) => r.json() as Promise<{ id: number }>);
    const integration = await fetch(
      `${base}/api/v4/projects/${project.id}/alert_management/http_integrations`,
      {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Prometheus' }),
      },
    ).then((r) => r.json() as Promise<{ url: string; token: string }>);
    const notifyUrl = `${base}${new URL(integration.url).pathname}`;
    const notifyHeaders = {
      authorization: `Bearer ${integration.token}`,
      'content-type': 'application/json',
    };

    // Warm-up (JIT, SQLite page cache, connection pool); not measured.
    for (let i = 0; i < 100; i++) await post(notifyUrl, notifyHeaders, payload(`warmup-${i % 10}`, i));

    // The baseline, right before: the same payloads from the same clients to a Fastify route that parses
    // the JSON body and does nothing else (the framework's floor over the same loopback HTTP).
    const floor = Fastify();
    floor.post('/notify', async () => ({}));
    const floorUrl = `${await floor.listen({ port: 0, host: '127.0.0.1' })}/notify`;
    let noop: Intake;
    try {
      for (let i = 0; i < 100; i++) await post(floorUrl, notifyHeaders, payload(`warmup-${i % 10}`, i));
      noop = await drive(floorUrl, notifyHeaders, total, clients);
    } finally {
      await floor.close();
    }
    const run = await drive(notifyUrl, notifyHeaders, total, clients);
    const { counts, latencies, elapsed } = run;

    const pct = (k: Kind) => `${((counts[k] / total) * 100).toFixed(0)}% ${k}`;
    console.log(
      `alert intake over HTTP (${total} payloads, ${clients} clients; ${pct('new')}, ${pct('grouped')}, ` +
        `${pct('resolve')}, ${pct('recreate')}): ${((total / elapsed) * 1000).toFixed(0)} payloads/s, ` +
        `p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms, ` +
        `max ${(latencies[latencies.length - 1] ?? 0).toFixed(2)} ms`,
    );
    console.log(
      `  the same payloads to a no-op Fastify route: ${((total / noop.elapsed) * 1000).toFixed(0)} payloads/s, ` +
        `p50 ${percentile(noop.latencies, 50).toFixed(2)} ms, p99 ${percentile(noop.latencies, 99).toFixed(2)} ms`,
    );

    const stored = await fetch(`${base}/api/v4/projects/${project.id}/alert_management/alerts/counts`, {
      headers,
    }).then((r) => r.json() as Promise<Record<string, number>>);
    console.log(
      `stored: ${stored.all} alerts (${stored.open} open, ${stored.resolved} resolved) from ${total + 100} payloads`,
    );
    return [
      {
        group: 'alert intake',
        name: `POST notify (${total} payloads, ${clients} clients) over HTTP`,
        value: (total / elapsed) * 1000,
        unit: 'payloads/s',
        better: 'higher',
        baseline: { name: 'no-op Fastify POST, same payloads', value: (total / noop.elapsed) * 1000 },
      },
    ];
  } finally {
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
