/**
 * The redirect follower against real HTTP servers on loopback. Every server here is on 127.0.0.1, which
 * the policy refuses to ordinary users, so the first hop is approved with the local-requests setting on
 * (as an administrator would have allowed it) and each later hop is judged by the real policy with the
 * setting off: that is how a redirect from an allowed server to a local one is exercised offline.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  baseFromRedirect,
  discoveryUrl,
  followImportRedirects,
  ImportRedirectError,
} from './import-redirects.js';
import { BlockedUrlError, checkHttpUrl } from './import-url-policy.js';
import type { ImportUrlPolicy } from './import-url-policy.js';

const user: ImportUrlPolicy = { admin: false, allowLocalRequests: false, instanceHosts: [] };
const trusted: ImportUrlPolicy = { ...user, allowLocalRequests: true };

interface Server {
  url: string;
  port: number;
  /** Request URLs and Host headers received, in order. */
  seen: { url: string; host: string | undefined }[];
  close(): Promise<void>;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A real HTTP server on 127.0.0.1 answering every request with `answer(url)` (status, Location). */
async function serve(answer: (url: string) => { status: number; location?: string }): Promise<Server> {
  const seen: Server['seen'] = [];
  const srv = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', host: req.headers.host });
    const a = answer(req.url ?? '');
    res.writeHead(a.status, a.location ? { Location: a.location } : {});
    res.end();
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as AddressInfo).port;
  const s: Server = {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: () => new Promise<void>((resolve) => srv.close(() => resolve())),
  };
  servers.push(s);
  return s;
}

const TAIL = 'info/refs?service=git-upload-pack';

describe('discoveryUrl and baseFromRedirect', () => {
  it("build git's first request and take the base back from a redirect as git does", () => {
    expect(discoveryUrl('http://h.test/g/p.git')).toBe(`http://h.test/g/p.git/${TAIL}`);
    expect(discoveryUrl('http://h.test/g/p.git/')).toBe(`http://h.test/g/p.git/${TAIL}`);
    expect(baseFromRedirect(`https://other.test/new/p.git/${TAIL}`)).toBe('https://other.test/new/p.git/');
    expect(() => baseFromRedirect('https://other.test/login')).toThrow(ImportRedirectError);
  });
});

describe('followImportRedirects', () => {
  it('refuses a redirect to a local address, without connecting to it', async () => {
    const inner = await serve(() => ({ status: 200 }));
    const outer = await serve(() => ({ status: 302, location: `${inner.url}/repo.git/${TAIL}` }));
    const start = await checkHttpUrl(new URL(`${outer.url}/repo.git`), trusted);
    const followed = followImportRedirects(start, (u) => checkHttpUrl(u, user));
    await expect(followed).rejects.toThrow(BlockedUrlError);
    await expect(followed).rejects.toThrow('Requests to localhost are not allowed');
    expect(outer.seen.map((r) => r.url)).toEqual([`/repo.git/${TAIL}`]);
    expect(inner.seen).toEqual([]);
  });

  it('follows allowed hops (relative and absolute) and returns the final base URL', async () => {
    const inner = await serve(() => ({ status: 200 }));
    const outer = await serve((url) =>
      url.startsWith('/first.git/')
        ? { status: 307, location: `/second.git/${TAIL}` } // relative to the request
        : { status: 301, location: `${inner.url}/moved/repo.git/${TAIL}` },
    );
    const start = await checkHttpUrl(new URL(`${outer.url}/first.git`), trusted);
    const checked: string[] = [];
    const end = await followImportRedirects(start, (u) => {
      checked.push(u.href);
      return checkHttpUrl(u, trusted);
    });
    expect(checked).toEqual([`${outer.url}/second.git/`, `${inner.url}/moved/repo.git/`]);
    expect(end.url).toBe(`${inner.url}/moved/repo.git/`);
    expect(outer.seen.map((r) => r.url)).toEqual([`/first.git/${TAIL}`, `/second.git/${TAIL}`]);
    expect(inner.seen.map((r) => r.url)).toEqual([`/moved/repo.git/${TAIL}`]);
  });

  it('gives up after too many redirects, and on redirects git could not rebase onto', async () => {
    const loop = await serve((url) => ({ status: 302, location: url }));
    const start = await checkHttpUrl(new URL(`${loop.url}/r.git`), trusted);
    await expect(
      followImportRedirects(start, (u) => checkHttpUrl(u, trusted), { maxRedirects: 3 }),
    ).rejects.toThrow('too many redirects (more than 3)');
    expect(loop.seen).toHaveLength(4);

    const login = await serve(() => ({ status: 302, location: '/users/sign_in' }));
    const s2 = await checkHttpUrl(new URL(`${login.url}/r.git`), trusted);
    await expect(followImportRedirects(s2, (u) => checkHttpUrl(u, trusted))).rejects.toThrow(
      'unable to update url base from redirection',
    );

    const creds = await serve(() => ({ status: 302, location: `http://u:p@127.0.0.1:1/r.git/${TAIL}` }));
    const s3 = await checkHttpUrl(new URL(`${creds.url}/r.git`), trusted);
    await expect(followImportRedirects(s3, (u) => checkHttpUrl(u, trusted))).rejects.toThrow(
      'redirect to a URL with credentials',
    );
  });

  it('returns the start when there is no redirect or nobody answers', async () => {
    const ok = await serve(() => ({ status: 200 }));
    const start = await checkHttpUrl(new URL(`${ok.url}/r.git`), trusted);
    await expect(followImportRedirects(start, () => Promise.reject(new Error('not called')))).resolves.toBe(
      start,
    );
    const gone = await serve(() => ({ status: 200 }));
    await gone.close();
    servers.splice(servers.indexOf(gone), 1);
    const dead = await checkHttpUrl(new URL(`${gone.url}/r.git`), trusted);
    await expect(followImportRedirects(dead, () => Promise.reject(new Error('not called')))).resolves.toBe(
      dead,
    );
  });

  it('connects only to the approved addresses, whatever the name resolves to', async () => {
    const ok = await serve(() => ({ status: 200 }));
    // `.invalid` never resolves (RFC 6761): the request can only arrive through the pinned address.
    const pinned = {
      kind: 'http' as const,
      url: `http://repo.invalid:${ok.port}/r.git`,
      host: 'repo.invalid',
      port: ok.port,
      addresses: ['127.0.0.1'],
    };
    await expect(followImportRedirects(pinned, () => Promise.reject(new Error('not called')))).resolves.toBe(
      pinned,
    );
    expect(ok.seen).toEqual([{ url: `/r.git/${TAIL}`, host: `repo.invalid:${ok.port}` }]);
  });
});
