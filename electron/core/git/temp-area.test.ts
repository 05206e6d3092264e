import { existsSync, lstatSync, mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitTempRoot, LEGACY_MIN_AGE_MS, makeGitTempDir, sweepLegacyGitTempSync } from './temp-area.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-temp-area-'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

describe('makeGitTempDir', () => {
  it('makes a fresh 0700 directory inside a 0700 area, a new one every call', async () => {
    const area = gitTempRoot(path.join(dir, 'data'));
    const a = await makeGitTempDir(area, 'index-');
    const b = await makeGitTempDir(area, 'index-');
    expect(a).not.toBe(b);
    for (const d of [area, a, b]) expect(lstatSync(d).mode & 0o777).toBe(0o700);
    expect(path.dirname(a)).toBe(area);
  });

  it('replaces an area that is a symlink by a real directory, leaving the target alone', async () => {
    const outside = path.join(dir, 'outside');
    mkdirSync(outside);
    const area = path.join(dir, 'area');
    symlinkSync(outside, area);
    const made = await makeGitTempDir(area, 'index-');
    expect(lstatSync(area).isDirectory()).toBe(true);
    expect(path.dirname(made)).toBe(area);
    expect(existsSync(path.join(outside, path.basename(made)))).toBe(false);
  });
});

describe('sweepLegacyGitTempSync', () => {
  const uuid = () =>
    '01234567-89ab-cdef-0123-456789abcdef'.replace(/0/g, () => String(Math.floor(Math.random() * 10)));

  it('removes abandoned outpost-index/outpost-rebase entries of this user, keeps fresh and foreign-named ones', () => {
    const now = Date.now();
    const old = (now - LEGACY_MIN_AGE_MS - 60_000) / 1000;
    const staleIndex = path.join(dir, `outpost-index-${uuid()}`);
    const staleLock = path.join(dir, `outpost-index-${uuid()}.lock`);
    const staleRebase = path.join(dir, `outpost-rebase-${uuid()}`);
    const fresh = path.join(dir, `outpost-index-${uuid()}`);
    const other = path.join(dir, 'outpost-index-not-a-uuid');
    const outside = path.join(dir, 'outside');
    const link = path.join(dir, `outpost-rebase-${uuid()}`);
    for (const f of [staleIndex, staleLock, fresh, other]) writeFileSync(f, 'DIRC');
    mkdirSync(path.join(staleRebase, 'src'), { recursive: true });
    writeFileSync(path.join(staleRebase, 'src', 'a.txt'), 'a');
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'keep.txt'), 'keep');
    symlinkSync(outside, link);
    for (const f of [staleIndex, staleLock, staleRebase, other]) utimesSync(f, old, old);

    expect(sweepLegacyGitTempSync(dir, now)).toBe(3);
    for (const f of [staleIndex, staleLock, staleRebase]) expect(existsSync(f)).toBe(false);
    for (const f of [fresh, other, link, path.join(outside, 'keep.txt')]) expect(existsSync(f)).toBe(true);
  });

  it('a missing temp dir sweeps nothing', () => {
    expect(sweepLegacyGitTempSync(path.join(dir, 'nope'))).toBe(0);
  });
});
