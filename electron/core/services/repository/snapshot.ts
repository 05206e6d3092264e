/**
 * A snapshot of a project's Git repository (doc/api/projects.md "Download snapshot of a Git repository";
 * lib/api/project_snapshots.rb, Gitaly's `RepositoryService.GetSnapshot`): an uncompressed tar of the bare
 * repository's `HEAD`, `packed-refs`, `refs/`, `objects/` (loose objects and packs) and `shallow`, as
 * Gitaly writes it, "possibly inconsistent" (files are read one after the other while pushes may go on; a
 * reader restores it with `tar -x` and `git fsck`). Symbolic links and other special files are left out.
 *
 * The tar is POSIX ustar; a name longer than ustar's 100 bytes gets a PAX `path` record before it.
 * Streamed file by file: memory stays one file chunk whatever the repository's size.
 */
import { createReadStream } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';
import { projectRepository } from '../refs/project-repository.js';

/** What Gitaly's GetSnapshot puts in the tar (internal/gitaly/service/repository/snapshot.go). */
const SNAPSHOT_ENTRIES = ['HEAD', 'packed-refs', 'refs', 'objects', 'shallow'] as const;

const BLOCK = 512;

/** The snapshot of `project`'s repository as a tar stream, and the file name Workhorse sends. */
export function projectSnapshot(
  ctx: ServiceContext,
  project: ProjectRow,
): { stream: Readable; fileName: string } {
  return { stream: snapshotTar(projectRepository(ctx, project).path), fileName: 'snapshot.tar' };
}

/** The snapshot tar of the bare repository at `repoPath` (see the module comment), as a stream. */
export function snapshotTar(repoPath: string): Readable {
  return Readable.from(tarEntries(repoPath));
}

/** The tar's blocks: every regular file and directory under the snapshot entries, then two zero blocks. */
async function* tarEntries(root: string): AsyncGenerator<Buffer> {
  for (const entry of SNAPSHOT_ENTRIES) yield* walk(root, entry);
  yield Buffer.alloc(BLOCK * 2);
}

/**
 * Under `objects/`, only what Gitaly's snapshot takes (its `objectFiles` patterns): loose objects and
 * pack files with their indexes (SHA-1 or SHA-256 names), so a push's quarantine directory, temporary
 * files or `info/alternates` never travel. Pure.
 */
export function inSnapshot(rel: string, isDirectory: boolean): boolean {
  if (!rel.startsWith('objects/')) return !rel.endsWith('.lock');
  if (isDirectory) return /^objects\/([0-9a-f]{2}|pack)$/.test(rel);
  return (
    /^objects\/[0-9a-f]{2}\/[0-9a-f]{38}(?:[0-9a-f]{24})?$/.test(rel) ||
    /^objects\/pack\/pack-[0-9a-f]{40}(?:[0-9a-f]{24})?\.(?:pack|idx)$/.test(rel)
  );
}

async function* walk(root: string, rel: string): AsyncGenerator<Buffer> {
  const full = path.join(root, rel);
  const st = await lstat(full).catch(() => null);
  if (!st || (rel.includes('/') && !inSnapshot(rel, st.isDirectory()))) return;
  const mtime = Math.floor(st.mtimeMs / 1000);
  if (st.isDirectory()) {
    yield* header(`${rel}/`, '5', 0, 0o755, mtime);
    const names = (await readdir(full).catch(() => [] as string[])).sort();
    for (const name of names) yield* walk(root, `${rel}/${name}`);
    return;
  }
  if (!st.isFile()) return;
  // The size read now is what the header promises: a file that grows meanwhile is cut, one that shrinks
  // (a pack being replaced) is padded with zeros, so the tar stays well formed.
  let left = st.size;
  yield* header(rel, '0', left, st.mode & 0o777, mtime);
  try {
    for await (const chunk of createReadStream(full, {
      end: Math.max(0, left - 1),
    }) as AsyncIterable<Buffer>) {
      if (left <= 0) break;
      const part = chunk.length > left ? chunk.subarray(0, left) : chunk;
      left -= part.length;
      yield part;
    }
  } catch {
    // Removed while reading (git gc): zeros for the rest below.
  }
  if (left > 0) yield Buffer.alloc(left);
  const pad = (BLOCK - (st.size % BLOCK)) % BLOCK;
  if (pad) yield Buffer.alloc(pad);
}

/** One ustar header block for `name` (with a PAX record first when the name doesn't fit). */
function* header(
  name: string,
  type: '0' | '5',
  size: number,
  mode: number,
  mtime: number,
): Generator<Buffer> {
  let ustarName = name;
  if (Buffer.byteLength(name) > 100) {
    const record = paxRecord('path', name);
    yield* [headerBlock('PaxHeader', 'x', record.length, 0o644, mtime), padded(record)];
    ustarName = Buffer.from(name).subarray(0, 100).toString('latin1');
  }
  yield headerBlock(ustarName, type, size, mode, mtime);
}

/** `"<len> key=value\n"` where `<len>` counts the whole record, its own digits included. */
function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  let len = Buffer.byteLength(body) + 1;
  while (String(len).length + Buffer.byteLength(body) !== len)
    len = String(len).length + Buffer.byteLength(body);
  return Buffer.from(`${len}${body}`);
}

function padded(data: Buffer): Buffer {
  const out = Buffer.alloc(Math.ceil(data.length / BLOCK) * BLOCK);
  data.copy(out);
  return out;
}

function headerBlock(name: string, type: string, size: number, mode: number, mtime: number): Buffer {
  const b = Buffer.alloc(BLOCK);
  const put = (value: string, offset: number, length: number) => b.write(value, offset, length, 'latin1');
  const octal = (n: number, length: number) => n.toString(8).padStart(length - 1, '0');
  b.write(name, 0, 100, 'utf8');
  put(octal(mode, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(mtime, 12), 136, 12);
  put('        ', 148, 8);
  put(type, 156, 1);
  put('ustar\u000000', 257, 8);
  put('git', 265, 32);
  put('git', 297, 32);
  let sum = 0;
  for (const byte of b) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8);
  return b;
}
