/**
 * Repository blobs, archives and branch creation in an empty project, over real HTTP and real git
 * (doc/api/repositories.md "Get a blob from repository", "Raw blob content", "Get file archive";
 * doc/api/branches.md "Create repository branch"): shapes, GitLab's headers and file names, the archive's
 * real contents (read back with tar/unzip), permissions per role, and bad input answered 400/404 with
 * nothing changed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitDir, projectRepoPath, refs } from '../helpers/disk.js';
import { addProjectMember, importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type User = { id: number; username: string; token: string };

describe('repository blobs, archives and first branches', () => {
  let t: TestCore;
  let p: ImportedProject;
  let pub: ImportedProject;
  let guest: User;
  let reporter: User;
  let developer: User;
  let stranger: User;
  let readmeBlob: string;
  let tmp: string;

  beforeAll(async () => {
    t = await startTestCore();
    tmp = await mkdtemp(path.join(os.tmpdir(), 'outpost-archive-'));
    p = await importFixtureProject(t, 'Blob Source');
    pub = await importFixtureProject(t, 'Public Source', { visibility: 'public' });
    guest = await createUserWithToken(t);
    reporter = await createUserWithToken(t);
    developer = await createUserWithToken(t);
    stranger = await createUserWithToken(t);
    await addProjectMember(t, p.id, guest.id, 10);
    await addProjectMember(t, p.id, reporter.id, 20);
    await addProjectMember(t, p.id, developer.id, 30);
    readmeBlob = gitDir(p.repo, 'rev-parse', 'trunk:README.md');
  });

  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
    await t?.close();
  });

  describe('GET /repository/blobs/:sha', () => {
    it('answers size, base64 content and the full sha', async () => {
      const res = await t.api('GET', `/projects/${p.id}/repository/blobs/${readmeBlob}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(res.body).toEqual({
        size: Buffer.byteLength('# Source\n\nrevision 3\n'),
        encoding: 'base64',
        content: Buffer.from('# Source\n\nrevision 3\n').toString('base64'),
        sha: readmeBlob,
      });
    });

    it('accepts an abbreviated blob id', async () => {
      const res = await t.api<{ sha: string }>(
        'GET',
        `/projects/${p.id}/repository/blobs/${readmeBlob.slice(0, 10)}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.sha).toBe(readmeBlob);
    });

    it.each([
      ['a commit', () => p.trunk[2]!],
      ['a tree', () => gitDir(p.repo, 'rev-parse', 'trunk^{tree}')],
      ['an unknown id', () => 'deadbeefdeadbeefdeadbeefdeadbeefdeadbeef'],
      ['an option-like name', () => '--batch'],
    ])('answers 404 Blob Not Found for %s', async (_label, sha) => {
      const res = await t.api('GET', `/projects/${p.id}/repository/blobs/${encodeURIComponent(sha())}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: '404 Blob Not Found' });
      const raw = await t.api('GET', `/projects/${p.id}/repository/blobs/${encodeURIComponent(sha())}/raw`);
      expect(raw.status).toBe(404);
      expect(raw.body).toEqual({ message: '404 Blob Not Found' });
    });

    it('follows download_code: Reporter yes, Guest 403, stranger 404, anonymous on public only', async () => {
      const url = `/projects/${p.id}/repository/blobs/${readmeBlob}`;
      expect((await t.api('GET', url, { token: reporter.token })).status).toBe(200);
      const g = await t.api('GET', url, { token: guest.token });
      expect(g.status).toBe(403);
      expect(g.body).toEqual({ message: '403 Forbidden' });
      const s = await t.api('GET', url, { token: stranger.token });
      expect(s.status).toBe(404);
      expect(s.body).toEqual({ message: '404 Project Not Found' });
      expect((await t.api('GET', url, { token: null })).status).toBe(404);
      const pubBlob = gitDir(pub.repo, 'rev-parse', 'trunk:README.md');
      const anon = await t.api('GET', `/projects/${pub.id}/repository/blobs/${pubBlob}/raw`, { token: null });
      expect(anon.status).toBe(200);
      expect(anon.text).toBe('# Source\n\nrevision 3\n');
    });
  });

  describe('GET /repository/blobs/:sha/raw', () => {
    it('sends the bytes as text with GitLab’s headers', async () => {
      const res = await t.api('GET', `/projects/${p.id}/repository/blobs/${readmeBlob}/raw`);
      expect(res.status).toBe(200);
      expect(res.text).toBe('# Source\n\nrevision 3\n');
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('inline');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe(
        'max-age=0, private, must-revalidate, no-store, no-cache',
      );
    });

    it('sends binary bytes unchanged as an attachment', async () => {
      const bytes = Buffer.from([0, 1, 2, 255, 254, 0, 10]);
      const res = await t.api('POST', `/projects/${p.id}/repository/files/bin.dat`, {
        json: {
          branch: 'trunk',
          commit_message: 'binary',
          content: bytes.toString('base64'),
          encoding: 'base64',
        },
      });
      expect(res.status).toBe(201);
      const sha = gitDir(p.repo, 'rev-parse', 'trunk:bin.dat');
      const r = await fetch(`${t.url}/api/v4/projects/${p.id}/repository/blobs/${sha}/raw`, {
        headers: { 'PRIVATE-TOKEN': t.rootToken },
      });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/octet-stream');
      expect(r.headers.get('content-disposition')).toBe('attachment');
      expect(Buffer.from(await r.arrayBuffer())).toEqual(bytes);
    });
    it('sends a PNG inline as image/png, as Workhorse sniffs it', async () => {
      const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from([0, 0, 0, 13, 0, 255])]);
      const res = await t.api('POST', `/projects/${p.id}/repository/files/logo.bin`, {
        json: {
          branch: 'trunk',
          commit_message: 'logo',
          content: png.toString('base64'),
          encoding: 'base64',
        },
      });
      expect(res.status).toBe(201);
      const sha = gitDir(p.repo, 'rev-parse', 'trunk:logo.bin');
      const r = await fetch(`${t.url}/api/v4/projects/${p.id}/repository/blobs/${sha}/raw`, {
        headers: { 'PRIVATE-TOKEN': t.rootToken },
      });
      expect(r.headers.get('content-type')).toBe('image/png');
      expect(r.headers.get('content-disposition')).toBe('inline');
      expect(Buffer.from(await r.arrayBuffer())).toEqual(png);
    });
  });

  describe('GET /repository/archive[.format]', () => {
    async function download(url: string, token: string | null = t.rootToken) {
      const r = await fetch(`${t.url}/api/v4${url}`, { headers: token ? { 'PRIVATE-TOKEN': token } : {} });
      return { status: r.status, headers: r.headers, bytes: Buffer.from(await r.arrayBuffer()) };
    }

    async function listEntries(bytes: Buffer, kind: string): Promise<string[]> {
      const file = path.join(tmp, `a-${Math.random().toString(36).slice(2)}.${kind}`);
      await writeFile(file, bytes);
      const out =
        kind === 'zip'
          ? execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' })
          : execFileSync(
              'tar',
              ['-tf', file, ...(kind === 'tar.bz2' ? ['-j'] : kind === 'tar.gz' ? ['-z'] : [])],
              {
                encoding: 'utf8',
              },
            );
      return out.split('\n').filter(Boolean).sort();
    }

    it('streams tar.gz of the default branch named <project>-<ref>-<sha>.tar.gz', async () => {
      const head = gitDir(p.repo, 'rev-parse', 'trunk');
      const res = await download(`/projects/${p.id}/repository/archive`);
      expect(res.status).toBe(200);
      const prefix = `blob-source-trunk-${head}`;
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${prefix}.tar.gz"`);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-transfer-encoding')).toBe('binary');
      expect(res.bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      const entries = await listEntries(res.bytes, 'tar.gz');
      expect(entries).toContain(`${prefix}/README.md`);
    });

    it.each([
      ['zip', 'zip', 'application/zip'],
      ['tar', 'tar', 'application/octet-stream'],
      ['tar.bz2', 'tar.bz2', 'application/octet-stream'],
      ['tbz2', 'tar.bz2', 'application/octet-stream'],
      ['tgz', 'tar.gz', 'application/octet-stream'],
    ])('archive.%s is a %s named with the canonical extension', async (format, kind, type) => {
      const res = await download(`/projects/${p.id}/repository/archive.${format}?sha=feature`);
      expect(res.status).toBe(200);
      const prefix = `blob-source-feature-${p.featureHead}`;
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${prefix}.${kind}"`);
      expect(res.headers.get('content-type')).toBe(type);
      expect(await listEntries(res.bytes, kind)).toEqual(
        expect.arrayContaining([`${prefix}/README.md`, `${prefix}/feature.txt`]),
      );
    });

    it('takes the format as a parameter too, and a path limits the archive to it', async () => {
      const res = await download(
        `/projects/${p.id}/repository/archive?format=zip&sha=${p.featureHead}&path=feature.txt`,
      );
      expect(res.status).toBe(200);
      const prefix = `blob-source-${p.featureHead}-${p.featureHead}-feature.txt`;
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${prefix}.zip"`);
      expect(await listEntries(res.bytes, 'zip')).toEqual([`${prefix}/`, `${prefix}/feature.txt`]);
    });

    it('answers GitLab’s 404s for an unknown ref, path or format', async () => {
      const ref = await t.api('GET', `/projects/${p.id}/repository/archive?sha=nope`);
      expect(ref.status).toBe(404);
      expect(ref.body).toEqual({ message: '404 File Not Found' });
      const pth = await t.api('GET', `/projects/${p.id}/repository/archive.zip?path=missing/dir`);
      expect(pth.status).toBe(404);
      expect(pth.body).toEqual({ message: '404 File Not Found' });
      const fmt = await t.api('GET', `/projects/${p.id}/repository/archive.rar`);
      expect(fmt.status).toBe(404);
      expect(fmt.body).toEqual({ error: '404 Not Found' });
    });

    it('follows download_code per role and serves public projects anonymously', async () => {
      expect((await download(`/projects/${p.id}/repository/archive.tar`, reporter.token)).status).toBe(200);
      expect((await download(`/projects/${p.id}/repository/archive.tar`, guest.token)).status).toBe(403);
      expect((await download(`/projects/${p.id}/repository/archive.tar`, stranger.token)).status).toBe(404);
      expect((await download(`/projects/${p.id}/repository/archive.tar`, null)).status).toBe(404);
      expect((await download(`/projects/${pub.id}/repository/archive.zip`, null)).status).toBe(200);
    });

    it('answers 404 File Not Found for an empty project', async () => {
      const res = await t.api<{ id: number }>('POST', '/projects', { json: { name: 'Empty Archive' } });
      const a = await t.api('GET', `/projects/${res.body.id}/repository/archive`);
      expect(a.status).toBe(404);
      expect(a.body).toEqual({ message: '404 File Not Found' });
    });
  });

  describe('POST /repository/branches in an empty project', () => {
    it('makes the default branch with an empty README.md first, then the branch (201)', async () => {
      const created = await t.api<{ id: number }>('POST', '/projects', { json: { name: 'Empty One' } });
      expect(created.status).toBe(201);
      const id = created.body.id;
      const res = await t.api<{ name: string; commit: { id: string; title: string } }>(
        'POST',
        `/projects/${id}/repository/branches`,
        { json: { branch: 'feature', ref: 'main' } },
      );
      expect(res.status).toBe(201);
      expect(res.body.name).toBe('feature');
      expect(res.body.commit.title).toBe('Add README.md');
      const repo = projectRepoPath(t.dataDir, id);
      expect(refs(repo).map((r) => r.split(' ')[0])).toEqual(['refs/heads/feature', 'refs/heads/main']);
      expect(gitDir(repo, 'ls-tree', '--name-only', 'main')).toBe('README.md');
      expect(gitDir(repo, 'cat-file', '-s', 'main:README.md')).toBe('0');
      const project = await t.api<{ default_branch: string; empty_repo: boolean }>('GET', `/projects/${id}`);
      expect(project.body.default_branch).toBe('main');
      expect(project.body.empty_repo).toBe(false);
    });

    it('uses the project’s own default branch name and still checks the asked ref', async () => {
      const created = await t.api<{ id: number }>('POST', '/projects', {
        json: { name: 'Empty Two', default_branch: 'develop' },
      });
      const id = created.body.id;
      const res = await t.api('POST', `/projects/${id}/repository/branches`, {
        json: { branch: 'topic', ref: 'nope' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Invalid reference name: nope' });
      // As GitLab: the default branch was made before the ref was checked.
      const repo = projectRepoPath(t.dataDir, id);
      expect(refs(repo).map((r) => r.split(' ')[0])).toEqual(['refs/heads/develop']);
    });

    it('refuses a Guest and a Reporter with 403 and leaves the repository empty', async () => {
      const created = await t.api<{ id: number }>('POST', '/projects', { json: { name: 'Empty Three' } });
      const id = created.body.id;
      await addProjectMember(t, id, guest.id, 10);
      await addProjectMember(t, id, reporter.id, 20);
      for (const who of [guest, reporter]) {
        const res = await t.api('POST', `/projects/${id}/repository/branches`, {
          token: who.token,
          json: { branch: 'x', ref: 'main' },
        });
        expect(res.status).toBe(403);
      }
      const repo = projectRepoPath(t.dataDir, id);
      expect(await readdir(path.join(repo, 'refs', 'heads'))).toEqual([]);
    });
  });
});
