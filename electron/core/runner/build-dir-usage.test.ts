/**
 * The build directory's disk use walk and watchdog (build-dir-usage.ts), on real files in the OS temp
 * directory: symlinks (to a big host file, to a host directory) are never followed, sparse files count
 * the blocks they occupy, hard links count once, the entry and depth bounds are violations, and the
 * watchdog reports a tree that grows past its cap.
 */
import { execFileSync } from 'node:child_process';
import {
  link,
  mkdir,
  mkdtemp,
  rename,
  rm,
  stat,
  statfs,
  symlink,
  truncate,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildDirLimitMessage,
  DEFAULT_MIN_FREE_BYTES,
  measureDiskUsage,
  watchBuildDir,
} from './build-dir-usage.js';
import type { BuildDirViolation } from './build-dir-usage.js';

const MiB = 1024 * 1024;

/** Bytes `du` says the tree uses (GNU du: apparent size off, hard links once, symlinks not followed). */
function du(dir: string): number {
  return Number(execFileSync('du', ['-s', '-B1', dir], { encoding: 'utf8' }).split('\t')[0]);
}

describe('measureDiskUsage', () => {
  let root: string;
  let outside: string;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'outpost-usage-test-'));
    outside = await mkdtemp(path.join(os.tmpdir(), 'outpost-usage-outside-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  it('counts allocated blocks of the files and directories, like du', async () => {
    await mkdir(path.join(root, 'a/b/c'), { recursive: true });
    await writeFile(path.join(root, 'a/one'), Buffer.alloc(3 * MiB, 1));
    await writeFile(path.join(root, 'a/b/c/two'), Buffer.alloc(MiB + 17, 2));
    await writeFile(path.join(root, 'small'), 'x');
    const usage = await measureDiskUsage(root);
    expect(usage.truncated).toBeNull();
    // root, a, one, b, c, two, small
    expect(usage.entries).toBe(7);
    expect(usage.bytes).toBeGreaterThanOrEqual(4 * MiB + 17);
    if (process.platform === 'linux') expect(usage.bytes).toBe(du(root));
  });

  it('never follows a symlink to a host file or directory', async () => {
    await writeFile(path.join(outside, 'big'), Buffer.alloc(8 * MiB, 3));
    await mkdir(path.join(outside, 'dir'));
    await writeFile(path.join(outside, 'dir', 'inner'), Buffer.alloc(2 * MiB, 4));
    const empty = await measureDiskUsage(root);
    await symlink(path.join(outside, 'big'), path.join(root, 'link-to-file'));
    await symlink(path.join(outside, 'dir'), path.join(root, 'link-to-dir'));
    await symlink('/', path.join(root, 'link-to-slash'));
    const usage = await measureDiskUsage(root);
    expect(usage.entries).toBe(4); // the root and three links, nothing behind them
    expect(usage.bytes).toBeLessThan(empty.bytes + 64 * 1024);
    expect(usage.truncated).toBeNull();
  });

  it('never counts what is behind a directory swapped for a symlink while it walks', async () => {
    // A job racing the walk: `d` flips between a real (empty) directory and a symlink to a host
    // directory holding 16 MiB. Whatever the walk meets, it never descends into the host directory.
    await writeFile(path.join(outside, 'host-file'), Buffer.alloc(16 * MiB, 7));
    await mkdir(path.join(root, 'd'));
    await mkdir(path.join(root, 'd', 'sub'));
    await symlink(outside, path.join(root, 's'));
    let racing = true;
    const race = (async () => {
      let flips = 0;
      while (racing) {
        await rename(path.join(root, 'd'), path.join(root, 'real'));
        await rename(path.join(root, 's'), path.join(root, 'd'));
        await new Promise((r) => setImmediate(r));
        await rename(path.join(root, 'd'), path.join(root, 's'));
        await rename(path.join(root, 'real'), path.join(root, 'd'));
        flips += 1;
      }
      return flips;
    })();
    let most = 0;
    try {
      for (let i = 0; i < 200; i += 1) most = Math.max(most, (await measureDiskUsage(root)).bytes);
    } finally {
      racing = false;
    }
    expect(await race).toBeGreaterThan(10);
    expect(most).toBeLessThan(MiB);
  });

  it('reports a directory it may not read (a job hiding files behind chmod 000)', () => {
    // The core runs as the job's owner: as root (this CI machine) permissions never stop it, so the
    // walk runs as an unprivileged uid, as on a desktop, in a child process.
    const script = `
      import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
      const { measureDiskUsage, buildDirLimitMessage } = await import(${JSON.stringify(
        path.join(import.meta.dirname, 'build-dir-usage.ts'),
      )});
      const root = mkdtempSync('/tmp/outpost-usage-unreadable-');
      mkdirSync(root + '/hidden');
      writeFileSync(root + '/hidden/f', Buffer.alloc(4 << 20, 1));
      const open = await measureDiskUsage(root);
      chmodSync(root + '/hidden', 0);
      const closed = await measureDiskUsage(root);
      chmodSync(root + '/hidden', 0o700);
      console.log(JSON.stringify({ open, closed, message: buildDirLimitMessage(32, closed), root }));
    `;
    const asRoot = process.getuid?.() === 0;
    const argv = [process.execPath, '--experimental-strip-types', '--input-type=module', '-e', script];
    const cmd = asRoot ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', ...argv] : argv;
    const out = execFileSync(cmd[0]!, cmd.slice(1), { encoding: 'utf8', cwd: '/' });
    const r = JSON.parse(out.trim().split('\n').pop()!) as {
      open: { bytes: number; truncated: string | null };
      closed: { bytes: number; truncated: string | null };
      message: string;
      root: string;
    };
    execFileSync('rm', ['-rf', r.root]);
    expect(r.open).toMatchObject({ truncated: null });
    expect(r.open.bytes).toBeGreaterThanOrEqual(4 * MiB);
    expect(r.closed.truncated).toBe('unreadable');
    expect(r.message).toBe(
      'the build directory exceeded its limit of 32 MiB (a directory in it cannot be read: its permissions were removed)',
    );
  });

  it('refuses a root that is a symlink', async () => {
    const link = path.join(outside, 'root-link');
    await symlink(root, link);
    await expect(measureDiskUsage(link)).rejects.toMatchObject({
      code: expect.stringMatching(/ELOOP|ENOTDIR/),
    });
  });

  it('counts a sparse file by the blocks it occupies, not its size', async () => {
    const sparse = path.join(root, 'sparse');
    await writeFile(sparse, '');
    await truncate(sparse, 1024 * MiB); // 1 GiB of hole
    expect((await stat(sparse)).size).toBe(1024 * MiB);
    const usage = await measureDiskUsage(root);
    expect(usage.bytes).toBeLessThan(MiB);
    await writeFile(path.join(root, 'dense'), Buffer.alloc(2 * MiB, 5));
    expect((await measureDiskUsage(root)).bytes).toBeGreaterThanOrEqual(2 * MiB);
  });

  it('counts a file with several hard links once', async () => {
    await writeFile(path.join(root, 'f'), Buffer.alloc(4 * MiB, 6));
    const one = await measureDiskUsage(root);
    for (let i = 0; i < 10; i += 1) await link(path.join(root, 'f'), path.join(root, `f${i}`));
    const linked = await measureDiskUsage(root);
    expect(linked.entries).toBe(one.entries + 10);
    expect(linked.bytes).toBe(one.bytes);
  });

  it('stops at its entry bound and says so', async () => {
    await mkdir(path.join(root, 'd'));
    for (let i = 0; i < 150; i += 1) await writeFile(path.join(root, 'd', `f${i}`), '');
    const all = await measureDiskUsage(root, { maxEntries: 1000 });
    expect(all).toMatchObject({ entries: 152, truncated: null });
    const capped = await measureDiskUsage(root, { maxEntries: 100 });
    expect(capped).toMatchObject({ entries: 100, truncated: 'entries' });
    expect(buildDirLimitMessage(32, capped)).toBe(
      'the build directory exceeded its limit of 32 MiB (too many files: more than 99 entries)',
    );
  });

  it('stops at its depth bound and says so', async () => {
    await mkdir(path.join(root, ...Array.from({ length: 12 }, () => 'x')), { recursive: true });
    expect((await measureDiskUsage(root, { maxDepth: 20 })).truncated).toBeNull();
    expect((await measureDiskUsage(root, { maxDepth: 5 })).truncated).toBe('depth');
  });
});

describe('watchBuildDir', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'outpost-watch-test-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('reports once when the tree grows past its cap, and not before', async () => {
    await writeFile(path.join(root, 'a'), Buffer.alloc(MiB, 1));
    const seen: BuildDirViolation[] = [];
    const dog = watchBuildDir(root, 4, { intervalMs: 20, onExceeded: (v) => seen.push(v) });
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect(seen).toHaveLength(0);
      for (let i = 0; i < 5; i += 1) await writeFile(path.join(root, `b${i}`), Buffer.alloc(MiB, 2));
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
      const used = /^the build directory exceeded its limit of 4 MiB \((\d+) MiB used\)$/.exec(
        seen[0]!.message,
      );
      expect(Number(used?.[1])).toBeGreaterThan(4);
      expect(seen[0]!.usage!.bytes).toBeGreaterThan(4 * MiB);
      expect(dog.violation).toBe(seen[0]);
      await new Promise((r) => setTimeout(r, 100));
      expect(seen).toHaveLength(1);
    } finally {
      dog.stop();
    }
  });

  it('stops at the disk free-space floor, whatever the tree holds', async () => {
    const { bavail, bsize } = await statfs(root);
    const free = bavail * bsize;
    const under = watchBuildDir(root, 1024, { intervalMs: 60_000, onExceeded: () => {} });
    expect(await under.check()).toBeNull(); // default floor: 1 GiB, this disk has more
    expect(free).toBeGreaterThan(DEFAULT_MIN_FREE_BYTES);
    const floor = free + 1024 ** 4; // more than the disk has free
    const seen: BuildDirViolation[] = [];
    const dog = watchBuildDir(root, 1024, {
      intervalMs: 20,
      minFreeBytes: floor,
      onExceeded: (v) => seen.push(v),
    });
    try {
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
    } finally {
      dog.stop();
    }
    expect(seen[0]!.usage).toBeNull();
    expect(seen[0]!.message).toMatch(
      new RegExp(
        `^the disk holding the build directory has less than ${Math.floor(floor / MiB)} MiB free \\(\\d+ MiB left\\)$`,
      ),
    );
  });

  it('check() measures once more and a missing root counts as empty', async () => {
    const dog = watchBuildDir(path.join(root, 'not-yet'), 1, { intervalMs: 60_000, onExceeded: () => {} });
    expect(await dog.check()).toBeNull();
    const dog2 = watchBuildDir(root, 1, { intervalMs: 60_000, onExceeded: () => {} });
    await writeFile(path.join(root, 'f'), Buffer.alloc(2 * MiB, 1));
    expect((await dog2.check())?.message).toMatch(/limit of 1 MiB/);
  });
});

describe('removeBuildTree', () => {
  it('removes a tree whose directories lost their owner permissions, never touching a symlink target', () => {
    // As an unprivileged uid (permissions never stop root): a job's `chmod 000` leaves a tree `rm -r`
    // cannot remove; removeBuildTree gives the directories back u+rwx and removes it, and a symlink to a
    // directory outside keeps its target and the target's mode.
    const script = `
      import { chmodSync, existsSync, mkdirSync, mkdtempSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
      import { rm } from 'node:fs/promises';
      const { removeBuildTree } = await import(${JSON.stringify(path.join(import.meta.dirname, 'build-dir-usage.ts'))});
      const outside = mkdtempSync('/tmp/outpost-remove-outside-');
      writeFileSync(outside + '/keep', 'x');
      chmodSync(outside, 0o500);
      const root = mkdtempSync('/tmp/outpost-remove-');
      mkdirSync(root + '/a/b/c', { recursive: true });
      writeFileSync(root + '/a/b/c/f', 'x');
      symlinkSync(outside, root + '/a/link');
      chmodSync(root + '/a/b/c', 0);
      chmodSync(root + '/a/b', 0o100);
      chmodSync(root + '/a', 0);
      let plain = 'removed';
      try { await rm(root, { recursive: true, force: true }); } catch (e) { plain = e.code; }
      await removeBuildTree(root);
      const mode = (statSync(outside).mode & 0o777).toString(8);
      chmodSync(outside, 0o700);
      console.log(JSON.stringify({ plain, gone: !existsSync(root), kept: existsSync(outside + '/keep'), mode, outside }));
    `;
    const asRoot = process.getuid?.() === 0;
    const argv = [process.execPath, '--experimental-strip-types', '--input-type=module', '-e', script];
    const cmd = asRoot ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', ...argv] : argv;
    const out = execFileSync(cmd[0]!, cmd.slice(1), { encoding: 'utf8', cwd: '/' });
    const r = JSON.parse(out.trim().split('\n').pop()!) as {
      plain: string;
      gone: boolean;
      kept: boolean;
      mode: string;
      outside: string;
    };
    execFileSync('rm', ['-rf', r.outside]);
    expect(r.plain).toBe('EACCES');
    expect(r.gone).toBe(true);
    expect(r.kept).toBe(true);
    expect(r.mode).toBe('500');
  });
});
