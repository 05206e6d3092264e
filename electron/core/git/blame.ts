/**
 * Blame of one file at a commit (doc/api/repository_files.md "Get file blame from repository"):
 * `git blame --porcelain <commit> -- <path>` parsed into ranges of consecutive lines attributed to the
 * same commit, as GitLab groups them (lib/gitlab/blame.rb). Commit metadata is read separately, once per
 * distinct commit, by the caller.
 */
import { GitError, repositoryKey, runGit } from './run-git.js';

/** Consecutive lines attributed to one commit. Lines carry no line terminator. */
export interface BlameRangeRaw {
  commitId: string;
  lines: string[];
}

const HEADER = /^([0-9a-f]{40,64}) (\d+) (\d+)(?: (\d+))?$/;

/**
 * Parse `git blame --porcelain` output into ranges. Pure; unit-tested.
 * Each line group starts with `<sha> <orig-line> <final-line> [<count>]`, may be followed by metadata
 * lines (only the first time a commit appears), and ends with the line's content prefixed by a TAB.
 */
export function parseBlamePorcelain(out: string): BlameRangeRaw[] {
  const ranges: BlameRangeRaw[] = [];
  let current: string | null = null;
  for (const line of out.split('\n')) {
    if (current === null) {
      const m = HEADER.exec(line);
      if (m) current = m[1]!;
      continue;
    }
    if (!line.startsWith('\t')) continue; // author, committer, summary, filename, previous, boundary…
    const last = ranges[ranges.length - 1];
    if (last && last.commitId === current) last.lines.push(line.slice(1));
    else ranges.push({ commitId: current, lines: [line.slice(1)] });
    current = null;
  }
  return ranges;
}

/** Cached blames by repository, arguments and commit id, least recently used first. */
const blames = new Map<string, { ranges: BlameRangeRaw[]; chars: number }>();
let blameChars = 0;
/** The cache holds at most this much porcelain output's worth of blames (~16 MiB of text)… */
const BLAME_CACHE_MAX_CHARS = 16 * 1024 * 1024;
/** …and no blame whose porcelain output is bigger than this. */
const BLAME_ENTRY_MAX_CHARS = 4 * 1024 * 1024;

/**
 * Blame `filePath` as of `commit` (a SHA), optionally only lines `range.start..range.end` (1-based,
 * inclusive). A range starting past the end of the file yields no ranges. Blames at a full commit id are
 * cached (up to ~16 MiB of git's output in all, none over 4 MiB): the same blame again starts no git.
 * @throws GitError when the commit or path is unknown to git.
 */
export async function blameFile(
  repoPath: string,
  commit: string,
  filePath: string,
  range?: { start: number; end: number },
): Promise<BlameRangeRaw[]> {
  const args = ['--literal-pathspecs', 'blame', '--porcelain'];
  if (range) args.push('-L', `${range.start},${range.end}`);
  args.push(commit, '--', filePath);
  // A blame at a commit id never changes: answers are cached (least recently used first out).
  const key = /^[0-9a-f]{40,64}$/.test(commit) ? `${repositoryKey(repoPath)}\0${args.join('\0')}` : null;
  const hit = key === null ? undefined : blames.get(key);
  if (hit) {
    blames.delete(key!);
    blames.set(key!, hit);
    return [...hit.ranges];
  }
  try {
    const out = await runGit(args, { gitDir: repoPath });
    const ranges = parseBlamePorcelain(out);
    if (key !== null && out.length <= BLAME_ENTRY_MAX_CHARS) {
      blames.set(key, { ranges, chars: out.length });
      blameChars += out.length;
      for (const [k, v] of blames) {
        if (blameChars <= BLAME_CACHE_MAX_CHARS) break;
        blames.delete(k);
        blameChars -= v.chars;
      }
    }
    return ranges;
  } catch (err) {
    if (range && err instanceof GitError && /has only \d+ lines?/.test(err.message)) return [];
    throw err;
  }
}
