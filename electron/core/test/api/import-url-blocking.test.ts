/**
 * Import URLs against a real core (GitLab's UrlBlocker rules; services/projects/import-url-policy.ts):
 * an ordinary user's imports from this machine, its network or its disk are refused up front with
 * GitLab's field error and nothing is created; administrators import local paths; the instance setting
 * `allow_local_requests_from_web_hooks_and_services` lets ordinary users import from loopback (the core's
 * git http-backend on loopback here); redirects are checked hop by hop at clone time; git is pinned to the approved
 * address, refuses redirects it wasn't shown, and has no file transport for ordinary users' imports.
 *
 * Offline limits, stated plainly: every server here is on loopback. A redirect from an allowed server to a
 * local one is exercised by approving the first hop with the setting on and turning it off while the
 * first server holds its answer. DNS rebinding itself (a name answering differently on the second lookup)
 * can't be staged without a DNS server; what is tested is that git connects to the pinned address for a
 * name that does not resolve at all.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchMirror, initBareRepository, listBranchNames } from '../../git/repository.js';
import { gitDir, projectRepoPath } from '../helpers/disk.js';
import { makeSourceRepository } from '../helpers/git-fixtures.js';
import { startGitHttpBackend } from '../helpers/git-http-backend.js';
import type { GitHttpBackend } from '../helpers/git-http-backend.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface ProjectJson {
  id: number;
  import_status: string;
  import_error: string | null;
  default_branch: string | null;
  empty_repo: boolean;
}

const TAIL = 'info/refs?service=git-upload-pack';
const SCHEMES = 'is blocked: Only allowed schemes are http, https';
const LOCALHOST = 'is blocked: Requests to localhost are not allowed';

describe('import URLs (GitLab UrlBlocker)', () => {
  let t: TestCore;
  let alice: { id: number; token: string };
  let source: { dir: string; featureHead: string };
  let backend: GitHttpBackend;
  let sourceUrl: string;
  let port: number;
  const cleanup: string[] = [];
  const servers: http.Server[] = [];

  beforeAll(async () => {
    t = await startTestCore();
    alice = await createUserWithToken(t);
    // A real git smart-HTTP server on loopback (git http-backend) serving the fixture history.
    source = await makeSourceRepository();
    cleanup.push(source.dir);
    backend = await startGitHttpBackend();
    sourceUrl = backend.addRepository('source', source.dir);
    port = backend.port;
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    await t.close();
    await backend.close();
    await Promise.all(cleanup.map((d) => rm(d, { recursive: true, force: true })));
  });

  async function setLocalRequests(on: boolean): Promise<void> {
    const res = await t.api('PUT', '/application/settings', {
      json: { allow_local_requests_from_web_hooks_and_services: on },
    });
    expect(res.status).toBe(200);
  }

  async function projectTotal(): Promise<number> {
    const res = await t.api('GET', '/projects?per_page=1');
    return Number(res.headers.get('x-total'));
  }

  /** A loopback HTTP server whose every answer is a redirect to `location(url)`, once `gate` opens. */
  async function redirector(
    location: (url: string) => string,
    gate: Promise<void> = Promise.resolve(),
  ): Promise<{ url: string; hits: string[]; firstHit: Promise<void> }> {
    const hits: string[] = [];
    let hit!: () => void;
    const firstHit = new Promise<void>((resolve) => (hit = resolve));
    const srv = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      hit();
      void gate.then(() => {
        res.writeHead(302, { Location: location(req.url ?? '') });
        res.end();
      });
    });
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    servers.push(srv);
    return { url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`, hits, firstHit };
  }

  it("refuses ordinary users' imports from this machine, its network and its disk with GitLab's error, creating nothing", async () => {
    const local = await makeSourceRepository();
    cleanup.push(local.dir);
    const cases: [string, string][] = [
      [sourceUrl, LOCALHOST],
      [`${t.url}/root/own-project.git`, LOCALHOST], // the instance's own address
      [`http://127.0.0.1:${port}/x.git`, LOCALHOST],
      [`http://localhost:${port}/x.git`, LOCALHOST],
      ['http://localhost/', LOCALHOST],
      [`http://[::1]:${port}/x.git`, LOCALHOST],
      [`http://2130706433:${port}/x.git`, LOCALHOST],
      [`http://0x7f.1:${port}/x.git`, LOCALHOST],
      [`http://[::ffff:127.0.0.1]:${port}/x.git`, LOCALHOST],
      [`http://repo.localhost:${port}/x.git`, LOCALHOST],
      [`http://127.0.0.2:${port}/x.git`, 'is blocked: Requests to loopback addresses are not allowed'],
      [
        'http://169.254.169.254/latest/meta-data/',
        'is blocked: Requests to the link local network are not allowed',
      ],
      ['http://10.0.0.1/x.git', 'is blocked: Requests to the local network are not allowed'],
      ['http://192.168.1.1/x.git', 'is blocked: Requests to the local network are not allowed'],
      ['http://100.64.0.1/x.git', 'is blocked: Requests to the shared address space are not allowed'],
      ['http://repo.invalid/x.git', 'is blocked: Host cannot be resolved or invalid'],
      ['http://93.184.216.34:22/x.git', 'is blocked: Only allowed ports are 80, 443, and any over 1024'],
      ['file:///etc', SCHEMES],
      [`file://${local.dir}`, SCHEMES],
      [local.dir, SCHEMES],
      ['/abs/path', SCHEMES],
      ['ftp://ftp.example.com/x.git', SCHEMES],
      ['git://example.com/x.git', SCHEMES],
    ];
    const before = await projectTotal();
    for (const [import_url, message] of cases) {
      const res = await t.api<{ message: Record<string, string[]> }>('POST', '/projects', {
        token: alice.token,
        json: { name: 'Blocked Import', import_url },
      });
      expect({ import_url, status: res.status, body: res.body }).toEqual({
        import_url,
        status: 400,
        body: { message: { import_url: [message] } },
      });
    }
    expect(await projectTotal()).toBe(before);
  });

  it('lets administrators import local paths, file:// URLs and loopback URLs', async () => {
    for (const [name, import_url] of [
      ['Admin Path Import', source.dir],
      ['Admin File Import', `file://${source.dir}`],
      ['Admin Loopback Import', sourceUrl],
    ]) {
      const res = await t.api<ProjectJson>('POST', '/projects', { json: { name, import_url } });
      expect(res.status).toBe(201);
      await t.core.idle();
      const done = await t.api<ProjectJson>('GET', `/projects/${res.body.id}`);
      expect(done.body).toMatchObject({
        import_status: 'finished',
        import_error: null,
        default_branch: 'trunk',
      });
      expect(gitDir(projectRepoPath(t.dataDir, res.body.id), 'rev-parse', 'feature')).toBe(
        source.featureHead,
      );
    }
  });

  it('with allow_local_requests_from_web_hooks_and_services, an ordinary user imports from loopback; file and other schemes stay refused', async () => {
    await setLocalRequests(true);
    try {
      const res = await t.api<ProjectJson>('POST', '/projects', {
        token: alice.token,
        json: { name: 'Loopback Import', import_url: sourceUrl },
      });
      expect(res.status).toBe(201);
      await t.core.idle();
      const done = await t.api<ProjectJson>('GET', `/projects/${res.body.id}`, { token: alice.token });
      expect(done.body).toMatchObject({
        import_status: 'finished',
        import_error: null,
        default_branch: 'trunk',
      });
      const repo = projectRepoPath(t.dataDir, res.body.id);
      expect(await listBranchNames(repo)).toEqual(['feature', 'trunk']);
      expect(gitDir(repo, 'rev-parse', 'feature')).toBe(source.featureHead);

      for (const import_url of ['file:///etc', source.dir, 'ftp://127.0.0.1/x.git']) {
        const refused = await t.api<{ message: Record<string, string[]> }>('POST', '/projects', {
          token: alice.token,
          json: { name: 'Still Blocked', import_url },
        });
        expect(refused.status).toBe(400);
        expect(refused.body).toEqual({ message: { import_url: [SCHEMES] } });
      }
    } finally {
      await setLocalRequests(false);
    }
  });

  it('follows a redirect to an allowed repository, checking the hop', async () => {
    await setLocalRequests(true);
    try {
      const r = await redirector(() => `${sourceUrl}/${TAIL}`);
      const res = await t.api<ProjectJson>('POST', '/projects', {
        token: alice.token,
        json: { name: 'Redirected Import', import_url: `${r.url}/old-name.git` },
      });
      expect(res.status).toBe(201);
      await t.core.idle();
      const done = await t.api<ProjectJson>('GET', `/projects/${res.body.id}`, { token: alice.token });
      expect(done.body).toMatchObject({ import_status: 'finished', default_branch: 'trunk' });
      // Only the discovery request reached the redirector: git itself went to the checked location.
      expect(r.hits).toEqual([`/old-name.git/${TAIL}`]);
    } finally {
      await setLocalRequests(false);
    }
  });

  it("checks every redirect again at clone time: a hop to a local address fails the import with GitLab's message", async () => {
    await setLocalRequests(true);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const r = await redirector(() => `${sourceUrl}/${TAIL}`, gate);
    const res = await t.api<ProjectJson>('POST', '/projects', {
      token: alice.token,
      json: { name: 'Rebound Import', import_url: `${r.url}/repo.git` },
    });
    expect(res.status).toBe(201);
    // The import has asked the first server (allowed when checked); the administrator now turns local
    // requests off, and only then does the server answer with a redirect to this machine.
    await r.firstHit;
    await setLocalRequests(false);
    open();
    await t.core.idle();
    const done = await t.api<ProjectJson>('GET', `/projects/${res.body.id}`, { token: alice.token });
    expect(done.body).toMatchObject({
      import_status: 'failed',
      import_error: 'Import url is blocked: Requests to localhost are not allowed',
      default_branch: null,
      empty_repo: true,
    });
  });

  describe('the git fetch of an ordinary user’s import', () => {
    async function emptyRepo(): Promise<string> {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-guarded-fetch-'));
      cleanup.push(dir);
      const repo = path.join(dir, 'r.git');
      await initBareRepository(repo, 'main');
      return repo;
    }
    const guard = { allowFile: false, followRedirects: false, resolve: [] as string[] };

    it('connects to the pinned address (http.curloptResolve), not to what the name resolves to', async () => {
      // `.invalid` never resolves (RFC 6761): the fetch can only succeed through the pin.
      const url = `http://repo.invalid:${port}/source.git`;
      await expect(fetchMirror(await emptyRepo(), url, 60_000, guard)).rejects.toThrow(/resolve host/i);
      const repo = await emptyRepo();
      const head = await fetchMirror(repo, url, 60_000, {
        ...guard,
        resolve: [`repo.invalid:${port}:127.0.0.1`],
      });
      expect(head).toBe('trunk');
      expect(gitDir(repo, 'rev-parse', 'feature')).toBe(source.featureHead);
    });

    it('treats a redirect it was not shown as an error (http.followRedirects=false)', async () => {
      const r = await redirector(() => `${sourceUrl}/${TAIL}`);
      await expect(fetchMirror(await emptyRepo(), `${r.url}/x.git`, 60_000, guard)).rejects.toThrow();
      // The same fetch with git's default (`initial`) follows it: the refusal above is the setting's doing.
      const followed = await fetchMirror(await emptyRepo(), `${r.url}/x.git`, 60_000, {
        ...guard,
        followRedirects: true,
      });
      expect(followed).toBe('trunk');
    });

    it('has no file transport', async () => {
      const local = await makeSourceRepository();
      cleanup.push(local.dir);
      await expect(fetchMirror(await emptyRepo(), local.dir, 60_000, guard)).rejects.toThrow(
        /transport 'file' not allowed/,
      );
      await expect(fetchMirror(await emptyRepo(), local.dir, 60_000)).resolves.toBe('trunk');
    });
  });
});
