/**
 * A stand-alone git smart-HTTP server for import tests: Node's http server on 127.0.0.1 running git's own
 * CGI program `git http-backend` (git-http-backend(1)) for every request, over the bare repositories under
 * one directory. Independent of the core's git routes, so import tests need nothing else of the core.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { git } from './git-fixtures.js';

export interface GitHttpBackend {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Request paths received (with query), in order. */
  hits: string[];
  /** Add `bare` clone of `sourceDir` as `<name>.git`; returns its URL. */
  addRepository(name: string, sourceDir: string): string;
  close(): Promise<void>;
}

/** Start a `git http-backend` server over a fresh temp project root. */
export async function startGitHttpBackend(): Promise<GitHttpBackend> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'outpost-http-backend-'));
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const u = new URL(req.url ?? '/', 'http://backend');
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      GIT_CONFIG_NOSYSTEM: '1',
      HOME: root,
      PATH_INFO: decodeURIComponent(u.pathname),
      QUERY_STRING: u.search.replace(/^\?/, ''),
      REQUEST_METHOD: req.method ?? 'GET',
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1',
      GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
      HTTP_CONTENT_ENCODING: String(req.headers['content-encoding'] ?? ''),
    };
    if (req.headers['content-length']) env.CONTENT_LENGTH = req.headers['content-length'];
    const child = spawn('git', ['http-backend'], { env, stdio: ['pipe', 'pipe', 'ignore'] });
    req.pipe(child.stdin);
    let head = Buffer.alloc(0);
    let headersDone = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (headersDone) {
        res.write(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      headersDone = true;
      let status = 200;
      for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
        const i = line.indexOf(':');
        if (i < 0) continue;
        const name = line.slice(0, i).trim();
        const value = line.slice(i + 1).trim();
        if (name.toLowerCase() === 'status') status = parseInt(value, 10);
        else res.setHeader(name, value);
      }
      res.writeHead(status);
      res.write(head.subarray(end + 4));
    });
    child.on('close', () => {
      if (!headersDone) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    hits,
    addRepository(name, sourceDir) {
      git(root, 'clone', '--quiet', '--bare', sourceDir, `${name}.git`);
      return `${url}/${name}.git`;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(root, { recursive: true, force: true });
    },
  };
}
