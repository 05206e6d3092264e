/**
 * Avatars over real HTTP (services/avatars, routes/avatars.ts): multipart `avatar` on POST/PUT
 * /projects/:id, PUT /groups/:id, PUT /users/:id and PUT /user/avatar is checked (images only, 200 KB),
 * stored under the data dir (0600 file, 0700 directories) and served at the `avatar_url` the JSON returns;
 * a refused avatar changes nothing; access to a private project's avatar follows the project's.
 */
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDataDir } from '../../backup/backup-data-dir.js';
import { restoreDataDir } from '../../backup/restore-data-dir.js';
import { ROOT_TOKEN, createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

/** A real PNG of `w`×`h` pixels (noise rows, so its size grows with the area). */
function png(w: number, h: number, seed = 1): Buffer {
  const crc32 = (buf: Buffer) => {
    let c = ~0;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  let x = seed;
  const raw = Buffer.alloc(h * (1 + w * 3));
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = i % (1 + w * 3) === 0 ? 0 : x & 0xff;
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const FORMAT_ERROR =
  'file format is not supported. Please try one of the following supported formats: png, jpg, jpeg, gif, bmp, tiff, ico, webp';

describe('avatars', () => {
  let t: TestCore;

  beforeAll(async () => {
    t = await startTestCore();
  });
  afterAll(async () => t.close());

  /** A multipart request with text fields and one `avatar` file. */
  async function send(
    method: string,
    apiPath: string,
    file: { name: string; data: Buffer; type?: string } | null,
    fields: Record<string, string> = {},
    token: string | null = ROOT_TOKEN,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    if (file) fd.append('avatar', new Blob([file.data], { type: file.type ?? 'image/png' }), file.name);
    const headers: Record<string, string> = token ? { 'PRIVATE-TOKEN': token } : {};
    const res = await fetch(`${t.url}/api/v4${apiPath}`, { method, headers, body: fd });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async function download(url: string, token: string | null = ROOT_TOKEN) {
    const res = await fetch(url, { headers: token ? { 'PRIVATE-TOKEN': token } : {} });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      data: Buffer.from(await res.arrayBuffer()),
    };
  }

  it('a project avatar is stored privately under the data dir and served at its avatar_url', async () => {
    const image = png(8, 8);
    const created = await send(
      'POST',
      '/projects',
      { name: 'logo.png', data: image },
      { name: 'with-avatar' },
    );
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(created.body.avatar_url).toBe(`${t.url}/uploads/-/system/project/avatar/${id}/logo.png`);

    const got = await download(created.body.avatar_url as string);
    expect(got).toMatchObject({ status: 200, type: 'image/png' });
    expect(got.data.equals(image)).toBe(true);

    const file = path.join(t.dataDir, 'uploads', '-', 'system', 'project', 'avatar', String(id), 'logo.png');
    expect(readFileSync(file).equals(image)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(t.dataDir, 'uploads')).mode & 0o777).toBe(0o700);

    // Replacing it: the new one is served, the old URL is gone, GET /projects/:id says the new URL.
    const other = png(4, 4, 7);
    const put = await send(
      'PUT',
      `/projects/${id}`,
      { name: 'new logo!.png', data: other },
      { description: 'x' },
    );
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      description: 'x',
      avatar_url: `${t.url}/uploads/-/system/project/avatar/${id}/new_logo_.png`,
    });
    expect((await download(put.body.avatar_url as string)).data.equals(other)).toBe(true);
    expect((await download(created.body.avatar_url as string)).status).toBe(404);
    const shown = await t.api<{ avatar_url: string }>('GET', `/projects/${id}`);
    expect(shown.body.avatar_url).toBe(put.body.avatar_url);

    // A private project's avatar is for those who can read the project.
    expect((await download(put.body.avatar_url as string, null)).status).toBe(404);
    const stranger = await createUserWithToken(t);
    expect((await download(put.body.avatar_url as string, stranger.token)).status).toBe(404);
  });

  it('refuses anything but an image of at most 200 KB, changing nothing', async () => {
    const p = await t.api<{ id: number; description: string }>('POST', '/projects', {
      json: { name: 'refusals', description: 'before' },
    });
    const cases: [{ name: string; data: Buffer }, string][] = [
      [{ name: 'notes.txt', data: Buffer.from('hello') }, FORMAT_ERROR],
      [{ name: 'fake.png', data: Buffer.from('not an image at all') }, FORMAT_ERROR],
      [{ name: 'drawing.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }, FORMAT_ERROR],
      [{ name: 'named-wrong.gif', data: png(2, 2) }, FORMAT_ERROR],
      [{ name: 'huge.png', data: png(270, 270) }, 'is too big (should be at most 200 KB)'],
    ];
    expect(png(270, 270).length).toBeGreaterThan(200 * 1024);
    for (const [file, message] of cases) {
      const res = await send('PUT', `/projects/${p.body.id}`, file, { description: 'after' });
      expect(res, file.name).toEqual({ status: 400, body: { message: { avatar: [message] } } });
    }
    const now = await t.api<{ description: string; avatar_url: string | null }>(
      'GET',
      `/projects/${p.body.id}`,
    );
    expect(now.body).toMatchObject({ description: 'before', avatar_url: null });
    // Exactly 200 KB is fine.
    const limit = png(8, 8);
    const padded = Buffer.concat([limit, Buffer.alloc(200 * 1024 - limit.length)]);
    expect((await send('PUT', `/projects/${p.body.id}`, { name: 'edge.png', data: padded })).status).toBe(
      200,
    );
    // An `avatar` that is not a file.
    const plain = await t.api('PUT', `/projects/${p.body.id}`, { json: { avatar: 'logo.png' } });
    expect(plain).toMatchObject({ status: 400, body: { error: 'avatar is invalid' } });
  });

  it('groups, users (as administrator) and the caller (PUT /user/avatar)', async () => {
    const g = await t.api<{ id: number }>('POST', '/groups', {
      json: { name: 'Pictured', path: 'pictured', visibility: 'public' },
    });
    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(30)]);
    const group = await send('PUT', `/groups/${g.body.id}`, {
      name: 'team.gif',
      data: gif,
      type: 'image/gif',
    });
    expect(group.status).toBe(200);
    expect(group.body.avatar_url).toBe(`${t.url}/uploads/-/system/group/avatar/${g.body.id}/team.gif`);
    // A public group's avatar is public.
    expect(await download(group.body.avatar_url as string, null)).toMatchObject({
      status: 200,
      type: 'image/gif',
    });

    const user = await createUserWithToken(t, { username: 'pictured-user' });
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40)]);
    const byAdmin = await send('PUT', `/users/${user.id}`, {
      name: 'me.jpg',
      data: jpeg,
      type: 'image/jpeg',
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.avatar_url).toBe(`${t.url}/uploads/-/system/user/avatar/${user.id}/me.jpg`);
    expect(await download(byAdmin.body.avatar_url as string, null)).toMatchObject({
      status: 200,
      type: 'image/jpeg',
    });

    const own = await send('PUT', '/user/avatar', { name: 'self.png', data: png(3, 3) }, {}, user.token);
    expect(own).toEqual({
      status: 200,
      body: { avatar_url: `${t.url}/uploads/-/system/user/avatar/${user.id}/self.png` },
    });
    const me = await t.api<{ avatar_url: string }>('GET', '/user', { token: user.token });
    expect(me.body.avatar_url).toBe(own.body.avatar_url);
    expect(await send('PUT', '/user/avatar', null, { other: '1' }, user.token)).toEqual({
      status: 400,
      body: { error: 'avatar is missing' },
    });
    expect((await send('PUT', '/user/avatar', { name: 'a.png', data: png(2, 2) }, {}, null)).status).toBe(
      401,
    );
    // Only administrators change other users.
    expect(
      (await send('PUT', `/users/${user.id}`, { name: 'x.png', data: png(2, 2) }, {}, user.token)).status,
    ).toBe(403);
  });

  it('avatars survive a restart, and a backup restored into a new data dir', async () => {
    const p = await send('POST', '/projects', { name: 'kept.png', data: png(5, 5) }, { name: 'kept' });
    const id = p.body.id as number;
    await t.stop();
    t = await startTestCore({ dataDir: t.dataDir });
    const shown = await t.api<{ avatar_url: string }>('GET', `/projects/${id}`);
    expect(shown.body.avatar_url).toBe(`${t.url}/uploads/-/system/project/avatar/${id}/kept.png`);
    expect((await download(shown.body.avatar_url)).status).toBe(200);

    const tmp = await mkdtemp(path.join(os.tmpdir(), 'outpost-avatar-backup-'));
    try {
      const manifest = await backupDataDir({ dataDir: t.dataDir, destination: path.join(tmp, 'backup') });
      expect(manifest.files).toContain(`uploads/-/system/project/avatar/${id}/kept.png`);
      await restoreDataDir({ backup: path.join(tmp, 'backup'), dataDir: path.join(tmp, 'restored') });
      const restored = await startTestCore({ dataDir: path.join(tmp, 'restored') });
      try {
        const again = await restored.api<{ avatar_url: string }>('GET', `/projects/${id}`);
        const got = await fetch(again.body.avatar_url, { headers: { 'PRIVATE-TOKEN': ROOT_TOKEN } });
        expect(got.status).toBe(200);
        expect(Buffer.from(await got.arrayBuffer()).equals(png(5, 5))).toBe(true);
        const file = path.join(
          tmp,
          'restored',
          'uploads',
          '-',
          'system',
          'project',
          'avatar',
          String(id),
          'kept.png',
        );
        expect(statSync(file).mode & 0o777).toBe(0o600);
      } finally {
        await restored.stop();
      }
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });
});
