/**
 * Per-file diffs between two commits in GitLab's shape (doc/api/merge_requests.md "changes"): paths,
 * modes and patches from one `git diff --patch-with-raw -z -M --full-index` (the raw records, then the
 * patch split per file), each `diff` starting at its first hunk (`@@`) as Gitaly returns it (no `diff --git`/`index`/`---`/
 * `+++` header; "Binary files … differ" for binaries).
 *
 * Size limits (Gitlab::Git::DiffCollection): a file whose patch exceeds `maxPatchBytes` is collapsed
 * (`too_large`, empty `diff`); the collection is cut, with `overflow` true, once it would exceed
 * `maxFiles`, `maxLines` or `maxBytes`. `limits: null` (access_raw_diffs) collects everything.
 */
import type { FileDiff } from '../../../shared/api-types/merge-requests.js';
import { runGit } from './run-git.js';

/** One changed file in GitLab's wire shape (shared FileDiff), and whether the per-file limit collapsed it. */
export interface DiffFile extends FileDiff {
  /** Collapsed by the per-file limit (`diff` is empty). */
  too_large: boolean;
}

export interface DiffLimits {
  maxFiles: number;
  maxLines: number;
  maxBytes: number;
  maxPatchBytes: number;
}

/** GitLab's defaults (DiffCollection.default_limits and `diff_max_patch_bytes`). */
export const DEFAULT_DIFF_LIMITS: DiffLimits = {
  maxFiles: 1000,
  maxLines: 50_000,
  maxBytes: 5_000_000,
  maxPatchBytes: 204_800,
};

export interface DiffCollection {
  files: DiffFile[];
  /** True when files were cut by the collection limits. */
  overflow: boolean;
  /** Files changed between the commits (before any cut). */
  totalFiles: number;
  /** GitLab's `real_size`: the file count, with `+` when cut. */
  realSize: string;
}

interface RawEntry {
  aMode: string;
  bMode: string;
  status: string;
  oldPath: string;
  newPath: string;
}

/** Parse `git diff --raw -z` output. Pure; unit-tested. */
export function parseRawDiff(out: string): RawEntry[] {
  const parts = out.split('\0');
  const entries: RawEntry[] = [];
  let i = 0;
  while (i < parts.length) {
    const meta = parts[i];
    if (!meta || !meta.startsWith(':')) {
      i++;
      continue;
    }
    const [aMode = '', bMode = '', , , status = ''] = meta.slice(1).split(' ');
    const letter = status.charAt(0);
    if (letter === 'R' || letter === 'C') {
      entries.push({
        aMode,
        bMode,
        status: letter,
        oldPath: parts[i + 1] ?? '',
        newPath: parts[i + 2] ?? '',
      });
      i += 3;
    } else {
      const p = parts[i + 1] ?? '';
      entries.push({ aMode, bMode, status: letter, oldPath: p, newPath: p });
      i += 2;
    }
  }
  return entries;
}

/** Split a multi-file patch into per-file bodies in GitLab's form (from the first hunk). Pure; unit-tested. */
export function splitPatch(patch: string): string[] {
  if (patch.length === 0) return [];
  const sections = patch.split(/^diff --git /m).slice(1);
  return sections.map((section) => {
    const hunk = section.search(/^@@ /m);
    if (hunk >= 0) return section.slice(hunk);
    const binary = /^Binary files .* differ$/m.exec(section);
    return binary ? `${binary[0]}\n` : '';
  });
}

function lineCount(diff: string): number {
  if (diff.length === 0) return 0;
  let n = 0;
  for (let i = 0; i < diff.length; i++) if (diff.charCodeAt(i) === 10) n++;
  return diff.endsWith('\n') ? n : n + 1;
}

/**
 * Apply the size limits to files in order. Pure; unit-tested.
 * @param limits null = no limits (access_raw_diffs).
 */
export function applyDiffLimits(all: DiffFile[], limits: DiffLimits | null): DiffCollection {
  const totalFiles = all.length;
  if (!limits) return { files: all, overflow: false, totalFiles, realSize: String(totalFiles) };
  const files: DiffFile[] = [];
  let lines = 0;
  let bytes = 0;
  let overflow = false;
  for (const f of all) {
    let file = f;
    const size = Buffer.byteLength(f.diff);
    if (size > limits.maxPatchBytes) file = { ...f, diff: '', too_large: true };
    const fileLines = lineCount(file.diff);
    const fileBytes = Buffer.byteLength(file.diff);
    if (
      files.length + 1 > limits.maxFiles ||
      lines + fileLines > limits.maxLines ||
      bytes + fileBytes > limits.maxBytes
    ) {
      overflow = true;
      break;
    }
    files.push(file);
    lines += fileLines;
    bytes += fileBytes;
  }
  return { files, overflow, totalFiles, realSize: overflow ? `${files.length}+` : String(totalFiles) };
}

/**
 * Split `git diff --patch-with-raw -z` output into its raw records and its patch: raw records never hold
 * an empty field, so the first `\0\0` ends them. Pure; unit-tested.
 */
export function splitPatchWithRaw(out: string): { raw: string; patch: string } {
  const end = out.indexOf('\0\0');
  if (end < 0) return { raw: out, patch: '' };
  return { raw: out.slice(0, end + 1), patch: out.slice(end + 2) };
}

/**
 * Every changed file between `base` and `head` with its diff, under `limits` (null = none).
 * @throws GitError for unknown commits.
 */
export async function diffBetween(
  repoPath: string,
  base: string,
  head: string,
  limits: DiffLimits | null = DEFAULT_DIFF_LIMITS,
): Promise<DiffCollection> {
  // One process for both: `--patch-with-raw -z` prints the NUL-separated raw records, an empty record,
  // then the same patch text `git diff -M --full-index` prints (-z changes only the raw part).
  const out = await runGit(
    [
      'diff',
      '--patch-with-raw',
      '-z',
      '-M',
      '--full-index',
      '--no-abbrev',
      '--no-color',
      '--no-ext-diff',
      base,
      head,
      '--',
    ],
    { gitDir: repoPath },
  );
  const { raw, patch } = splitPatchWithRaw(out);
  const entries = parseRawDiff(raw);
  const bodies = splitPatch(patch);
  const all: DiffFile[] = entries.map((e, i) => ({
    old_path: e.oldPath,
    new_path: e.newPath,
    a_mode: e.status === 'A' ? '0' : e.aMode,
    b_mode: e.status === 'D' ? '0' : e.bMode,
    new_file: e.status === 'A',
    renamed_file: e.status === 'R',
    deleted_file: e.status === 'D',
    too_large: false,
    diff: bodies[i] ?? '',
  }));
  return applyDiffLimits(all, limits);
}

/** The empty tree's id: the base of a diff against "nothing". */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/**
 * How many files differ between `base` (null: the empty tree) and `head` (`diff --numstat`, renames as
 * delete + add). @throws GitError
 */
export async function countChangedFiles(
  repoPath: string,
  base: string | null,
  head: string,
): Promise<number> {
  const out = await runGit(['diff', '--numstat', '-z', '--no-renames', base ?? EMPTY_TREE, head], {
    gitDir: repoPath,
  });
  return out.split('\0').filter((s) => s.length > 0).length;
}

/**
 * The plain-text patch between `base` and `head` as `git diff -M --full-index` prints it (every file,
 * with its `diff --git`/`index`/`---`/`+++` header; no limits): what `GET …/raw_diffs` sends.
 * @throws GitError for unknown commits.
 */
export function rawDiffBetween(repoPath: string, base: string, head: string): Promise<string> {
  return runGit(['diff', '-M', '--full-index', '--no-color', '--no-ext-diff', base, head, '--'], {
    gitDir: repoPath,
  });
}
