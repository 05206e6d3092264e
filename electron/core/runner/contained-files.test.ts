/**
 * The contained reader and writer (issue 25) against a real filesystem: symlinked roots, components and
 * files, a FIFO (refused without blocking), a 50 MB sparse file under a 1 MB cap (refused, and the capped
 * read itself stops at the cap), `..` escapes, and exclusive creation of the runner's files.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findArtifactFiles } from './artifact-files.js';
import {
  ContainmentError,
  createPrivateDir,
  openContainedDir,
  readCapped,
  splitRelativePath,
  writeNewFile,
} from './contained-files.js';

const onPosix = process.platform !== 'win32';
let base: string;
let host: string;
const SECRET = `host-secret-${Math.random().toString(36).slice(2)}`;

beforeAll(() => {
  base = mkdtempSync(path.join(os.tmpdir(), 'outpost-contained-'));
  host = mkdtempSync(path.join(os.tmpdir(), 'outpost-contained-host-'));
  writeFileSync(path.join(host, 'secret.xml'), `<testsuite name="${SECRET}"/>`);
  // base/job/builds/g/p is the project directory.
  const project = path.join(base, 'job', 'builds', 'g', 'p');
  mkdirSync(path.join(project, 'reports', 'deep'), { recursive: true });
  writeFileSync(path.join(project, 'reports', 'a.xml'), '<testsuite name="a"/>');
  writeFileSync(path.join(project, 'reports', 'deep', 'b.xml'), '<testsuite name="b"/>');
  symlinkSync(path.join(host, 'secret.xml'), path.join(project, 'reports', 'link.xml'));
  symlinkSync(host, path.join(project, 'hostdir'));
  symlinkSync(host, path.join(project, 'reports', 'sub'));
  // The project directory of another "job" replaced by a symlink to the host directory.
  mkdirSync(path.join(base, 'evil', 'builds', 'g'), { recursive: true });
  symlinkSync(host, path.join(base, 'evil', 'builds', 'g', 'p'));
  // And one whose namespace directory is the symlink.
  mkdirSync(path.join(base, 'evil2', 'builds'), { recursive: true });
  mkdirSync(path.join(host, 'p'), { recursive: true });
  writeFileSync(path.join(host, 'p', 'secret.xml'), `<testsuite name="${SECRET}"/>`);
  symlinkSync(host, path.join(base, 'evil2', 'builds', 'g'));
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
  rmSync(host, { recursive: true, force: true });
});

describe('splitRelativePath', () => {
  it('accepts plain relative paths and refuses escapes', () => {
    expect(splitRelativePath('reports/a.xml')).toEqual(['reports', 'a.xml']);
    for (const bad of ['', '/etc/passwd', '../x', 'a/../../x', 'a/./b', 'a//b', 'a/', 'a\0b', '..'])
      expect(() => splitRelativePath(bad), bad).toThrow(ContainmentError);
  });
});

describe.runIf(onPosix)('openContainedDir', () => {
  it('opens the real project directory and reads files below it', async () => {
    const dir = await openContainedDir(base, 'job/builds/g/p');
    try {
      expect(dir.realPath).toBe(path.join(realpathSync(base), 'job/builds/g/p'));
      const a = await dir.readFile('reports/a.xml', 1024);
      expect(a).toEqual({ ok: true, data: Buffer.from('<testsuite name="a"/>') });
      const b = await dir.readFile('reports/deep/b.xml', 1024);
      expect(b.ok && b.data.toString()).toBe('<testsuite name="b"/>');
    } finally {
      await dir.close();
    }
  });

  it('refuses a symlinked project directory, and a symlinked component above it', async () => {
    const e1 = await openContainedDir(base, 'evil/builds/g/p').catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(ContainmentError);
    expect((e1 as ContainmentError).reason).toBe('symlink');
    expect((e1 as ContainmentError).message).toContain(path.join(base, 'evil/builds/g/p'));
    const e2 = await openContainedDir(base, 'evil2/builds/g/p').catch((e: unknown) => e);
    expect((e2 as ContainmentError).reason).toBe('symlink');
    expect((e2 as ContainmentError).where).toBe(path.join(base, 'evil2/builds/g'));
    expect(() => splitRelativePath('job/../evil')).toThrow(ContainmentError);
    await expect(openContainedDir(base, 'job/../../etc')).rejects.toBeInstanceOf(ContainmentError);
  });

  it('refuses a symlinked file, a symlinked directory component, `..` and absolute paths', async () => {
    const dir = await openContainedDir(base, 'job/builds/g/p');
    try {
      expect(await dir.readFile('reports/link.xml', 1024)).toMatchObject({ ok: false, reason: 'symlink' });
      expect(await dir.readFile('hostdir/secret.xml', 1024)).toMatchObject({ ok: false, reason: 'symlink' });
      expect(await dir.readFile('reports/sub/secret.xml', 1024)).toMatchObject({
        ok: false,
        reason: 'symlink',
      });
      for (const bad of [
        '../../../../evil/builds/g/p/secret.xml',
        'reports/../hostdir/secret.xml',
        path.join(host, 'secret.xml'),
      ])
        expect(await dir.readFile(bad, 1024), bad).toMatchObject({ ok: false, reason: 'invalid-path' });
      expect(await dir.readFile('reports/none.xml', 1024)).toMatchObject({ ok: false, reason: 'missing' });
      expect(await dir.readFile('reports', 1024)).toMatchObject({ ok: false, reason: 'not-a-regular-file' });
    } finally {
      await dir.close();
    }
  });

  it('refuses a FIFO without blocking on it', async () => {
    const project = path.join(base, 'job', 'builds', 'g', 'p');
    execFileSync('mkfifo', [path.join(project, 'reports', 'fifo.xml')]);
    const dir = await openContainedDir(base, 'job/builds/g/p');
    try {
      // A blocking open of a FIFO with no writer would never return; this must settle.
      expect(await dir.readFile('reports/fifo.xml', 1024)).toMatchObject({
        ok: false,
        reason: 'not-a-regular-file',
      });
    } finally {
      await dir.close();
      rmSync(path.join(project, 'reports', 'fifo.xml'));
    }
  });

  it('caps a huge file: refused as too large without reading it, and a capped read stops at the cap', async () => {
    const project = path.join(base, 'job', 'builds', 'g', 'p');
    const big = path.join(project, 'reports', 'big.xml');
    writeFileSync(big, '');
    truncateSync(big, 50 * 1024 * 1024); // 50 MB, sparse: no disk used
    const cap = 1024 * 1024;
    const dir = await openContainedDir(base, 'job/builds/g/p');
    try {
      const r = await dir.readFile('reports/big.xml', cap);
      expect(r).toMatchObject({ ok: false, reason: 'too-large' });
      expect(!r.ok && r.message).toContain('too large');
    } finally {
      await dir.close();
    }
    // The read loop itself (what runs when fstat's size understates a file) stops after cap + 1 bytes.
    global.gc?.();
    const before = process.memoryUsage();
    const h = await open(big, 'r');
    try {
      let read = 0;
      const counting = {
        read: async (buf: Buffer, off: number, len: number, pos: null) => {
          const r = await h.read(buf, off, len, pos);
          read += r.bytesRead;
          return r;
        },
      };
      expect(await readCapped(counting, cap)).toBeNull();
      // It read cap + 1 bytes to know the file is larger, not the 50 MB.
      expect(read).toBe(cap + 1);
    } finally {
      await h.close();
    }
    const after = process.memoryUsage();
    // Bounded memory: far below the file's 50 MB (a whole-file read would add at least that).
    expect(after.arrayBuffers + after.external - (before.arrayBuffers + before.external)).toBeLessThan(
      20 * 1024 * 1024,
    );
    const small = await open(path.join(project, 'reports', 'a.xml'), 'r');
    try {
      expect((await readCapped(small, cap))!.toString()).toBe('<testsuite name="a"/>');
    } finally {
      await small.close();
    }
    rmSync(big);
  });
});

describe.runIf(onPosix)('findArtifactFiles', () => {
  it('matches regular files only, never follows a symlinked directory, and reports the symlinks', async () => {
    const dir = await openContainedDir(base, 'job/builds/g/p');
    try {
      const found = await findArtifactFiles(dir, ['**/*.xml']);
      expect(found.files).toEqual(['reports/a.xml', 'reports/deep/b.xml']);
      expect(found.refused.map((r) => r.path).sort()).toEqual(['hostdir', 'reports/link.xml', 'reports/sub']);
      expect(found.truncated).toBe(false);
      const one = await findArtifactFiles(dir, ['**/*.xml'], { maxFiles: 1 });
      expect(one.files).toEqual(['reports/a.xml']);
      expect(one.truncated).toBe(true);
      const few = await findArtifactFiles(dir, ['**/*.xml'], { maxEntries: 2 });
      expect(few.truncated).toBe(true);
    } finally {
      await dir.close();
    }
  });
});

describe.runIf(onPosix)('createPrivateDir and writeNewFile', () => {
  it('creates a new 0700 directory, and refuses one that exists or is a symlink', async () => {
    const d = path.join(base, 'runner-a');
    await createPrivateDir(d);
    expect(statSync(d).mode & 0o777).toBe(0o700);
    await expect(createPrivateDir(d)).rejects.toThrow(/EEXIST/);
    const link = path.join(base, 'runner-link');
    symlinkSync(host, link);
    await expect(createPrivateDir(link)).rejects.toThrow(/EEXIST/);
  });

  it('writes new files only: a planted symlink is neither followed nor replaced', async () => {
    const d = path.join(base, 'runner-b');
    await createPrivateDir(d);
    const target = path.join(host, 'victim.txt');
    writeFileSync(target, 'original');
    symlinkSync(target, path.join(d, 'after_script.sh'));
    await expect(writeNewFile(d, 'after_script.sh', 'payload', 0o700)).rejects.toThrow(/EEXIST/);
    expect(readFileSync(target, 'utf8')).toBe('original');
    const f = await writeNewFile(d, 'step_script.sh', 'echo hi', 0o700);
    expect(readFileSync(f, 'utf8')).toBe('echo hi');
    expect(statSync(f).mode & 0o777).toBe(0o700);
    await expect(writeNewFile(d, 'step_script.sh', 'again', 0o700)).rejects.toThrow(/EEXIST/);
    await expect(writeNewFile(d, '../escape', 'x', 0o600)).rejects.toThrow(/invalid file name/);
    expect(existsSync(path.join(base, 'escape'))).toBe(false);
  });
});
