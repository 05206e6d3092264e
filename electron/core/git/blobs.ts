/**
 * Reading one file at a commit (doc/api/repository_files.md "Get file from repository"): the tree entry
 * (`ls-tree -l` gives mode, object id and size), the bytes (`cat-file blob`), and the last commit that
 * touched the path (`log -1 -- <path>`, which stops at the first hit instead of walking all history).
 * Paths are literal pathspecs (`--literal-pathspecs`), so names like `:wq` or `*.md` mean themselves.
 */
import { GitError, runGit, runGitRaw } from './run-git.js';

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
  return runGitRaw(['cat-file', 'blob', blobId], { gitDir: repoPath });
}

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
  const out = await runGit(['--literal-pathspecs', 'log', '-1', '--format=%H', commit, '--', filePath], {
    gitDir: repoPath,
  });
  return out.trim() || null;
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
