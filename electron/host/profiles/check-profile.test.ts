import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost, type Host } from '../host.js';
import { freePort, startFakeGitLab, type FakeGitLab } from '../test/fake-gitlab.js';
import { createKeyFileCipher } from '../vault/key-file-cipher.js';
import { checkProfile } from './check-profile.js';

const TOKEN = 'glpat-check-profile-token-000111';
let dir: string;
let gitlab: FakeGitLab;
let nginx: FakeGitLab;
let host: Host;
/** Answers by the first path segment: `/scope/…` 403 insufficient_scope, `/nothere/…` 404, `/hang/…` never. */
let scripted: Server;
let scriptedUrl: string;

/** True when the openssl CLI can make a self-signed certificate for the TLS case. */
function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-check-'));
  gitlab = await startFakeGitLab(TOKEN);
  nginx = await startFakeGitLab(TOKEN, { notGitLab: true });
  scripted = createHttpServer((req, res) => {
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const first = (req.url ?? '/').split('/')[1];
    if (first === 'hang') return;
    if (first === 'scope') {
      return json(403, {
        error: 'insufficient_scope',
        error_description: 'The request requires higher privileges than provided by the access token.',
        scope: 'api read_api',
      });
    }
    json(404, { error: '404 Not Found' });
  });
  scriptedUrl = `http://127.0.0.1:${await listen(scripted)}`;
  host = await createHost({
    appDataDir: dir,
    shell: 'browser-host',
    version: '0.0.0-test',
    cipher: await createKeyFileCipher(join(dir, 'host')),
    cipherId: 'key-file',
    openExternal: async () => undefined,
    remoteTimeoutMs: 1_000,
  });
});
afterAll(async () => {
  await host.close();
  await gitlab.close();
  await nginx.close();
  await close(scripted);
  await rm(dir, { recursive: true, force: true });
});

async function check(url: string, token: string): Promise<ReturnType<typeof checkProfile>> {
  const p = await host.profiles.addRemote({ name: 'x', url, token });
  return checkProfile(host.proxy, p.id, host.vault.has(p.id));
}

describe('checkProfile', () => {
  it('reports version and username for a working token', async () => {
    expect(await check(gitlab.url, TOKEN)).toEqual({ ok: true, version: '17.5.0-ee', username: 'alice' });
  });

  it('explains 401, a missing scope and another 403', async () => {
    expect(await check(gitlab.url, 'wrong')).toEqual({
      ok: false,
      error:
        'The token was rejected (401): it is wrong, expired or revoked. Create a personal access token with the api scope and paste it again.',
    });
    expect((await check(`${scriptedUrl}/scope`, TOKEN)).error).toBe(
      'The token lacks the scope Outpost needs (403 insufficient_scope). Create a token with the api scope (read_api is enough to browse).',
    );
    expect((await check(gitlab.url, 'blocked-token')).error).toBe(
      'The instance refused this token (403). The account may be blocked or locked, or the token lacks the api scope.',
    );
  });

  it('explains an unreachable instance, a timeout and a server that is not GitLab', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    expect(await check(url, TOKEN)).toEqual({
      ok: false,
      error: `Nothing is listening at ${url} (ECONNREFUSED). Check the address and port, and that the instance is running.`,
    });
    expect((await check(`${scriptedUrl}/hang`, TOKEN)).error).toBe(
      `${scriptedUrl}/hang did not answer within 1 s. Check that the instance is up, or try again.`,
    );
    expect((await check(nginx.url, TOKEN)).error).toBe(
      'This does not look like a GitLab instance: GET /api/v4/version answered 200 (text/html). Check the URL.',
    );
    expect((await check(`${scriptedUrl}/nothere`, TOKEN)).error).toBe(
      'There is no GitLab API at this address: GET /api/v4/version answered 404. Check the URL; if GitLab is served under a path, include it (https://example.com/gitlab).',
    );
  });

  it('explains a port that does not speak TLS', async () => {
    const url = gitlab.url.replace('http://', 'https://');
    expect((await check(url, TOKEN)).error).toMatch(
      new RegExp(
        `^${url.replace(/[.]/g, '\\.')} did not answer over TLS \\(ERR_SSL_[A-Z_]+\\)\\. If the instance serves plain HTTP, use an http:// address`,
      ),
    );
  });

  it.skipIf(!hasOpenssl())('explains a self-signed TLS certificate', async () => {
    const keyFile = join(dir, 'tls-key.pem');
    const certFile = join(dir, 'tls-cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=localhost',
        '-days',
        '1',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'ignore' },
    );
    const tls = createHttpsServer(
      { key: await readFile(keyFile), cert: await readFile(certFile) },
      (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"version":"17.5.0"}'),
    );
    const url = `https://127.0.0.1:${await listen(tls)}`;
    try {
      expect((await check(url, TOKEN)).error).toBe(
        `The TLS certificate of ${url} is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT): it is self-signed. Add the CA certificate that issued it to this profile (its PEM text), or install it in this computer’s trust store (Outpost reads it at start), or ask the instance’s administrator for a certificate from a trusted authority.`,
      );
    } finally {
      await close(tls);
    }
  });

  it('says when no token is stored', async () => {
    expect((await checkProfile(host.proxy, 'embedded', false)).error).toMatch(/No token is stored/);
  });
});
