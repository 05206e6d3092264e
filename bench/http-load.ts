/**
 * A small HTTP load generator for benchmarks: `connections` keep-alive connections (node:http Agent) each
 * sending GETs back to back until `requests` have been answered, run in a separate Node process so the
 * client doesn't share the server's event loop (as an external tool like wrk would not). Returns
 * requests/s over the whole run, p50/p99 latency in ms and the number of errors (a non-200 status or a
 * failed request).
 */
import { spawn } from 'node:child_process';

export interface HttpLoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

const CLIENT = `
import http from 'node:http';
const [url, connections, total] = process.argv.slice(1);
const headers = JSON.parse(process.env.OUTPOST_BENCH_LOAD_HEADERS ?? '{}');
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });
const lat = [];
let errors = 0;
let sent = 0;
const one = () => new Promise((resolve) => {
  const t0 = performance.now();
  const req = http.get(url, { agent, headers }, (res) => {
    res.resume();
    res.on('end', () => {
      lat.push(performance.now() - t0);
      if (res.statusCode !== 200) errors += 1;
      resolve();
    });
  });
  req.on('error', () => { errors += 1; lat.push(performance.now() - t0); resolve(); });
});
const worker = async () => { while (sent < Number(total)) { sent += 1; await one(); } };
const start = performance.now();
await Promise.all(Array.from({ length: Number(connections) }, worker));
const ms = performance.now() - start;
lat.sort((a, b) => a - b);
const at = (q) => lat[Math.min(lat.length - 1, Math.ceil(q * lat.length) - 1)] ?? 0;
agent.destroy();
process.stdout.write(JSON.stringify({ rps: (lat.length / ms) * 1000, p50: at(0.5), p99: at(0.99), errors, requests: lat.length }));
`;

/** GET `url` with `headers` over `connections` keep-alive connections until `requests` answers. */
export function httpLoad(
  url: string,
  headers: Record<string, string>,
  connections: number,
  requests: number,
): Promise<HttpLoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', CLIENT, url, String(connections), String(requests)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        // Headers (a token) by environment, not argv: argv is visible to every local user in `ps`.
        env: { ...process.env, OUTPOST_BENCH_LOAD_HEADERS: JSON.stringify(headers) },
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`load client exited ${code}`));
      else resolve(JSON.parse(out) as HttpLoadResult);
    });
  });
}

/** One line: `label: N req/s, p50 …, p99 …, E errors (R requests, C connections)`. */
export function formatLoad(label: string, r: HttpLoadResult, connections: number): string {
  return `${label}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.errors} errors (${r.requests} requests, ${connections} connections)`;
}
