/**
 * A per-repository cache of ref listings (branches, tags, branches merged into a commit), so listing
 * branches or tags costs no `git` process while the refs stay unchanged.
 *
 * An entry is used only while BOTH hold:
 * - the repository's ref generation (run-git.ts `refsGeneration`) is the one it was built at: every
 *   ref-moving git command the core runs (update-ref, fetch, pack-refs, symbolic-ref, receive-pack of
 *   a push, …) and `invalidateRepositoryRefs` (deletion, storage move) bump it;
 * - the ref store looks the same on disk: `packed-refs` and every directory under `refs/heads` and
 *   `refs/tags` have the inode, size and modification time they had (git writes a loose ref by renaming
 *   a lock file into its directory, which changes the directory's mtime; it rewrites packed-refs by
 *   rename too), so a push or `git` run outside the core is seen at the next read.
 * Entries built within a second of the newest change on disk are not kept (a second change in the
 * same clock tick would leave the same mtime), nor ones built while the generation moved.
 * At most `MAX_REPOSITORIES` repositories are cached (least recently used dropped first).
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { refsGeneration, repositoryKey } from './run-git.js';

const MAX_REPOSITORIES = 64;
/** Values per repository (the branch and tag lists, merged-branch sets of a few commits). */
const MAX_VALUES = 16;
/** A change this recent (ms) may share its mtime with a later one: don't trust the stamp. */
const RACY_MS = 1000;

interface Entry {
  generation: number;
  stamp: string;
  dirs: string[];
  values: Map<string, unknown>;
}

const entries = new Map<string, Entry>();

/** `packed-refs` and the directories under refs/heads and refs/tags (walked when an entry is built). */
function refDirectories(repoKey: string): string[] {
  const dirs: string[] = [];
  const walk = (dir: string) => {
    let list;
    try {
      list = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    dirs.push(dir);
    for (const e of list) if (e.isDirectory()) walk(path.join(dir, e.name));
  };
  walk(path.join(repoKey, 'refs', 'heads'));
  walk(path.join(repoKey, 'refs', 'tags'));
  return dirs;
}

/** Identity of the ref store on disk and its newest mtime (ms). */
function stampOf(repoKey: string, dirs: readonly string[]): { stamp: string; newestMs: number } {
  let newestMs = 0;
  const parts: string[] = [];
  for (const p of [path.join(repoKey, 'packed-refs'), ...dirs]) {
    try {
      const s = statSync(p, { bigint: true });
      newestMs = Math.max(newestMs, Number(s.mtimeNs / 1_000_000n));
      parts.push(`${s.ino}:${s.size}:${s.mtimeNs}`);
    } catch {
      parts.push('-');
    }
  }
  return { stamp: parts.join('|'), newestMs };
}

function liveEntry(key: string): Entry | null {
  const entry = entries.get(key);
  if (!entry) return null;
  if (entry.generation !== refsGeneration(key) || stampOf(key, entry.dirs).stamp !== entry.stamp) {
    entries.delete(key);
    return null;
  }
  entries.delete(key);
  entries.set(key, entry); // most recently used last
  return entry;
}

/**
 * The value `load()` produces for `name` in the repository at `repoPath`, cached while the refs are
 * unchanged (see the file comment). `load` must only read refs (and immutable objects).
 * @throws whatever `load` throws (nothing is cached then).
 */
export async function cachedRefRead<T>(repoPath: string, name: string, load: () => Promise<T>): Promise<T> {
  const key = repositoryKey(repoPath);
  const hit = liveEntry(key);
  if (hit?.values.has(name)) return hit.values.get(name) as T;
  const generation = refsGeneration(key);
  const started = Date.now();
  const dirs = hit?.dirs ?? refDirectories(key);
  const before = hit ? { stamp: hit.stamp, newestMs: 0 } : stampOf(key, dirs);
  const value = await load();
  const racy = !hit && before.newestMs > started - RACY_MS;
  if (racy || refsGeneration(key) !== generation || stampOf(key, dirs).stamp !== before.stamp) return value;
  const entry =
    hit && entries.get(key) === hit ? hit : { generation, stamp: before.stamp, dirs, values: new Map() };
  entry.values.set(name, value);
  while (entry.values.size > MAX_VALUES) entry.values.delete(entry.values.keys().next().value!);
  entries.set(key, entry);
  while (entries.size > MAX_REPOSITORIES) entries.delete(entries.keys().next().value!);
  return value;
}

/** Drop everything cached for the repository at `repoPath`. */
export function forgetCachedRefs(repoPath: string): void {
  entries.delete(repositoryKey(repoPath));
}
