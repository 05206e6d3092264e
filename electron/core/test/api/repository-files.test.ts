/**
 * Repository files API over real HTTP and real git (doc/api/repository_files.md; spec "Repository files";
 * GitLab's spec/requests/api/files_spec.rb for the error rows): GET/HEAD file, blame, raw, and
 * POST/PUT/DELETE with every refusal, permissions, protected branches and concurrent edits.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitDir, projectRepoPath, refs } from '../helpers/disk.js';
import { git } from '../helpers/git-fixtures.js';
import { unprotectNewDefaultBranches } from '../helpers/default-branch-protection.js';
import { importSourceProject, type BlameJson } from '../helpers/repository-files.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type User = { id: number; username: string; token: string };

interface FileJson {
  file_name: string;
  file_path: string;
  size: number;
  encoding: string;
  content: string;
  content_sha256: string;
  ref: string;
  blob_id: string;
  commit_id: string;
  last_commit_id: string;
  execute_filemode: boolean;
}

/** Bytes that are not UTF-8 and contain NULs: a "binary" file. */
const BINARY = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0xff, 0xfe, 0x00, 0x0a, 0x7f, 0x80]);

const HEADER_KEYS = [
  'Blob-Id',
  'Commit-Id',
  'Content-Sha256',
  'Encoding',
  'File-Name',
  'File-Path',
  'Last-Commit-Id',
  'Ref',
  'Size',
  'Execute-Filemode',
];

/**
 * A source repository on `trunk`: commit A adds README.md (3 lines), docs/guide.md, bin/run.sh
 * (executable), img.bin (binary), `:wq` and page.html; commit B (another author) changes README line 2;
 * tag v1.0 at A; branch `feature` one commit ahead of B.
 */
async function buildSource(): Promise<{ dir: string; a: string; b: string; feature: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-files-src-'));
  git(dir, 'init', '--quiet', '--initial-branch=trunk');
  await writeFile(path.join(dir, 'README.md'), 'line one\nline two\nline three\n');
  await mkdir(path.join(dir, 'docs'));
  await writeFile(path.join(dir, 'docs', 'guide.md'), '# Guide\n');
  await mkdir(path.join(dir, 'bin'));
  await writeFile(path.join(dir, 'bin', 'run.sh'), '#!/bin/sh\necho run\n');
  await chmod(path.join(dir, 'bin', 'run.sh'), 0o755);
  await writeFile(path.join(dir, 'img.bin'), BINARY);
  await writeFile(path.join(dir, ':wq'), 'vim leftovers\n');
  await writeFile(path.join(dir, 'page.html'), '<script>alert(1)</script>\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'Add files\n\nWith a body');
  const a = git(dir, 'rev-parse', 'HEAD');
  git(dir, 'tag', 'v1.0');
  await writeFile(path.join(dir, 'README.md'), 'line one\nline 2 changed\nline three\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '--author=Grace Hopper <grace@example.com>', '-m', 'Change line two');
  const b = git(dir, 'rev-parse', 'HEAD');
  git(dir, 'checkout', '--quiet', '-b', 'feature');
  await writeFile(path.join(dir, 'feature.txt'), 'feature\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'Feature');
  const feature = git(dir, 'rev-parse', 'HEAD');
  git(dir, 'checkout', '--quiet', 'trunk');
  return { dir, a, b, feature };
}

const enc = encodeURIComponent;
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

describe('repository files API', () => {
  let t: TestCore;
  let src: { dir: string; a: string; b: string; feature: string };
  let dev: User;
  let maint: User;
  let reporter: User;
  let guest: User;
  let stranger: User;
  let privateId: number;
  let publicId: number;
  let privateRepo: string;

  async function importProject(name: string, visibility: 'private' | 'public'): Promise<number> {
    return importSourceProject(t, src.dir, name, visibility);
  }

  async function addMember(projectId: number, userId: number, level: number): Promise<void> {
    const res = await t.api('POST', `/projects/${projectId}/members`, {
      json: { user_id: userId, access_level: level },
    });
    expect(res.status).toBe(201);
  }

  /** A fresh private project imported from the source, with dev/maint/reporter/guest members. */
  async function freshProject(name: string): Promise<{ id: number; repo: string }> {
    const id = await importProject(name, 'private');
    await addMember(id, dev.id, 30);
    await addMember(id, maint.id, 40);
    await addMember(id, reporter.id, 20);
    await addMember(id, guest.id, 10);
    return { id, repo: projectRepoPath(t.dataDir, id) };
  }

  const file = (id: number, p: string, suffix = '') => `/projects/${id}/repository/files/${enc(p)}${suffix}`;

  /** A GET whose path is sent byte for byte (no URL normalisation), with the root token. */
  function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const { hostname, port } = new URL(t.url);
      const options = { hostname, port, path: rawPath, headers: { 'PRIVATE-TOKEN': t.rootToken } };
      const req = http.request(options, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  beforeAll(async () => {
    t = await startTestCore();
    // These tests set their own protection rules on the default branch (see helpers/default-branch-protection.ts).
    await unprotectNewDefaultBranches(t);
    src = await buildSource();
    [dev, maint, reporter, guest, stranger] = await Promise.all([
      createUserWithToken(t, { username: 'dev' }),
      createUserWithToken(t, { username: 'maint' }),
      createUserWithToken(t, { username: 'reporter' }),
      createUserWithToken(t, { username: 'guest' }),
      createUserWithToken(t, { username: 'stranger' }),
    ]);
    ({ id: privateId, repo: privateRepo } = await freshProject('Files'));
    publicId = await importProject('Public Files', 'public');
  });
  afterAll(async () => {
    await t.close();
    await rm(src.dir, { recursive: true, force: true });
  });

  describe('GET /projects/:id/repository/files/:file_path', () => {
    it('returns the file with base64 content, digests, ids and the metadata headers', async () => {
      const res = await t.api<FileJson>('GET', `${file(privateId, 'README.md')}?ref=trunk`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      const content = 'line one\nline 2 changed\nline three\n';
      expect(res.body).toEqual({
        file_name: 'README.md',
        file_path: 'README.md',
        size: Buffer.byteLength(content),
        encoding: 'base64',
        content: b64(content),
        content_sha256: createHash('sha256').update(content).digest('hex'),
        ref: 'trunk',
        blob_id: gitDir(privateRepo, 'rev-parse', 'trunk:README.md'),
        commit_id: src.b,
        last_commit_id: src.b,
        execute_filemode: false,
      });
      for (const prefix of ['X-Gitlab-', 'X-Svc-']) {
        expect(res.headers.get(`${prefix}Blob-Id`)).toBe(res.body.blob_id);
        expect(res.headers.get(`${prefix}Commit-Id`)).toBe(src.b);
        expect(res.headers.get(`${prefix}Last-Commit-Id`)).toBe(src.b);
        expect(res.headers.get(`${prefix}Content-Sha256`)).toBe(res.body.content_sha256);
        expect(res.headers.get(`${prefix}File-Name`)).toBe('README.md');
        expect(res.headers.get(`${prefix}File-Path`)).toBe('README.md');
        expect(res.headers.get(`${prefix}Ref`)).toBe('trunk');
        expect(res.headers.get(`${prefix}Size`)).toBe(String(res.body.size));
        expect(res.headers.get(`${prefix}Encoding`)).toBe('base64');
        expect(res.headers.get(`${prefix}Execute-Filemode`)).toBe('false');
      }
    });

    it('reads nested paths sent with %2F and %2E, by tag, by SHA and by branch', async () => {
      const nested = await t.api<FileJson>(
        'GET',
        `/projects/${privateId}/repository/files/docs%2Fguide%2Emd?ref=trunk`,
      );
      expect(nested.status).toBe(200);
      expect(nested.body).toMatchObject({
        file_name: 'guide.md',
        file_path: 'docs/guide.md',
        last_commit_id: src.a,
      });

      const byTag = await t.api<FileJson>('GET', `${file(privateId, 'README.md')}?ref=v1.0`);
      expect(byTag.body).toMatchObject({ ref: 'v1.0', commit_id: src.a, last_commit_id: src.a });
      expect(Buffer.from(byTag.body.content, 'base64').toString()).toBe('line one\nline two\nline three\n');

      const bySha = await t.api<FileJson>('GET', `${file(privateId, 'README.md')}?ref=${src.a}`);
      expect(bySha.body).toMatchObject({ ref: src.a, commit_id: src.a });

      const onFeature = await t.api<FileJson>('GET', `${file(privateId, 'README.md')}?ref=feature`);
      // feature's head did not touch README.md: last_commit_id is the commit before it.
      expect(onFeature.body).toMatchObject({ commit_id: src.feature, last_commit_id: src.b });
    });

    it('reports the executable bit, and reads names that look like pathspec magic literally', async () => {
      const run = await t.api<FileJson>('GET', `${file(privateId, 'bin/run.sh')}?ref=trunk`);
      expect(run.body.execute_filemode).toBe(true);
      expect(run.headers.get('X-Gitlab-Execute-Filemode')).toBe('true');
      const wq = await t.api<FileJson>('GET', `${file(privateId, ':wq')}?ref=trunk`);
      expect(wq.status).toBe(200);
      expect(wq.body).toMatchObject({ file_name: ':wq', last_commit_id: src.a });
    });

    it('answers 400 {"error":"ref is missing"} without ref and "ref is empty" for a blank one', async () => {
      const missing = await t.api('GET', file(privateId, 'README.md'));
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ error: 'ref is missing' });
      const blank = await t.api('GET', `${file(privateId, 'README.md')}?ref=`);
      expect(blank.status).toBe(400);
      expect(blank.body).toEqual({ error: 'ref is empty' });
    });

    it('answers 404 Commit Not Found for an unknown ref and 404 File Not Found for a missing file or a directory', async () => {
      const ref = await t.api('GET', `${file(privateId, 'README.md')}?ref=nope`);
      expect(ref.status).toBe(404);
      expect(ref.body).toEqual({ message: '404 Commit Not Found' });
      const sha = await t.api('GET', `${file(privateId, 'README.md')}?ref=${'1'.repeat(40)}`);
      expect(sha.body).toEqual({ message: '404 Commit Not Found' });
      const missing = await t.api('GET', `${file(privateId, 'app/models/application.rb')}?ref=trunk`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: '404 File Not Found' });
      const dir = await t.api('GET', `${file(privateId, 'docs')}?ref=trunk`);
      expect(dir.status).toBe(404);
      expect(dir.body).toEqual({ message: '404 File Not Found' });
    });

    it.each(['../../etc/passwd', '../', 'docs/../../x', '/etc/passwd', 'docs/..', '..%2Fsecret'])(
      'refuses the path %j with 400 {"error":"file_path should be a valid file path"}',
      async (bad) => {
        const res = await t.api('GET', `${file(privateId, bad)}?ref=trunk`);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: 'file_path should be a valid file path' });
      },
    );

    it('refuses a lone `..` segment sent as is (fetch would resolve it away; curl --path-as-is does not)', async () => {
      for (const segment of ['..', '%2E%2E', '.%2e']) {
        const res = await rawGet(`/api/v4/projects/${privateId}/repository/files/${segment}?ref=trunk`);
        expect(res.status).toBe(400);
        expect(JSON.parse(res.body)).toEqual({ error: 'file_path should be a valid file path' });
      }
    });

    it('is readable anonymously on a public project; private projects are 404 to strangers and anonymous callers', async () => {
      const pub = await t.api<FileJson>('GET', `${file(publicId, 'README.md')}?ref=trunk`, { token: null });
      expect(pub.status).toBe(200);
      expect(pub.body.commit_id).toBe(src.b);
      const anon = await t.api('GET', `${file(privateId, 'README.md')}?ref=trunk`, { token: null });
      expect(anon.status).toBe(404);
      expect(anon.body).toEqual({ message: '404 Project Not Found' });
      const strangers = await t.api('GET', `${file(privateId, 'README.md')}?ref=trunk`, {
        token: stranger.token,
      });
      expect(strangers.status).toBe(404);
    });

    it('lets Reporters read, refuses a Guest of a private project with 403', async () => {
      const rep = await t.api('GET', `${file(privateId, 'README.md')}?ref=trunk`, { token: reporter.token });
      expect(rep.status).toBe(200);
      const g = await t.api('GET', `${file(privateId, 'README.md')}?ref=trunk`, { token: guest.token });
      expect(g.status).toBe(403);
      expect(g.body).toEqual({ message: '403 Forbidden' });
    });

    it('accepts read_repository and read_api tokens for reads', async () => {
      for (const scope of ['read_repository', 'read_api']) {
        const u = await createUserWithToken(t, { scopes: [scope] });
        await addMember(privateId, u.id, 20);
        const res = await t.api('GET', `${file(privateId, 'README.md')}?ref=trunk`, { token: u.token });
        expect(res.status).toBe(200);
      }
    });
  });

  describe('HEAD /projects/:id/repository/files/:file_path', () => {
    it('sends the metadata headers and no body', async () => {
      const res = await t.api('HEAD', `${file(privateId, 'docs/guide.md')}?ref=trunk`);
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      for (const key of HEADER_KEYS) {
        expect(res.headers.get(`X-Gitlab-${key}`)).not.toBeNull();
        expect(res.headers.get(`X-Svc-${key}`)).toBe(res.headers.get(`X-Gitlab-${key}`));
      }
      expect(res.headers.get('X-Gitlab-File-Path')).toBe('docs/guide.md');
      expect(res.headers.get('X-Gitlab-Last-Commit-Id')).toBe(src.a);
    });

    it('answers 400 without ref, 404 for a missing file, and works anonymously on a public project', async () => {
      expect((await t.api('HEAD', file(privateId, 'README.md'))).status).toBe(400);
      expect((await t.api('HEAD', `${file(privateId, 'nope.txt')}?ref=trunk`)).status).toBe(404);
      expect((await t.api('HEAD', `${file(privateId, '../x')}?ref=trunk`)).status).toBe(400);
      const pub = await t.api('HEAD', `${file(publicId, 'README.md')}?ref=trunk`, { token: null });
      expect(pub.status).toBe(200);
      expect(pub.headers.get('X-Gitlab-Commit-Id')).toBe(src.b);
      expect((await t.api('HEAD', `${file(privateId, 'README.md')}?ref=trunk`, { token: null })).status).toBe(
        404,
      );
    });
  });

  describe('GET /projects/:id/repository/files/:file_path/blame', () => {
    it('returns ranges of consecutive lines by commit, with the commit objects and the metadata headers', async () => {
      const res = await t.api<BlameJson[]>('GET', `${file(privateId, 'README.md', '/blame')}?ref=trunk`);
      expect(res.status).toBe(200);
      expect(res.body.map((r) => [r.commit.id, r.lines])).toEqual([
        [src.a, ['line one']],
        [src.b, ['line 2 changed']],
        [src.a, ['line three']],
      ]);
      expect(res.body[0]!.commit).toMatchObject({
        id: src.a,
        message: 'Add files\n\nWith a body\n',
        parent_ids: [],
        author_name: 'Ada Lovelace',
        author_email: 'ada@example.com',
        committer_name: 'Ada Lovelace',
        committer_email: 'ada@example.com',
      });
      expect(res.body[0]!.commit.authored_date).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(res.body[1]!.commit).toMatchObject({
        parent_ids: [src.a],
        author_name: 'Grace Hopper',
        author_email: 'grace@example.com',
        message: 'Change line two\n',
      });
      expect(Object.keys(res.body[0]!.commit).sort()).toEqual(
        [
          'author_email',
          'author_name',
          'authored_date',
          'committed_date',
          'committer_email',
          'committer_name',
          'id',
          'message',
          'parent_ids',
        ].sort(),
      );
      expect(res.headers.get('X-Gitlab-File-Path')).toBe('README.md');
      expect(res.headers.get('X-Svc-Last-Commit-Id')).toBe(src.b);
    });

    it('routes an encoded nested path to the blame (a%2Fb/blame), and blames at a tag', async () => {
      const res = await t.api<BlameJson[]>(
        'GET',
        `/projects/${privateId}/repository/files/docs%2Fguide%2Emd/blame?ref=trunk`,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual([expect.objectContaining({ lines: ['# Guide'] })]);
      const old = await t.api<BlameJson[]>('GET', `${file(privateId, 'README.md', '/blame')}?ref=v1.0`);
      expect(old.body.map((r) => r.lines)).toEqual([['line one', 'line two', 'line three']]);
    });

    it('blames only range[start]..range[end]; 400 when start > end', async () => {
      const res = await t.api<BlameJson[]>(
        'GET',
        `${file(privateId, 'README.md', '/blame')}?ref=trunk&range[start]=2&range[end]=3`,
      );
      expect(res.body.map((r) => r.lines)).toEqual([['line 2 changed'], ['line three']]);
      const past = await t.api<BlameJson[]>(
        'GET',
        `${file(privateId, 'README.md', '/blame')}?ref=trunk&range[start]=10&range[end]=12`,
      );
      expect(past.body).toEqual([]);
      const bad = await t.api(
        'GET',
        `${file(privateId, 'README.md', '/blame')}?ref=trunk&range[start]=3&range[end]=1`,
      );
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'range[start] must be less than or equal to range[end]' });
      const zero = await t.api(
        'GET',
        `${file(privateId, 'README.md', '/blame')}?ref=trunk&range[start]=0&range[end]=1`,
      );
      expect(zero.status).toBe(400);
    });

    it("has the file endpoints' error rows: 400 ref, 404 commit/file, 400 path, 404/403 access", async () => {
      const missing = await t.api('GET', file(privateId, 'README.md', '/blame'));
      expect(missing.body).toEqual({ error: 'ref is missing' });
      expect((await t.api('GET', `${file(privateId, 'README.md', '/blame')}?ref=nope`)).body).toEqual({
        message: '404 Commit Not Found',
      });
      expect((await t.api('GET', `${file(privateId, 'nope', '/blame')}?ref=trunk`)).body).toEqual({
        message: '404 File Not Found',
      });
      expect((await t.api('GET', `${file(privateId, '../x', '/blame')}?ref=trunk`)).status).toBe(400);
      expect(
        (await t.api('GET', `${file(privateId, 'README.md', '/blame')}?ref=trunk`, { token: null })).status,
      ).toBe(404);
      expect(
        (await t.api('GET', `${file(privateId, 'README.md', '/blame')}?ref=trunk`, { token: guest.token }))
          .status,
      ).toBe(403);
      expect(
        (await t.api('GET', `${file(publicId, 'README.md', '/blame')}?ref=trunk`, { token: null })).status,
      ).toBe(200);
    });

    it('HEAD …/blame sends the metadata headers only', async () => {
      const res = await t.api('HEAD', `${file(privateId, 'README.md', '/blame')}?ref=trunk`);
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect(res.headers.get('X-Gitlab-Blob-Id')).toBe(gitDir(privateRepo, 'rev-parse', 'trunk:README.md'));
      expect(res.headers.get('X-Svc-Blob-Id')).toBe(res.headers.get('X-Gitlab-Blob-Id'));
    });
  });

  describe('GET /projects/:id/repository/files/:file_path/raw', () => {
    it('sends text as text/plain with nosniff, inline disposition, no-cache and the metadata headers', async () => {
      const res = await t.api('GET', `${file(privateId, 'README.md', '/raw')}?ref=v1.0`);
      expect(res.status).toBe(200);
      expect(res.text).toBe('line one\nline two\nline three\n');
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toBe(
        `inline; filename="README.md"; filename*=UTF-8''README.md`,
      );
      expect(res.headers.get('cache-control')).toBe(
        'max-age=0, private, must-revalidate, no-store, no-cache',
      );
      expect(res.headers.get('X-Gitlab-Ref')).toBe('v1.0');
      expect(res.headers.get('X-Svc-Commit-Id')).toBe(src.a);
    });

    it('returns a binary file byte for byte as application/octet-stream', async () => {
      const res = await fetch(`${t.url}/api/v4${file(privateId, 'img.bin', '/raw')}?ref=trunk`, {
        headers: { 'PRIVATE-TOKEN': t.rootToken },
      });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(BINARY);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('X-Gitlab-Size')).toBe(String(BINARY.length));
    });

    it('serves HTML as plain text, uses the default branch without ref, and HEAD sends headers only', async () => {
      const html = await t.api('GET', file(privateId, 'page.html', '/raw'));
      expect(html.status).toBe(200);
      expect(html.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      const noRef = await t.api('GET', file(privateId, 'README.md', '/raw'));
      expect(noRef.text).toBe('line one\nline 2 changed\nline three\n');
      expect(noRef.headers.get('X-Gitlab-Ref')).toBe('trunk');
      const head = await t.api('HEAD', file(privateId, 'README.md', '/raw'));
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
      expect(head.headers.get('X-Gitlab-Commit-Id')).toBe(src.b);
    });

    it('has the error rows: 404 file, 404 commit, 400 path, anonymous access only on public projects', async () => {
      expect((await t.api('GET', `${file(privateId, 'nope', '/raw')}?ref=trunk`)).body).toEqual({
        message: '404 File Not Found',
      });
      expect((await t.api('GET', `${file(privateId, 'README.md', '/raw')}?ref=zzz`)).body).toEqual({
        message: '404 Commit Not Found',
      });
      expect((await t.api('GET', file(privateId, '/etc/passwd', '/raw'))).status).toBe(400);
      expect((await t.api('GET', file(privateId, 'README.md', '/raw'), { token: null })).status).toBe(404);
      const pub = await t.api('GET', file(publicId, 'README.md', '/raw'), { token: null });
      expect(pub.status).toBe(200);
    });
  });

  describe('POST /projects/:id/repository/files/:file_path', () => {
    it('creates a file in one commit authored and committed by the caller (201 {file_path, branch})', async () => {
      const before = gitDir(privateRepo, 'rev-parse', 'trunk');
      const res = await t.api('POST', file(privateId, 'new/dir/hello.txt'), {
        token: dev.token,
        json: { branch: 'trunk', content: 'hello\n', commit_message: 'Add hello' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ file_path: 'new/dir/hello.txt', branch: 'trunk' });
      const head = gitDir(privateRepo, 'rev-parse', 'trunk');
      expect(gitDir(privateRepo, 'rev-parse', `${head}^`)).toBe(before);
      expect(gitDir(privateRepo, 'log', '-1', '--format=%an|%ae|%cn|%ce|%B', 'trunk')).toBe(
        'User dev|dev@example.com|User dev|dev@example.com|Add hello',
      );
      expect(gitDir(privateRepo, 'show', 'trunk:new/dir/hello.txt')).toBe('hello');
      expect(gitDir(privateRepo, 'ls-tree', 'trunk', 'new/dir/hello.txt').split(' ')[0]).toBe('100644');
      const read = await t.api<FileJson>('GET', `${file(privateId, 'new/dir/hello.txt')}?ref=trunk`);
      expect(read.body.last_commit_id).toBe(head);
    });

    it('uses author_name/author_email for the author, the caller stays committer', async () => {
      const res = await t.api('POST', file(privateId, 'authored.txt'), {
        token: dev.token,
        form: {
          branch: 'trunk',
          content: 'x',
          commit_message: 'By someone else',
          author_name: 'John Doe',
          author_email: 'user@example.org',
        },
      });
      expect(res.status).toBe(201);
      expect(gitDir(privateRepo, 'log', '-1', '--format=%an|%ae|%cn|%ce', 'trunk')).toBe(
        'John Doe|user@example.org|User dev|dev@example.com',
      );
    });

    it('round-trips binary content sent with encoding=base64, and can set the executable bit', async () => {
      const res = await t.api('POST', file(privateId, 'assets/logo.bin'), {
        token: dev.token,
        json: {
          branch: 'trunk',
          content: BINARY.toString('base64'),
          encoding: 'base64',
          commit_message: 'Binary',
        },
      });
      expect(res.status).toBe(201);
      const raw = await fetch(`${t.url}/api/v4${file(privateId, 'assets/logo.bin', '/raw')}?ref=trunk`, {
        headers: { 'PRIVATE-TOKEN': dev.token },
      });
      expect(Buffer.from(await raw.arrayBuffer())).toEqual(BINARY);
      const json = await t.api<FileJson>('GET', `${file(privateId, 'assets/logo.bin')}?ref=trunk`);
      expect(json.body.content).toBe(BINARY.toString('base64'));

      const exe = await t.api('POST', file(privateId, 'tool.sh'), {
        token: dev.token,
        json: { branch: 'trunk', content: '#!/bin/sh\n', commit_message: 'Tool', execute_filemode: true },
      });
      expect(exe.status).toBe(201);
      expect(gitDir(privateRepo, 'ls-tree', 'trunk', 'tool.sh').split(' ')[0]).toBe('100755');
    });

    it('creates a branch from start_branch, leaving the start branch alone', async () => {
      const trunk = gitDir(privateRepo, 'rev-parse', 'trunk');
      const res = await t.api('POST', file(privateId, 'on-topic.txt'), {
        token: dev.token,
        json: { branch: 'topic/one', start_branch: 'trunk', content: 'topic\n', commit_message: 'Topic' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ file_path: 'on-topic.txt', branch: 'topic/one' });
      expect(gitDir(privateRepo, 'rev-parse', 'topic/one^')).toBe(trunk);
      expect(gitDir(privateRepo, 'rev-parse', 'trunk')).toBe(trunk);
    });

    it('answers 400 and changes nothing for each refused create', async () => {
      const cases: [string, Record<string, unknown>, number, unknown][] = [
        [
          'README.md',
          { branch: 'trunk', content: 'x', commit_message: 'm' },
          400,
          { message: 'A file with this name already exists' },
        ],
        [
          'docs',
          { branch: 'trunk', content: 'x', commit_message: 'm' },
          400,
          {
            message: 'A directory with this name already exists',
          },
        ],
        [
          'README.md/inner',
          { branch: 'trunk', content: 'x', commit_message: 'm' },
          400,
          {
            message: "A file with the name 'README.md' already exists where a directory is needed",
          },
        ],
        ['x.txt', {}, 400, { error: 'branch is missing, commit_message is missing, content is missing' }],
        [
          'x.txt',
          { branch: 'trunk', content: 'x', commit_message: '' },
          400,
          { error: 'commit_message is empty' },
        ],
        ['x.txt', { branch: '', content: 'x', commit_message: 'm' }, 400, { error: 'branch is empty' }],
        [
          'x.txt',
          { branch: 'trunk', content: 'x', commit_message: 'm', encoding: 'utf16' },
          400,
          {
            error: 'encoding does not have a valid value',
          },
        ],
        [
          'x.txt',
          { branch: 'trunk', content: '!!!not base64', encoding: 'base64', commit_message: 'm' },
          400,
          {
            message: 'content is not valid Base64 (encoding is base64)',
          },
        ],
        [
          'x.txt',
          { branch: 'no-such-branch', content: 'x', commit_message: 'm' },
          400,
          {
            message: 'You can only create or edit files when you are on a branch',
          },
        ],
        [
          'x.txt',
          { branch: 'new-one', start_branch: 'no-such', content: 'x', commit_message: 'm' },
          400,
          {
            message: 'You can only create or edit files when you are on a branch',
          },
        ],
        [
          'x.txt',
          { branch: 'feature', start_branch: 'trunk', content: 'x', commit_message: 'm' },
          400,
          {
            message:
              "A branch called 'feature' already exists. Switch to that branch in order to make changes",
          },
        ],
        [
          'x.txt',
          { branch: 'bad..name', start_branch: 'trunk', content: 'x', commit_message: 'm' },
          400,
          {
            message:
              "Something went wrong when we tried to create 'bad..name' for you: Branch name is invalid",
          },
        ],
        [
          '../outside.txt',
          { branch: 'trunk', content: 'x', commit_message: 'm' },
          400,
          {
            error: 'file_path should be a valid file path',
          },
        ],
        [
          '/abs.txt',
          { branch: 'trunk', content: 'x', commit_message: 'm' },
          400,
          {
            error: 'file_path should be a valid file path',
          },
        ],
        [
          'a/../../b.txt',
          { branch: 'trunk', content: 'x', commit_message: 'm' },
          400,
          {
            error: 'file_path should be a valid file path',
          },
        ],
        [
          '.git/config',
          { branch: 'trunk', content: 'x', commit_message: 'm' },
          400,
          {
            message: "invalid path: '.git/config'",
          },
        ],
        [
          'a//b.txt',
          { branch: 'trunk', content: 'x', commit_message: 'm' },
          400,
          { message: "invalid path: 'a//b.txt'" },
        ],
      ];
      for (const [p, body, status, expected] of cases) {
        const before = refs(privateRepo);
        const res = await t.api('POST', file(privateId, p), { token: dev.token, json: body });
        expect({ p, body, status: res.status, res: res.body }).toEqual({ p, body, status, res: expected });
        expect(refs(privateRepo)).toEqual(before);
      }
    });

    it('needs push access: 401 anonymous, 404 stranger, 403 guest and reporter, 403 insufficient_scope for read and write_repository tokens', async () => {
      const body = { branch: 'trunk', content: 'x', commit_message: 'm' };
      const before = refs(privateRepo);
      expect((await t.api('POST', file(privateId, 'p.txt'), { token: null, json: body })).status).toBe(401);
      expect(
        (await t.api('POST', file(privateId, 'p.txt'), { token: stranger.token, json: body })).status,
      ).toBe(404);
      for (const u of [guest, reporter]) {
        const res = await t.api('POST', file(privateId, 'p.txt'), { token: u.token, json: body });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: '403 Forbidden' });
      }
      const reader = await createUserWithToken(t, { scopes: ['read_repository', 'read_api'] });
      await addMember(privateId, reader.id, 30);
      const scoped = await t.api<{ error: string }>('POST', file(privateId, 'p.txt'), {
        token: reader.token,
        json: body,
      });
      expect(scoped.status).toBe(403);
      expect(scoped.body.error).toBe('insufficient_scope');
      expect(refs(privateRepo)).toEqual(before);

      // write_repository is for git pushes only: REST writes need `api` (lib/api/api.rb), issue 25.
      const writer = await createUserWithToken(t, { scopes: ['write_repository'] });
      await addMember(privateId, writer.id, 30);
      const refused = await t.api('POST', file(privateId, 'by-write-scope.txt'), {
        token: writer.token,
        json: body,
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        error: 'insufficient_scope',
        error_description: 'The request requires higher privileges than provided by the access token.',
        scope: 'api',
      });
      expect(refs(privateRepo)).toEqual(before);
    });

    it('creates the first commit of an empty project, which becomes its default branch', async () => {
      const created = await t.api<{ id: number; default_branch: string | null }>('POST', '/projects', {
        json: { name: 'Empty Files' },
      });
      const id = created.body.id;
      const res = await t.api('POST', file(id, 'README.md'), {
        json: { branch: 'develop', content: '# hi\n', commit_message: 'First' },
      });
      expect(res.status).toBe(201);
      const repo = projectRepoPath(t.dataDir, id);
      expect(gitDir(repo, 'symbolic-ref', 'HEAD')).toBe('refs/heads/develop');
      expect(gitDir(repo, 'log', '--format=%P', 'develop')).toBe('');
      const project = await t.api<{ default_branch: string; empty_repo: boolean }>('GET', `/projects/${id}`);
      expect(project.body).toMatchObject({ default_branch: 'develop', empty_repo: false });
      const raw = await t.api('GET', file(id, 'README.md', '/raw'));
      expect(raw.text).toBe('# hi\n');
    });
  });

  describe('PUT /projects/:id/repository/files/:file_path', () => {
    let project: { id: number; repo: string };
    beforeAll(async () => {
      project = await freshProject('Updates');
    });

    it('updates a file (200 {file_path, branch}) keeping its mode; last_commit_id follows', async () => {
      const res = await t.api('PUT', file(project.id, 'bin/run.sh'), {
        token: dev.token,
        json: { branch: 'trunk', content: '#!/bin/sh\necho changed\n', commit_message: 'Change run' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ file_path: 'bin/run.sh', branch: 'trunk' });
      expect(gitDir(project.repo, 'ls-tree', 'trunk', 'bin/run.sh').split(' ')[0]).toBe('100755');
      const read = await t.api<FileJson>('GET', `${file(project.id, 'bin/run.sh')}?ref=trunk`);
      expect(read.body.last_commit_id).toBe(gitDir(project.repo, 'rev-parse', 'trunk'));
      expect(Buffer.from(read.body.content, 'base64').toString()).toBe('#!/bin/sh\necho changed\n');
    });

    it("accepts the current last_commit_id and refuses a stale one with GitLab's message, changing nothing", async () => {
      const current = (await t.api<FileJson>('GET', `${file(project.id, 'docs/guide.md')}?ref=trunk`)).body
        .last_commit_id;
      const ok = await t.api('PUT', file(project.id, 'docs/guide.md'), {
        token: dev.token,
        json: { branch: 'trunk', content: '# Guide v2\n', commit_message: 'v2', last_commit_id: current },
      });
      expect(ok.status).toBe(200);
      const before = refs(project.repo);
      const stale = await t.api('PUT', file(project.id, 'docs/guide.md'), {
        token: dev.token,
        json: { branch: 'trunk', content: '# Guide v3\n', commit_message: 'v3', last_commit_id: current },
      });
      expect(stale.status).toBe(400);
      expect(stale.body).toEqual({
        message: 'You are attempting to update a file that has changed since you started editing it.',
      });
      expect(refs(project.repo)).toEqual(before);
      // An edit elsewhere on the branch does not make this file's last_commit_id stale.
      const latest = (await t.api<FileJson>('GET', `${file(project.id, 'docs/guide.md')}?ref=trunk`)).body
        .last_commit_id;
      await t.api('PUT', file(project.id, 'README.md'), {
        token: dev.token,
        json: { branch: 'trunk', content: 'other\n', commit_message: 'Other file' },
      });
      const stillFine = await t.api('PUT', file(project.id, 'docs/guide.md'), {
        token: dev.token,
        json: { branch: 'trunk', content: '# Guide v4\n', commit_message: 'v4', last_commit_id: latest },
      });
      expect(stillFine.status).toBe(200);
    });

    it('answers 400 and changes nothing for a missing file, identical content, a missing branch or bad params', async () => {
      const current = Buffer.from(
        (await t.api<FileJson>('GET', `${file(project.id, ':wq')}?ref=trunk`)).body.content,
        'base64',
      ).toString();
      const cases: [string, Record<string, unknown>, unknown][] = [
        [
          'nope.txt',
          { branch: 'trunk', content: 'x', commit_message: 'm' },
          { message: "A file with this name doesn't exist" },
        ],
        [
          'docs',
          { branch: 'trunk', content: 'x', commit_message: 'm' },
          { message: "A file with this name doesn't exist" },
        ],
        [
          ':wq',
          { branch: 'trunk', content: current, commit_message: 'same' },
          {
            message: 'No changes: the commit would be empty',
          },
        ],
        [
          ':wq',
          { branch: 'trunk', content: b64(current), encoding: 'base64', commit_message: 'same' },
          {
            message: 'No changes: the commit would be empty',
          },
        ],
        [
          ':wq',
          { branch: 'gone', content: 'x', commit_message: 'm' },
          {
            message: 'You can only create or edit files when you are on a branch',
          },
        ],
        [':wq', { branch: 'trunk', commit_message: 'm' }, { error: 'content is missing' }],
        [
          '../x',
          { branch: 'trunk', content: 'x', commit_message: 'm' },
          { error: 'file_path should be a valid file path' },
        ],
      ];
      for (const [p, body, expected] of cases) {
        const before = refs(project.repo);
        const res = await t.api('PUT', file(project.id, p), { token: dev.token, json: body });
        expect({ p, status: res.status, body: res.body }).toEqual({ p, status: 400, body: expected });
        expect(refs(project.repo)).toEqual(before);
      }
    });

    it('of concurrent PUTs with the same last_commit_id, exactly one wins and the branch holds only its commit', async () => {
      const start = (await t.api<FileJson>('GET', `${file(project.id, 'README.md')}?ref=trunk`)).body;
      const startHead = gitDir(project.repo, 'rev-parse', 'trunk');
      const contents = Array.from({ length: 6 }, (_, i) => `edit number ${i}\n`);
      const results = await Promise.all(
        contents.map((content, i) =>
          t.api<{ message?: string }>('PUT', file(project.id, 'README.md'), {
            token: i % 2 ? dev.token : maint.token,
            json: {
              branch: 'trunk',
              content,
              commit_message: `Edit ${i}`,
              last_commit_id: start.last_commit_id,
            },
          }),
        ),
      );
      const winners = results.flatMap((r, i) => (r.status === 200 ? [i] : []));
      expect(winners).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(400);
        expect(r.body.message).toMatch(
          /changed since you started editing it|Could not update refs\/heads\/trunk/,
        );
      }
      const head = gitDir(project.repo, 'rev-parse', 'trunk');
      expect(gitDir(project.repo, 'rev-list', `${startHead}..${head}`)).toBe(head);
      expect(gitDir(project.repo, 'rev-parse', `${head}^`)).toBe(startHead);
      expect(gitDir(project.repo, 'show', `${head}:README.md`) + '\n').toBe(contents[winners[0]!]);
      expect(gitDir(project.repo, 'log', '-1', '--format=%s', head)).toBe(`Edit ${winners[0]}`);
    });

    it('clears the executable bit with execute_filemode=false', async () => {
      const res = await t.api('PUT', file(project.id, 'bin/run.sh'), {
        token: dev.token,
        json: { branch: 'trunk', content: 'plain\n', commit_message: 'No exec', execute_filemode: false },
      });
      expect(res.status).toBe(200);
      expect(gitDir(project.repo, 'ls-tree', 'trunk', 'bin/run.sh').split(' ')[0]).toBe('100644');
    });
  });

  describe('protected branches', () => {
    let project: { id: number; repo: string };

    /** Protect `name` (a branch or a wildcard) through the protected-branches API. */
    async function protect(name: string, pushLevel: number): Promise<void> {
      const res = await t.api('POST', `/projects/${project.id}/protected_branches`, {
        json: { name, push_access_level: pushLevel, merge_access_level: pushLevel },
      });
      expect(res.status).toBe(201);
    }

    beforeAll(async () => {
      project = await freshProject('Protected');
      await protect('trunk', 40);
      await protect('release/*', 40);
      await protect('feature', 30);
    });

    it("refuses a Developer's PUT on a protected branch with 403 and lets a Maintainer push", async () => {
      const before = refs(project.repo);
      const body = { branch: 'trunk', content: 'protected edit\n', commit_message: 'Edit' };
      const devRes = await t.api('PUT', file(project.id, 'README.md'), { token: dev.token, json: body });
      expect(devRes.status).toBe(403);
      expect(devRes.body).toEqual({
        message: '403 Forbidden - You are not allowed to push into this branch',
      });
      expect(refs(project.repo)).toEqual(before);
      const maintRes = await t.api('PUT', file(project.id, 'README.md'), { token: maint.token, json: body });
      expect(maintRes.status).toBe(200);
    });

    it('applies to POST and DELETE, to wildcard rules, and not to unprotected branches', async () => {
      const del = await t.api('DELETE', file(project.id, 'docs/guide.md'), {
        token: dev.token,
        json: { branch: 'trunk', commit_message: 'Remove' },
      });
      expect(del.status).toBe(403);
      const wildcard = await t.api('POST', file(project.id, 'r.txt'), {
        token: dev.token,
        json: { branch: 'release/1.0', start_branch: 'trunk', content: 'r', commit_message: 'Release' },
      });
      expect(wildcard.status).toBe(403);
      expect(wildcard.body).toEqual({
        message: '403 Forbidden - You are not allowed to push into this branch',
      });
      const free = await t.api('POST', file(project.id, 'f.txt'), {
        token: dev.token,
        json: { branch: 'unprotected', start_branch: 'trunk', content: 'f', commit_message: 'Off trunk' },
      });
      expect(free.status).toBe(201);
      const maintRelease = await t.api('POST', file(project.id, 'r.txt'), {
        token: maint.token,
        json: { branch: 'release/1.0', start_branch: 'trunk', content: 'r', commit_message: 'Release' },
      });
      expect(maintRelease.status).toBe(201);
    });

    it("follows the rule's push level: Developers may push where it is 30, no one where it is 0", async () => {
      const devPush = await t.api('PUT', file(project.id, 'feature.txt'), {
        token: dev.token,
        json: { branch: 'feature', content: 'developers allowed\n', commit_message: 'Dev push' },
      });
      expect(devPush.status).toBe(200);
      await protect('frozen', 0);
      const before = refs(project.repo);
      const created = await t.api('POST', file(project.id, 'x.txt'), {
        token: maint.token,
        json: { branch: 'frozen', start_branch: 'trunk', content: 'x', commit_message: 'Frozen' },
      });
      expect(created.status).toBe(403);
      const byAdmin = await t.api('POST', file(project.id, 'x.txt'), {
        json: { branch: 'frozen', start_branch: 'trunk', content: 'x', commit_message: 'Frozen' },
      });
      expect(byAdmin.status).toBe(403);
      expect(refs(project.repo)).toEqual(before);
    });
  });

  describe('DELETE /projects/:id/repository/files/:file_path', () => {
    let project: { id: number; repo: string };
    beforeAll(async () => {
      project = await freshProject('Deletes');
    });

    it('deletes a file with a commit (204), after which it is 404', async () => {
      const before = gitDir(project.repo, 'rev-parse', 'trunk');
      const res = await t.api('DELETE', file(project.id, 'page.html'), {
        token: dev.token,
        json: { branch: 'trunk', commit_message: 'Remove page' },
      });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(gitDir(project.repo, 'rev-parse', 'trunk^')).toBe(before);
      expect(gitDir(project.repo, 'log', '-1', '--format=%s|%an', 'trunk')).toBe('Remove page|User dev');
      expect((await t.api('GET', `${file(project.id, 'page.html')}?ref=trunk`)).body).toEqual({
        message: '404 File Not Found',
      });
      // Still there in history.
      expect((await t.api('GET', `${file(project.id, 'page.html')}?ref=${before}`)).status).toBe(200);
    });

    it('deletes on a new branch from start_branch, with the form-encoded body clients send', async () => {
      const res = await t.api('DELETE', file(project.id, 'img.bin'), {
        token: dev.token,
        form: { branch: 'no-image', start_branch: 'trunk', commit_message: 'Drop image' },
      });
      expect(res.status).toBe(204);
      expect(gitDir(project.repo, 'ls-tree', '--name-only', 'no-image')).not.toContain('img.bin');
      expect(gitDir(project.repo, 'ls-tree', '--name-only', 'trunk')).toContain('img.bin');
    });

    it('answers 400 and changes nothing for a missing file, a stale last_commit_id, bad params or a bad path', async () => {
      const cases: [string, Record<string, unknown>, unknown][] = [
        [
          'nope.txt',
          { branch: 'trunk', commit_message: 'm' },
          { message: "A file with this name doesn't exist" },
        ],
        [
          'README.md',
          { branch: 'trunk', commit_message: 'm', last_commit_id: src.a },
          {
            message: 'You are attempting to update a file that has changed since you started editing it.',
          },
        ],
        ['README.md', { branch: 'trunk' }, { error: 'commit_message is missing' }],
        ['README.md', { commit_message: 'm' }, { error: 'branch is missing' }],
        [
          'README.md',
          { branch: 'gone', commit_message: 'm' },
          {
            message: 'You can only create or edit files when you are on a branch',
          },
        ],
        ['../', { branch: 'trunk', commit_message: 'm' }, { error: 'file_path should be a valid file path' }],
      ];
      for (const [p, body, expected] of cases) {
        const before = refs(project.repo);
        const res = await t.api('DELETE', file(project.id, p), { token: dev.token, json: body });
        expect({ p, status: res.status, body: res.body }).toEqual({ p, status: 400, body: expected });
        expect(refs(project.repo)).toEqual(before);
      }
      const reporterRes = await t.api('DELETE', file(project.id, 'README.md'), {
        token: reporter.token,
        json: { branch: 'trunk', commit_message: 'm' },
      });
      expect(reporterRes.status).toBe(403);
    });

    it('accepts the current last_commit_id', async () => {
      const last = (await t.api<FileJson>('GET', `${file(project.id, 'README.md')}?ref=trunk`)).body
        .last_commit_id;
      const res = await t.api('DELETE', file(project.id, 'README.md'), {
        token: maint.token,
        json: { branch: 'trunk', commit_message: 'Remove readme', last_commit_id: last },
      });
      expect(res.status).toBe(204);
    });
  });

  it('refuses writes to an archived project with 403', async () => {
    const project = await freshProject('Archived');
    expect((await t.api('PUT', `/projects/${project.id}`, { json: { archived: true } })).status).toBe(200);
    const res = await t.api('PUT', file(project.id, 'README.md'), {
      token: maint.token,
      json: { branch: 'trunk', content: 'x', commit_message: 'm' },
    });
    expect(res.status).toBe(403);
    expect(
      (await t.api('GET', `${file(project.id, 'README.md')}?ref=trunk`, { token: dev.token })).status,
    ).toBe(200);
  });
});
