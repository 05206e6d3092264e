/**
 * `copyTreeVerified` (issue 17): a real directory tree in a temp dir — small files, a 6 MiB file
 * (compared while it copies), a symbolic link, nested directories, a read-only file — copied and proven
 * identical; and a copy damaged through the `afterFile` seam (other bytes in a file compared with
 * synchronous reads and in one compared through the thread pool, truncated, removed, grown)
 * fails with the difference named.
 */
import { randomBytes } from 'node:crypto';
import {
  appendFile,
  chmod,
  mkdir,
  mkdtemp,
  readFile,
  rm,
  symlink,
  truncate,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CopyVerificationError,
  copyTreeVerified,
  directorySize,
  firstTreeDifference,
} from './repository-copy.js';

const BIG = 'objects/pack/pack-big.pack';

describe('copyTreeVerified', () => {
  let root: string;
  let src: string;
  let n = 0;
  const target = () => path.join(root, 'copies', `copy-${++n}.git`);

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'outpost-copy-'));
    src = path.join(root, 'src.git');
    await mkdir(path.join(src, 'objects', 'pack'), { recursive: true });
    await mkdir(path.join(src, 'refs', 'heads'), { recursive: true });
    await writeFile(path.join(src, 'HEAD'), 'ref: refs/heads/main\n');
    await writeFile(path.join(src, 'refs', 'heads', 'main'), `${'a'.repeat(40)}\n`);
    await writeFile(path.join(src, 'objects', 'pack', 'pack-big.idx'), randomBytes(300 * 1024));
    await writeFile(path.join(src, BIG), randomBytes(6 * 1024 * 1024 + 123));
    await chmod(path.join(src, BIG), 0o444);
    await symlink('refs/heads/main', path.join(src, 'link'));
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('copies a tree and proves it identical: every byte, mode and link', async () => {
    const dst = target();
    const seen: string[] = [];
    let bytes = 0;
    await copyTreeVerified(src, dst, {
      onBytes: (b) => (bytes += b),
      afterFile: async (rel) => {
        seen.push(rel);
      },
    });
    expect(await firstTreeDifference(src, dst)).toBeNull();
    expect((await readFile(path.join(dst, BIG))).equals(await readFile(path.join(src, BIG)))).toBe(true);
    expect(bytes).toBe(await directorySize(src));
    expect(seen.sort()).toEqual(['HEAD', 'objects/pack/pack-big.idx', BIG, 'refs/heads/main'].sort());
  });

  it.each([
    ['other bytes in a small file', 'rewrite', 'refs/heads/main', 'has other bytes'],
    ['other bytes in a 300 KiB file', 'flip', 'objects/pack/pack-big.idx', 'has other bytes'],
    ['a truncated file', 'truncate', 'objects/pack/pack-big.idx', 'has another size'],
    ['a removed file', 'remove', 'HEAD', 'is missing'],
    ['a large file that grew after its comparison', 'append', BIG, 'has another size'],
  ])('fails on %s, naming it', async (_what, how, file, words) => {
    const dst = target();
    const damage = async (p: string) => {
      await chmod(p, 0o644);
      if (how === 'rewrite') await writeFile(p, `${'b'.repeat(40)}\n`);
      else if (how === 'flip') {
        const bytes = await readFile(p);
        bytes[200_000] = bytes[200_000]! ^ 0xff;
        await writeFile(p, bytes);
      } else if (how === 'remove') await rm(p);
      else if (how === 'append') {
        await appendFile(p, 'x');
        await chmod(p, 0o444); // its mode as copied: only the size differs
      } else await truncate(p, 1000);
    };
    const err = await copyTreeVerified(src, dst, {
      afterFile: async (rel) => {
        if (rel === file) await damage(path.join(dst, rel));
      },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CopyVerificationError);
    expect((err as Error).message).toBe(`the copy differs from the original: ${file} ${words}`);
  });
});
