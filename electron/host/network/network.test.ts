import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_ARG_SCHEMAS } from '../bridge-schemas.js';
import { detectCapabilities } from '../capabilities/detect-capabilities.js';
import { createHost, type Host } from '../host.js';
import { checkProfile } from '../profiles/check-profile.js';
import { explainNetworkError } from '../profiles/explain-network-error.js';
import { remoteRequest } from '../proxy/remote.js';
import { freePort, startFakeGitLab, type FakeGitLab } from '../test/fake-gitlab.js';
import { createKeyFileCipher } from '../vault/key-file-cipher.js';
import { getCACertificates } from 'node:tls';
import { parsePacResult, setSystemProxyResolver } from './system-proxy.js';
import { sendRequest, TransportError } from './transport.js';
import { systemCertificates, trustedCertificates, validateCaPem } from './trust.js';

const TOKEN = 'glpat-network-test-token-424242';
let dir: string;
let host: Host;
let gitlab: FakeGitLab;

/** True when the openssl CLI is there to make the test CA. */
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
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
}

/**
 * A test CA and a server certificate it issued for 127.0.0.1, made with the openssl CLI in `dir`.
 * Returns the PEM texts.
 */
async function makeTestCa(where: string): Promise<{ caPem: string; key: string; cert: string }> {
  const file = (name: string) => join(where, name);
  const run = (args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  run(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=Outpost Test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
    '-keyout', file('ca.key'), '-out', file('ca.pem')]); // prettier-ignore
  run(['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1',
    '-keyout', file('server.key'), '-out', file('server.csr')]); // prettier-ignore
  await writeFile(file('server.ext'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n');
  run(['x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'),
    '-CAcreateserial', '-days', '1', '-extfile', file('server.ext'), '-out', file('server.pem')]); // prettier-ignore
  return {
    caPem: await readFile(file('ca.pem'), 'utf8'),
    key: await readFile(file('server.key'), 'utf8'),
    cert: await readFile(file('server.pem'), 'utf8'),
  };
}

/**
 * A local HTTP proxy (node:http): CONNECT tunnels (how HTTPS_PROXY carries https and, in undici, http)
 * and plain forwarding, each target logged. With `refuse`, answers every CONNECT with that status.
 */
async function startProxy(
  refuse?: number,
): Promise<{ url: string; seen: string[]; close: () => Promise<void> }> {
  const seen: string[] = [];
  const server = createHttpServer((req, res) => {
    seen.push(req.url ?? '');
    const target = new URL(req.url ?? '');
    const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  const tunnels = new Set<Socket>();
  server.on('connect', (req, client: Socket, head: Buffer) => {
    seen.push(req.url ?? '');
    tunnels.add(client);
    if (refuse) {
      client.end(`HTTP/1.1 ${refuse} Refused\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const [hostname, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), hostname, () => {
      tunnels.add(upstream);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: async () => {
      tunnels.forEach((socket) => socket.destroy());
      await close(server);
    },
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-network-'));
  gitlab = await startFakeGitLab(TOKEN);
  host = await createHost({
    appDataDir: dir,
    shell: 'browser-host',
    version: '0.0.0-test',
    cipher: await createKeyFileCipher(join(dir, 'host')),
    cipherId: 'key-file',
    openExternal: async () => undefined,
    remoteTimeoutMs: 5_000,
  });
});
afterAll(async () => {
  await host.close();
  await gitlab.close();
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!hasOpenssl())('a private CA', () => {
  let tls: Server;
  let url: string;
  let ca: { caPem: string; key: string; cert: string };

  beforeAll(async () => {
    ca = await makeTestCa(dir);
    tls = createHttpsServer({ key: ca.key, cert: ca.cert }, (req, res) => {
      const json = (value: unknown) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (req.url === '/api/v4/version') return json({ version: '17.8.0-ee', revision: 'abc' });
      if (req.url === '/api/v4/user' && req.headers['private-token'] === TOKEN)
        return json({ id: 1, username: 'carol' });
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"401 Unauthorized"}');
    }) as unknown as Server;
    url = `https://127.0.0.1:${await listen(tls)}`;
  });
  afterAll(async () => {
    await close(tls);
  });

  it('fails with the certificate sentence, then works once the CA is added to the profile', async () => {
    const profile = await host.profiles.addRemote({ name: 'corp', url, token: TOKEN });
    const before = await checkProfile(host.proxy, profile.id, true);
    expect(before).toEqual({
      ok: false,
      error: `The TLS certificate of ${url} is not trusted (UNABLE_TO_VERIFY_LEAF_SIGNATURE): its issuer is not trusted on this computer. Add the CA certificate that issued it to this profile (its PEM text), or install it in this computer’s trust store (Outpost reads it at start), or ask the instance’s administrator for a certificate from a trusted authority.`,
    });

    await host.profiles.setNetwork(profile.id, { caPem: ca.caPem });
    expect(await checkProfile(host.proxy, profile.id, true)).toEqual({
      ok: true,
      version: '17.8.0-ee',
      username: 'carol',
    });
    // Kept with the profile (profiles.json), not in the vault, and used after a restart of the store.
    const file = await readFile(join(dir, 'host', 'profiles.json'), 'utf8');
    expect(file).toContain('BEGIN CERTIFICATE');
    expect(host.profiles.get(profile.id).network?.caPem).toContain('BEGIN CERTIFICATE');

    // Capability detection trusts the same CA.
    await expect(detectCapabilities({ baseUrl: url, token: TOKEN })).rejects.toMatchObject({
      code: 'unreachable',
    });
    expect(await detectCapabilities({ baseUrl: url, token: TOKEN, caPem: ca.caPem })).toMatchObject({
      version: '17.8.0-ee',
    });

    // The CA applies to this profile only.
    const other = await host.profiles.addRemote({ name: 'other', url, token: TOKEN });
    expect((await checkProfile(host.proxy, other.id, true)).ok).toBe(false);

    // Removing it restores the refusal.
    await host.profiles.setNetwork(profile.id, { caPem: null });
    expect((await checkProfile(host.proxy, profile.id, true)).error).toMatch(/is not trusted/);
  });

  it('takes the CA and a timeout through profiles:update, with the token checked against them', async () => {
    const profile = await host.profiles.addRemote({ name: 'corp3', url, token: 'glpat-old' });
    const input = { id: profile.id, token: TOKEN, caCertificate: ca.caPem, timeoutSeconds: 20 };
    expect(BRIDGE_ARG_SCHEMAS['profiles:update'].safeParse([input]).success).toBe(true);
    expect(
      BRIDGE_ARG_SCHEMAS['profiles:update'].safeParse([{ id: profile.id, timeoutSeconds: '20' }]).success,
    ).toBe(false);
    // Without the CA the new token can't be checked, and nothing changes.
    await expect(host.profiles.update({ id: profile.id, token: TOKEN })).rejects.toMatchObject({
      code: 'unreachable',
    });
    const updated = await host.profiles.update(input);
    expect(updated).toMatchObject({
      caCertificate: expect.stringContaining('BEGIN CERTIFICATE'),
      timeoutSeconds: 20,
    });
    expect(await checkProfile(host.proxy, profile.id, true)).toMatchObject({ ok: true, username: 'carol' });
    expect(
      (await host.profiles.update({ id: profile.id, caCertificate: null, timeoutSeconds: null }))
        .caCertificate,
    ).toBeUndefined();
  });

  it('refuses text that is not a CA certificate when it is stored', async () => {
    const profile = await host.profiles.addRemote({ name: 'corp2', url, token: TOKEN });
    await expect(host.profiles.setNetwork(profile.id, { caPem: ca.key })).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/^This is not a CA certificate in PEM form/),
    });
    const damaged = ca.caPem.replace(/\n[A-Za-z0-9+/]{20}/, '\n!!!!');
    await expect(host.profiles.setNetwork(profile.id, { caPem: damaged })).rejects.toMatchObject({
      code: 'bad_request',
    });
    expect(host.profiles.get(profile.id).network).toBeUndefined();
    expect(() => validateCaPem(ca.caPem, Date.now() + 5 * 86_400_000)).toThrow(/expired on/);
  });

  it('trusts the profile CA through an HTTPS_PROXY tunnel too', async () => {
    const proxy = await startProxy();
    try {
      const res = await remoteRequest(
        url,
        TOKEN,
        { method: 'GET', path: '/user' },
        {
          caPem: ca.caPem,
          env: { HTTPS_PROXY: proxy.url },
        },
      );
      expect(res).toMatchObject({ status: 200, body: { username: 'carol' } });
      expect(proxy.seen).toEqual([url.replace('https://', '')]);
    } finally {
      await proxy.close();
    }
  });
});

describe('the trusted CA list', () => {
  it("holds Node's default list, the OS trust store and the profile's CA, once each", async () => {
    const system = systemCertificates();
    const list = trustedCertificates();
    for (const pem of [...getCACertificates('default'), ...system]) expect(list).toContain(pem.trim());
    expect(new Set(list).size).toBe(list.length);
    if (hasOpenssl()) {
      const { caPem } = await makeTestCa(await mkdtemp(join(dir, 'ca-')));
      expect(trustedCertificates(caPem)).toContain(caPem.trim());
      expect(trustedCertificates(caPem)).toHaveLength(list.length + 1);
    }
  });
});

describe('an HTTP proxy from HTTPS_PROXY / HTTP_PROXY', () => {
  it('sends the request through the proxy, and NO_PROXY bypasses it', async () => {
    const proxy = await startProxy();
    try {
      const target = gitlab.url.replace('http://', '');
      const through = await remoteRequest(
        gitlab.url,
        TOKEN,
        { method: 'GET', path: '/version' },
        {
          env: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url },
        },
      );
      expect(through).toMatchObject({ status: 200, body: { version: '17.5.0-ee' } });
      expect(proxy.seen).toHaveLength(1);
      expect(proxy.seen[0]).toContain(target);

      const direct = await remoteRequest(
        gitlab.url,
        TOKEN,
        { method: 'GET', path: '/version' },
        {
          env: { HTTP_PROXY: proxy.url, NO_PROXY: 'localhost,127.0.0.1' },
        },
      );
      expect(direct.status).toBe(200);
      expect(proxy.seen).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  it('explains a proxy that asks for credentials and a proxy that is not there', async () => {
    const proxy = await startProxy(407);
    try {
      const failure = remoteRequest(
        gitlab.url,
        TOKEN,
        { method: 'POST', path: '/projects', body: {} },
        {
          env: { HTTP_PROXY: proxy.url },
        },
      );
      await expect(failure).rejects.toMatchObject({
        code: 'unreachable',
        message: `Could not reach ${gitlab.url} (PROXY_407) through the proxy ${proxy.url}. Check the URL and your network.`,
      });
      const error = await failure.catch((e: Error) => e);
      expect(explainNetworkError((error as Error).message)).toMatch(
        /^The proxy http:\/\/127\.0\.0\.1:\d+ asks for credentials \(407 Proxy Authentication Required\)/,
      );
    } finally {
      await proxy.close();
    }
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    // Proxy credentials never reach a message.
    const withCredentials = await remoteRequest(
      gitlab.url,
      TOKEN,
      { method: 'GET', path: '/version' },
      {
        env: { HTTP_PROXY: nowhere.replace('http://', 'http://alice:s3cr3t-pw@') },
        networkRetries: 0,
      },
    ).catch((e: Error) => e);
    expect((withCredentials as Error).message).toBe(
      `Could not reach ${gitlab.url} (ECONNREFUSED) through the proxy ${nowhere}. Check the URL and your network.`,
    );
    const error = await remoteRequest(
      gitlab.url,
      TOKEN,
      { method: 'POST', path: '/projects', body: {} },
      {
        env: { HTTP_PROXY: nowhere },
      },
    ).catch((e: Error) => e);
    expect(explainNetworkError((error as Error).message)).toBe(
      `Nothing is listening at the proxy ${nowhere} (ECONNREFUSED). Check HTTPS_PROXY / HTTP_PROXY (or this computer’s proxy settings when they are not set), or list the instance in NO_PROXY to reach it directly.`,
    );
  });
});

describe("the operating system's proxy settings (Electron's session.resolveProxy)", () => {
  it('reads PAC result strings as Chromium writes them: the first HTTP(S) proxy or DIRECT, SOCKS skipped', () => {
    expect(parsePacResult('PROXY proxy.corp:3128; DIRECT')).toEqual({
      kind: 'proxy',
      url: 'http://proxy.corp:3128',
    });
    expect(parsePacResult('HTTPS secure.corp:443')).toEqual({
      kind: 'proxy',
      url: 'https://secure.corp:443',
    });
    expect(parsePacResult('SOCKS5 socks.corp:1080; PROXY p:8080')).toEqual({
      kind: 'proxy',
      url: 'http://p:8080',
    });
    expect(parsePacResult('DIRECT')).toEqual({ kind: 'direct' });
    expect(parsePacResult('')).toEqual({ kind: 'direct' });
    expect(() => parsePacResult('SOCKS5 socks.corp:1080')).toThrow(/only proxies Outpost can't use/);
  });

  it('sends a request through the proxy the OS names when no proxy variable is set; the variables win', async () => {
    const system = await startProxy();
    const fromEnv = await startProxy();
    const asked: string[] = [];
    setSystemProxyResolver(async (url) => {
      asked.push(url);
      return `PROXY ${system.url.replace('http://', '')}; DIRECT`;
    });
    try {
      const url = `${gitlab.url}/api/v4/version`;
      const viaSystem = await sendRequest(
        url,
        { method: 'GET', headers: { 'private-token': TOKEN } },
        { env: {} },
      );
      expect(viaSystem.status).toBe(200);
      expect(system.seen).toHaveLength(1);
      expect(system.seen[0]).toContain(gitlab.url.replace('http://', ''));
      // One answer per origin is reused (a PAC script may be slow).
      await sendRequest(url, { method: 'GET', headers: { 'private-token': TOKEN } }, { env: {} });
      expect(asked).toHaveLength(1);
      expect(system.seen).toHaveLength(2);

      await sendRequest(
        url,
        { method: 'GET', headers: { 'private-token': TOKEN } },
        { env: { HTTP_PROXY: fromEnv.url } },
      );
      expect(fromEnv.seen).toHaveLength(1);
      expect(system.seen).toHaveLength(2);
    } finally {
      setSystemProxyResolver(null);
      await system.close();
      await fromEnv.close();
    }
    // Without a resolver (the browser host) the request goes directly.
    const direct = await sendRequest(
      `${gitlab.url}/api/v4/version`,
      { method: 'GET', headers: { 'private-token': TOKEN } },
      { env: {} },
    );
    expect(direct.status).toBe(200);
  });

  it('names the system proxy in failures, and explains settings that name only SOCKS proxies', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    setSystemProxyResolver(async () => `PROXY ${nowhere.replace('http://', '')}`);
    try {
      const error = await remoteRequest(
        gitlab.url,
        TOKEN,
        { method: 'POST', path: '/projects', body: {} },
        { env: {} },
      ).catch((e: Error) => e);
      expect((error as Error).message).toBe(
        `Could not reach ${gitlab.url} (ECONNREFUSED) through the proxy ${nowhere}. Check the URL and your network.`,
      );
      setSystemProxyResolver(async () => 'SOCKS5 127.0.0.1:1080');
      const socks = await sendRequest(
        gitlab.url,
        { method: 'GET', headers: { 'private-token': TOKEN } },
        { env: {} },
      ).catch((e: Error) => e);
      expect(socks).toBeInstanceOf(TransportError);
      expect((socks as TransportError).code).toBe('UNSUPPORTED_SYSTEM_PROXY');
      const bridged = await remoteRequest(
        gitlab.url,
        TOKEN,
        { method: 'GET', path: '/version' },
        { env: {} },
      ).catch((e: Error) => e);
      expect(explainNetworkError((bridged as Error).message)).toMatch(
        /^This computer's proxy settings send http:\/\/127\.0\.0\.1:\d+ only through SOCKS proxies/,
      );
    } finally {
      setSystemProxyResolver(null);
    }
  });
});

describe('the host API proxy with a remote profile', () => {
  it('waits out a 429 with Retry-After and answers with the retried response', async () => {
    let seen = 0;
    const standIn = createHttpServer((_req, res) => {
      seen++;
      if (seen === 1) {
        res.writeHead(429, { 'retry-after': '1', 'content-type': 'text/plain' }).end('Retry later');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    const standInUrl = `http://127.0.0.1:${await listen(standIn)}`;
    try {
      const profile = await host.profiles.addRemote({ name: 'busy', url: standInUrl, token: TOKEN });
      const res = await host.proxy.request({ method: 'GET', path: '/projects', profileId: profile.id });
      expect(res).toMatchObject({ status: 200, body: [] });
      expect(res.slowDown).toBeUndefined();
      expect(seen).toBe(2);
    } finally {
      await close(standIn);
    }
  });
});

describe('retries and timeouts', () => {
  let server: Server;
  let url: string;
  let count = 0;
  beforeAll(async () => {
    server = createHttpServer((req, res) => {
      count++;
      if (req.url?.startsWith('/api/v4/flaky') && count % 2 === 1) {
        req.socket.destroy(); // the connection drops before any answer
        return;
      }
      if (req.url === '/api/v4/slow-body') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"part":');
        setTimeout(() => res.end('1}'), 1500);
        return;
      }
      if (req.url === '/api/v4/hang') return; // never answers
      if (req.url === '/api/v4/stalled-body') {
        res.writeHead(200, { 'content-type': 'application/json' }).write('{"never":');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    url = `http://127.0.0.1:${await listen(server)}`;
  });
  afterAll(async () => {
    await close(server);
  });

  it('sends a GET again after a dropped connection, never a POST', async () => {
    count = 0;
    const get = await remoteRequest(url, TOKEN, { method: 'GET', path: '/flaky' }, { retryBackoffMs: 10 });
    expect(get).toMatchObject({ status: 200, body: { ok: true } });
    expect(count).toBe(2);

    count = 0;
    await expect(
      remoteRequest(url, TOKEN, { method: 'POST', path: '/flaky', body: {} }, { retryBackoffMs: 10 }),
    ).rejects.toMatchObject({
      code: 'unreachable',
      message: expect.stringMatching(/^Could not reach .* \(UND_ERR_SOCKET\)/),
    });
    expect(count).toBe(1);
  });

  it('bounds the headers by the timeout and the body separately', async () => {
    const slow = await remoteRequest(
      url,
      TOKEN,
      { method: 'GET', path: '/slow-body' },
      {
        timeoutMs: 1000,
        bodyTimeoutMs: 10_000,
      },
    );
    expect(slow.body).toEqual({ part: 1 });
    await expect(
      remoteRequest(
        url,
        TOKEN,
        { method: 'GET', path: '/stalled-body' },
        { timeoutMs: 5000, bodyTimeoutMs: 300 },
      ),
    ).rejects.toMatchObject({
      code: 'timeout',
      message: `${url} started answering but did not finish in time. Try again, or raise the profile's timeout.`,
    });
  });

  it('keeps a per-profile timeout and refuses one out of range', async () => {
    const profile = await host.profiles.addRemote({ name: 'slow', url, token: TOKEN });
    await expect(host.profiles.setNetwork(profile.id, { timeoutSeconds: 0 })).rejects.toMatchObject({
      code: 'bad_request',
      message: 'Give a timeout of 1 to 300 whole seconds.',
    });
    expect(await host.profiles.setNetwork(profile.id, { timeoutSeconds: 1 })).toEqual({ timeoutMs: 1_000 });
    expect(host.profiles.get(profile.id).network).toEqual({ timeoutMs: 1_000 });
    // The host's default here is 5 s; the profile's 1 s is the one that applies.
    await expect(
      host.proxy.request({ method: 'GET', path: '/hang', profileId: profile.id }),
    ).rejects.toMatchObject({
      code: 'timeout',
      message: `${url} did not answer within 1 s. Check that the instance is up, or try again.`,
    });
  });
});
