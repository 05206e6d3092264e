import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the fake instance saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A small real HTTP server on 127.0.0.1 speaking a slice of GitLab's v4 API, for proxy tests. */
export interface FakeGitLab {
  url: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

/**
 * Starts the fake. `token` is the only accepted PRIVATE-TOKEN. Routes: `/api/v4/version`,
 * `/api/v4/user` (401 without the token, 403 for `blocked-token`), `/api/v4/projects` (echoes
 * method, query and body), `/api/v4/echo-token` (puts the token in the body and a header: the proxy
 * must redact it), `/api/v4/redirect` (302 elsewhere), `/api/v4/slow` (never answers), `/api/v4/text`.
 * Every response sets a session cookie, which the proxy must strip. With `notGitLab`, every path
 * answers an HTML page.
 */
export async function startFakeGitLab(token: string, { notGitLab = false } = {}): Promise<FakeGitLab> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.setHeader('set-cookie', ['_gitlab_session=s3ss10n; HttpOnly', 'known_sign=x']);
      if (notGitLab) {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<html><body>Welcome to nginx!</body></html>');
        return;
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      const given = req.headers['private-token'];
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
      if (url.pathname === '/api/v4/slow') return; // never answers
      if (given === 'blocked-token') return json(403, { message: '403 Forbidden' });
      if (given !== token) return json(401, { message: '401 Unauthorized' });
      switch (url.pathname) {
        case '/api/v4/version':
          return json(200, { version: '17.5.0-ee', revision: 'abc123' });
        case '/api/v4/user':
          return json(200, { id: 1, username: 'alice', name: 'Alice' });
        case '/api/v4/projects':
          return json(
            req.method === 'POST' ? 201 : 200,
            { method: req.method, query: url.search, body: body ? (JSON.parse(body) as unknown) : null },
            { 'x-total': '1', 'x-page': '1' },
          );
        case '/api/v4/echo-token':
          return json(200, { token: given, note: `you sent ${given}` }, { 'x-debug-token': String(given) });
        case '/api/v4/redirect':
          res.writeHead(302, { location: 'http://elsewhere.invalid/steal' }).end();
          return;
        case '/api/v4/text':
          res.writeHead(200, { 'content-type': 'text/plain' }).end('plain words');
          return;
        default:
          return json(404, { message: '404 Not Found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A 127.0.0.1 port with nothing listening (bound, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
