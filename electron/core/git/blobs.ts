/**
 * Reading one file at a commit (doc/api/repository_files.md "Get file from repository"): the tree entry
 * (`ls-tree -l` gives mode, object id and size), the bytes (`cat-file blob`), and the last commit that
 * touched the path (`log -1 -- <path>`, which stops at the first hit instead of walking all history).
 * Paths are literal pathspecs (`--literal-pathspecs`), so names like `:wq` or `*.md` mean themselves.
 */
import { CatFileUnsupportedName, catFileContents } from './cat-file-pool.js';
import { parseTreeObject } from './git-objects.js';
import { GitError, repositoryKey, runGit, runGitRaw } from './run-git.js';

/** One entry of a tree as `git ls-tree` reports it. */
export interface TreeEntry {
  /** Octal mode as git prints it: `100644`, `100755`, `120000` (symlink), `040000` (tree), `160000` (submodule). */
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  /** Object id (blob, tree or submodule commit SHA). */
  id: string;
  /** Bytes for blobs when listed with sizes; null for trees, submodules, or when sizes were not asked for. */
  size: number | null;
  /** Path as listed (relative to the listed tree). */
  path: string;
}

const ENTRY = /^(\d{6}) (blob|tree|commit) ([0-9a-f]{40,64})(?: +(\d+|-))?\t([\s\S]*)$/;

/**
 * Parse NUL-terminated `git ls-tree -z [-l]` output into entries. Pure; unit-tested.
 * Records that don't look like ls-tree output are skipped.
 */
export function parseLsTree(out: string): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (const record of out.split('\0')) {
    const m = ENTRY.exec(record);
    if (!m) continue;
    const size = m[4] !== undefined && m[4] !== '-' ? Number(m[4]) : null;
    entries.push({ mode: m[1]!, type: m[2] as TreeEntry['type'], id: m[3]!, size, path: m[5]! });
  }
  return entries;
}

/**
 * The entries at exactly the given paths in `commit`'s tree (no recursion into directories), with blob
 * sizes. Paths absent from the tree are simply missing from the result.
 * @throws GitError when `commit` is not a commit or tree.
 */
export async function findTreeEntries(
  repoPath: string,
  commit: string,
  paths: readonly string[],
): Promise<TreeEntry[]> {
  if (paths.length === 0) return [];
  const out = await runGit(
    ['--literal-pathspecs', 'ls-tree', '-z', '-l', '--full-tree', commit, '--', ...paths],
    {
      gitDir: repoPath,
    },
  );
  const wanted = new Set(paths);
  return parseLsTree(out).filter((e) => wanted.has(e.path));
}

/**
 * The bytes of a blob.
 * @throws GitError when the object is missing or not a blob.
 */
export async function readBlob(repoPath: string, blobId: string): Promise<Buffer> {
  const pooled = await pooledBlob(repoPath, blobId);
  return pooled ?? runGitRaw(['cat-file', 'blob', blobId], { gitDir: repoPath });
}

/**
 * The bytes of the blob `name` names through the cat-file pool; null when it is no blob, too large to
 * buffer in the pool, or can't be named on the pool's line protocol (the caller spawns git then, which
 * also reports the error).
 */
async function pooledBlob(repoPath: string, name: string): Promise<Buffer | null> {
  try {
    const obj = await catFileContents(repoPath, name);
    return obj && obj.type === 'blob' && 'content' in obj ? obj.content : null;
  } catch (err) {
    if (err instanceof CatFileUnsupportedName || err instanceof GitError) return null;
    throw err;
  }
}

/** Least recently used cache of `lastCommitForPath` answers: immutable for a given commit and path. */
const lastCommits = new Map<string, string | null>();
const LAST_COMMITS_MAX = 4096;

/**
 * SHA of the newest commit reachable from `commit` that touched `filePath`, or null when none did
 * (GitLab's `last_commit_id`). `git log -1` stops at the first match.
 * @throws GitError when `commit` is unknown.
 */
export async function lastCommitForPath(
  repoPath: string,
  commit: string,
  filePath: string,
): Promise<string | null> {
  // Cached only for a full commit id: a branch name moves, the history behind a commit id doesn't.
  const key = /^[0-9a-f]{40,64}$/.test(commit) ? `${repositoryKey(repoPath)}\0${commit}\0${filePath}` : null;
  if (key !== null && lastCommits.has(key)) {
    const hit = lastCommits.get(key)!;
    lastCommits.delete(key);
    lastCommits.set(key, hit);
    return hit;
  }
  const out = await runGit(['--literal-pathspecs', 'log', '-1', '--format=%H', commit, '--', filePath], {
    gitDir: repoPath,
  });
  const last = out.trim() || null;
  if (key !== null) {
    lastCommits.set(key, last);
    if (lastCommits.size > LAST_COMMITS_MAX) lastCommits.delete(lastCommits.keys().next().value!);
  }
  return last;
}

/**
 * True for `a/b/c` paths the pool can name as `<commit>:<path>`: no empty, `.` or `..` segment (git reads
 * those relative to a work tree) and no newline or NUL (the batch protocol is line-based).
 */
export function isPlainPath(p: string): boolean {
  return p !== '' && !/[\n\0]/.test(p) && p.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

/**
 * The tree entry at `filePath` in `commit`, read from its parent tree through the cat-file pool:
 * `{ entry }`, null when the path is missing (or its parent is not a directory), or undefined when the
 * pool could not answer (the caller spawns git instead).
 */
async function pooledFileEntry(
  repoPath: string,
  commit: string,
  filePath: string,
): Promise<{ entry: TreeEntry } | null | undefined> {
  const slash = filePath.lastIndexOf('/');
  const dir = slash < 0 ? '' : filePath.slice(0, slash);
  const base = filePath.slice(slash + 1);
  try {
    const tree = await catFileContents(repoPath, dir === '' ? `${commit}^{tree}` : `${commit}:${dir}`);
    if (tree === null) return null;
    if (tree.type !== 'tree') return null;
    if (!('content' in tree) || !tree.content) return undefined;
    const entry = parseTreeObject(tree.content, tree.oid.length / 2, dir === '' ? '' : `${dir}/`).find(
      (e) => e.path === filePath,
    );
    return entry && base !== '' ? { entry } : null;
  } catch (err) {
    if (err instanceof CatFileUnsupportedName || err instanceof GitError) return undefined;
    throw err;
  }
}

/** A file read at a commit. */
export interface FileAtCommit {
  entry: TreeEntry & { type: 'blob' };
  content: Buffer;
  /** Last commit touching the path, reachable from the commit read. */
  lastCommitId: string;
}

/**
 * Read the file at `filePath` in `commit` (a full SHA): entry, bytes and last commit, with the three git
 * calls run in parallel. Null when the path is missing or is not a file (a directory or a submodule).
 * @throws GitError for unexpected git failures.
 */
export async function readFileAtCommit(
  repoPath: string,
  commit: string,
  filePath: string,
): Promise<FileAtCommit | null> {
  if (isPlainPath(filePath)) {
    // Through the cat-file pool: the parent tree (mode, id), then the blob; `log -1` runs meanwhile.
    const [found, last] = await Promise.all([
      pooledFileEntry(repoPath, commit, filePath),
      lastCommitForPath(repoPath, commit, filePath),
    ]);
    if (found !== undefined) {
      if (found === null) return null;
      const content = found.entry.type === 'blob' ? await readBlob(repoPath, found.entry.id) : null;
      if (content === null || found.entry.type !== 'blob') return null;
      const entry = { ...found.entry, size: content.length, type: 'blob' as const };
      return { entry, content, lastCommitId: last ?? commit };
    }
  }
  const [entries, content, last] = await Promise.all([
    findTreeEntries(repoPath, commit, [filePath]),
    // `<commit>:<path>` takes the path literally; a missing path or a tree fails, answered by ls-tree.
    runGitRaw(['cat-file', 'blob', `${commit}:${filePath}`], { gitDir: repoPath }).catch((err: unknown) => {
      if (err instanceof GitError) return null;
      throw err;
    }),
    lastCommitForPath(repoPath, commit, filePath),
  ]);
  const entry = entries[0];
  if (!entry || entry.type !== 'blob' || content === null) return null;
  return {
    entry: { ...entry, type: 'blob' },
    content,
    lastCommitId: last ?? commit,
  };
}
