/**
 * Parsing raw git objects read through the cat-file pool (cat-file-pool.ts) into the shapes the git
 * layer's spawned commands produce, so a read can skip the spawn: tree objects as `git ls-tree` lists
 * them, commit objects as `git log --format=%H%x1f%P%x1f%an…%B` prints them (commit-info.ts).
 * Anything unusual (a re-encoded message, a malformed ident, a NUL in a message, a date out of range)
 * makes the parser return null, and the caller asks git itself.
 */
import type { TreeEntry } from './blobs.js';
import type { CommitInfo } from './commit-info.js';
import { runGit } from './run-git.js';

/** The mode `git ls-tree` prints for a raw tree-entry mode (git's `canon_mode`, tree-walk.h). */
function canonicalMode(raw: number): { mode: string; type: TreeEntry['type'] } {
  const kind = raw & 0o170000;
  if (kind === 0o100000) return { mode: raw & 0o100 ? '100755' : '100644', type: 'blob' };
  if (kind === 0o120000) return { mode: '120000', type: 'blob' };
  if (kind === 0o040000) return { mode: '040000', type: 'tree' };
  return { mode: '160000', type: 'commit' };
}

/**
 * Entries of a raw tree object (`<octal mode> <name>\0<binary id>` records), in stored order, with
 * `size: null` and `path` = `prefix` + name. `idBytes` is 20 (SHA-1) or 32 (SHA-256). Pure; unit-tested.
 * @throws Error when the bytes are not a well-formed tree.
 */
export function parseTreeObject(buf: Buffer, idBytes: number, prefix = ''): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let i = 0;
  while (i < buf.length) {
    const sp = buf.indexOf(0x20, i);
    const nul = sp < 0 ? -1 : buf.indexOf(0, sp + 1);
    if (sp < 0 || nul < 0 || nul + 1 + idBytes > buf.length) throw new Error('malformed tree object');
    const raw = parseInt(buf.toString('latin1', i, sp), 8);
    if (!Number.isFinite(raw)) throw new Error('malformed tree object');
    const { mode, type } = canonicalMode(raw);
    entries.push({
      mode,
      type,
      id: buf.toString('hex', nul + 1, nul + 1 + idBytes),
      size: null,
      path: prefix + buf.toString('utf8', sp + 1, nul),
    });
    i = nul + 1 + idBytes;
  }
  return entries;
}

/** `%aI`/`%cI` for `seconds` and a `+hhmm` zone, as git prints it; null when out of range. */
export function isoStrictDate(seconds: number, zone: string, zulu: boolean): string | null {
  const m = /^([+-])(\d\d)(\d\d)$/.exec(zone);
  if (!m || Number(m[3]) >= 60) return null;
  const offset = (Number(m[2]) * 60 + Number(m[3])) * (m[1] === '-' ? -1 : 1);
  const d = new Date((seconds + offset * 60) * 1000);
  const year = d.getUTCFullYear();
  if (!Number.isFinite(year) || year < 1970 || year > 9999) return null;
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${year}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}T${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
  if (offset === 0) return `${stamp}${zulu ? 'Z' : '+00:00'}`;
  return `${stamp}${m[1] === '-' ? '-' : '+'}${m[2]}:${m[3]}`;
}

const IDENT = /^([^<>]*)<([^<>]*)> (\d{1,12}) ([+-]\d{4})$/;

/** Name, email and ISO date of an author/committer line; null when git would parse it differently. */
function parseIdent(line: string, zulu: boolean): { name: string; email: string; date: string } | null {
  const m = IDENT.exec(line);
  if (!m) return null;
  const date = isoStrictDate(Number(m[3]), m[4]!, zulu);
  if (date === null) return null;
  return { name: m[1]!.replace(/[ \t\n\r\f\v]+$/, ''), email: m[2]!, date };
}

/**
 * A raw commit object as `readCommits` (commit-info.ts) reports it, or null when it holds anything the
 * plain parse can't reproduce exactly (an `encoding` header other than UTF-8, a NUL in the message,
 * an unusual ident or date). `zulu`: this git prints UTC dates with `Z` (git ≥ 2.45). Pure; unit-tested.
 */
export function parseCommitObject(id: string, buf: Buffer, zulu: boolean): CommitInfo | null {
  const end = buf.indexOf('\n\n');
  if (end < 0 || buf.indexOf(0) >= 0) return null;
  const headers = buf.toString('utf8', 0, end).split('\n');
  const parentIds: string[] = [];
  let author: ReturnType<typeof parseIdent> = null;
  let committer: ReturnType<typeof parseIdent> = null;
  let sawTree = false;
  for (const h of headers) {
    if (h.startsWith(' ')) continue; // continuation of a multi-line header (gpgsig, mergetag)
    const sp = h.indexOf(' ');
    const key = sp < 0 ? h : h.slice(0, sp);
    const value = sp < 0 ? '' : h.slice(sp + 1);
    if (key === 'tree') sawTree = true;
    else if (key === 'parent') parentIds.push(value);
    else if (key === 'author' && !author) author = parseIdent(value, zulu) ?? null;
    else if (key === 'committer' && !committer) committer = parseIdent(value, zulu) ?? null;
    else if (key === 'encoding' && !/^utf-?8$/i.test(value)) return null;
    else if (key === 'author' || key === 'committer') return null;
  }
  if (!sawTree || !author || !committer) return null;
  return {
    id,
    parentIds,
    authorName: author.name,
    authorEmail: author.email,
    authoredDate: author.date,
    committerName: committer.name,
    committerEmail: committer.email,
    committedDate: committer.date,
    message: buf.toString('utf8', end + 2).replace(/\n+$/, ''),
  };
}

let zuluDates: Promise<boolean> | null = null;

/**
 * Whether the installed git prints a UTC `%aI` date with `Z` (git 2.45 made "iso-strict" say `Z`
 * instead of `+00:00`). Asked once per process (`git version`).
 */
export function gitPrintsZuluDates(): Promise<boolean> {
  zuluDates ??= runGit(['version']).then(
    (out) => {
      const m = /(\d+)\.(\d+)/.exec(out);
      if (!m) return false;
      const [major, minor] = [Number(m[1]), Number(m[2])];
      return major > 2 || (major === 2 && minor >= 45);
    },
    () => false,
  );
  return zuluDates;
}
