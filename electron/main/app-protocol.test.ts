/** The app:// protocol's file resolution and responses, against a real renderer directory on disk. */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../host/csp.js';
import {
  APP_INDEX_URL,
  appProtocolResponse,
  classifyNavigation,
  mimeTypeFor,
  resolveAppUrl,
  safePathSegments,
} from './app-protocol.js';

let base: string;
let root: string;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'outpost-app-protocol-'));
  root = path.join(base, 'renderer');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Outpost</title>');
  await writeFile(path.join(root, 'assets', 'index-abc.js'), 'console.log(1);');
  await writeFile(path.join(root, 'assets', 'index-abc.css'), 'body{}');
  await writeFile(path.join(root, 'assets', 'font.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  await writeFile(path.join(root, 'favicon.svg'), '<svg/>');
  await writeFile(path.join(root, 'my file.txt'), 'spaces');
  // Outside the renderer directory: a secret, and symlinks inside pointing at it.
  await writeFile(path.join(base, 'secret.txt'), 'do not serve');
  await symlink(path.join(base, 'secret.txt'), path.join(root, 'assets', 'leak.js'));
  await symlink(base, path.join(root, 'up'));
  // A symlink that stays inside is fine.
  await symlink(path.join(root, 'favicon.svg'), path.join(root, 'icon.svg'));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('resolveAppUrl', () => {
  it('serves files of the renderer directory with their content type', async () => {
    expect(await resolveAppUrl('app://outpost/assets/index-abc.js', root)).toMatchObject({
      kind: 'file',
      path: path.join(root, 'assets', 'index-abc.js'),
      contentType: 'text/javascript; charset=utf-8',
      html: false,
    });
    expect(await resolveAppUrl(APP_INDEX_URL, root)).toMatchObject({ kind: 'file', html: true });
    expect(await resolveAppUrl('app://outpost/my%20file.txt', root)).toMatchObject({
      kind: 'file',
      path: path.join(root, 'my file.txt'),
    });
    expect(await resolveAppUrl('app://outpost/icon.svg?v=1#x', root)).toMatchObject({
      kind: 'file',
      path: path.join(root, 'favicon.svg'),
      contentType: 'image/svg+xml',
    });
  });

  it('falls back to index.html for routes, but not for missing assets', async () => {
    for (const url of [
      'app://outpost/',
      'app://outpost',
      'app://outpost/projects/12',
      'app://outpost/assets',
    ])
      expect(await resolveAppUrl(url, root)).toMatchObject({
        kind: 'file',
        path: path.join(root, 'index.html'),
        html: true,
      });
    expect(await resolveAppUrl('app://outpost/assets/gone.js', root)).toMatchObject({
      kind: 'refused',
      status: 404,
    });
  });

  it.each([
    'app://outpost/..%2fsecret.txt',
    'app://outpost/assets/..%2F..%2Fsecret.txt',
    'app://outpost/..%5csecret.txt',
    'app://outpost/a\\..\\..\\secret.txt',
    'app://outpost/index.html%00.js',
    'app://outpost/%E0%A4%A',
    'app://outpost/C:/Windows/win.ini',
  ])('refuses traversal and odd segments: %s', async (url) => {
    expect(await resolveAppUrl(url, root)).toMatchObject({ kind: 'refused', status: 400 });
  });

  it.each([
    'app://outpost/../../etc/passwd',
    'app://outpost/%2e%2e/secret.txt',
    'app://outpost/%2E%2E/%2e%2e/etc/passwd',
    'app://outpost/assets/../../secret.txt',
    'app://outpost//etc/passwd',
    'app://outpost/%2fetc/passwd',
  ])('never serves a file outside the directory: %s', async (url) => {
    // WHATWG URL parsing folds `..` and `%2e%2e` segments (Chromium does the same for a standard
    // scheme), so what is left is looked up inside the root: a missing asset or the app's index.html.
    const r = await resolveAppUrl(url, root);
    if (r.kind === 'file') expect(r.path).toBe(path.join(root, 'index.html'));
    else expect([400, 404]).toContain(r.status);
  });

  it('refuses symlinks that lead out of the directory', async () => {
    expect(await resolveAppUrl('app://outpost/assets/leak.js', root)).toMatchObject({
      kind: 'refused',
      status: 403,
    });
    expect(await resolveAppUrl('app://outpost/up/secret.txt', root)).toMatchObject({
      kind: 'refused',
      status: 403,
    });
  });

  it.each([
    'file:///etc/passwd',
    'app://evil/index.html',
    'app://outpost:8080/index.html',
    'app://user:pw@outpost/index.html',
    'https://outpost/index.html',
    'not a url',
  ])('refuses other origins: %s', async (url) => {
    expect(await resolveAppUrl(url, root)).toMatchObject({ kind: 'refused', status: 400 });
  });
});

describe('appProtocolResponse', () => {
  it('sends HTML with the CSP and security headers', async () => {
    const res = await appProtocolResponse({ url: APP_INDEX_URL, method: 'GET' }, root);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await res.text()).toBe('<!doctype html><title>Outpost</title>');
  });

  it('sends assets with their type and bytes; HEAD has no body', async () => {
    const font = await appProtocolResponse({ url: 'app://outpost/assets/font.woff2', method: 'GET' }, root);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect(font.headers.get('content-security-policy')).toBeNull();
    expect(Buffer.from(await font.arrayBuffer())).toEqual(Buffer.from([0x77, 0x4f, 0x46, 0x32]));
    const head = await appProtocolResponse(
      { url: 'app://outpost/assets/index-abc.css', method: 'HEAD' },
      root,
    );
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('6');
    expect(await head.text()).toBe('');
  });

  it('answers refusals with their status and no file content', async () => {
    const leak = await appProtocolResponse({ url: 'app://outpost/assets/leak.js', method: 'GET' }, root);
    expect(leak.status).toBe(403);
    expect(await leak.text()).not.toContain('do not serve');
    const traversal = await appProtocolResponse(
      { url: 'app://outpost/..%2fsecret.txt', method: 'GET' },
      root,
    );
    expect(traversal.status).toBe(400);
    const folded = await appProtocolResponse({ url: 'app://outpost/%2e%2e/secret.txt', method: 'GET' }, root);
    expect(folded.status).toBe(404);
    const post = await appProtocolResponse({ url: APP_INDEX_URL, method: 'POST' }, root);
    expect(post.status).toBe(405);
    const unbuilt = await appProtocolResponse({ url: APP_INDEX_URL, method: 'GET' }, path.join(base, 'nope'));
    expect(unbuilt.status).toBe(404);
  });
});

describe('helpers', () => {
  it('mimeTypeFor knows the build output and defaults to octet-stream', () => {
    expect(mimeTypeFor('/x/a.MJS')).toBe('text/javascript; charset=utf-8');
    expect(mimeTypeFor('/x/a.png')).toBe('image/png');
    expect(mimeTypeFor('/x/a.bin')).toBe('application/octet-stream');
    expect(mimeTypeFor('/x/noext')).toBe('application/octet-stream');
  });

  it('safePathSegments decodes and rejects', () => {
    expect(safePathSegments('/assets//a%20b.js')).toEqual(['assets', 'a b.js']);
    expect(safePathSegments('/%2e/x')).toBeNull();
    expect(safePathSegments('/a%2Fb')).toBeNull();
  });

  it('classifyNavigation keeps the app in app://outpost and sends only http(s) out', () => {
    expect(classifyNavigation('app://outpost/index.html#/projects')).toBe('in-app');
    expect(classifyNavigation('app://other/index.html')).toBe('blocked');
    expect(classifyNavigation('https://gitlab.com/help')).toBe('external');
    expect(classifyNavigation('file:///etc/passwd')).toBe('blocked');
    expect(classifyNavigation('javascript:alert(1)')).toBe('blocked');
    expect(classifyNavigation('data:text/html,x')).toBe('blocked');
    expect(classifyNavigation('nonsense')).toBe('blocked');
  });
});
