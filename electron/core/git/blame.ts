/**
 * Blame of one file at a commit (doc/api/repository_files.md "Get file blame from repository"), as
 * ranges of consecutive lines attributed to the same commit, as GitLab groups them (lib/gitlab/blame.rb).
 *
 * Git runs as `git blame --incremental <commit> -- <path>`, which reports each blamed block as soon as git
 * has found its commit, so the caller can read those commits' metadata (`onCommits`) while git is still
 * working, instead of after it (what `--porcelain` forces: it prints nothing until the whole blame is
 * done). The lines' text is the file's blob at `<commit>:<path>`, split as git splits it (with
 * `--no-textconv`, git blames exactly those lines); should the blob and the blamed blocks ever not line
 * up, the blame runs again as `git blame --porcelain`, whose output carries the lines itself.
 */
import { catFileContents } from './cat-file-pool.js';
import { GitError, gitErrorMessage, repositoryKey, runGit, runGitRaw, spawnGit } from './run-git.js';

/** Consecutive lines attributed to one commit. Lines carry no line terminator. */
export interface BlameRangeRaw {
  commitId: string;
  lines: string[];
}

/** One block of `git blame --incremental`: `count` lines from line `finalLine` (1-based) of the file. */
export interface BlameBlock {
  commitId: string;
  finalLine: number;
  count: number;
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

/**
 * Streaming parser of `git blame --incremental` output (fed in chunks of any size). Every block is
 * `<sha> <orig-line> <final-line> <count>`, then metadata lines (author…, summary, only the first time a
 * commit appears; `previous`, `boundary`), and ends with a `filename <path>` line (git quotes a path with
 * special characters, so it stays on one line). Pure; unit-tested.
 */
export class BlameIncrementalParser {
  /** Every block so far, in the order git reported them. */
  readonly blocks: BlameBlock[] = [];
  /** Characters parsed so far. */
  chars = 0;
  private readonly seen = new Set<string>();
  private rest = '';
  private inBlock = false;

  /** Parse `chunk`; returns the commit ids seen for the first time in it, in order. */
  push(chunk: string): string[] {
    this.chars += chunk.length;
    const text = this.rest + chunk;
    const fresh: string[] = [];
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      const line = text.slice(start, nl);
      start = nl + 1;
      if (this.inBlock) {
        if (line.startsWith('filename ')) this.inBlock = false;
        continue;
      }
      const m = HEADER.exec(line);
      if (!m || m[4] === undefined) continue;
      const commitId = m[1]!;
      this.blocks.push({ commitId, finalLine: Number(m[3]), count: Number(m[4]) });
      this.inBlock = true;
      if (!this.seen.has(commitId)) {
        this.seen.add(commitId);
        fresh.push(commitId);
      }
    }
    this.rest = text.slice(start);
    return fresh;
  }
}

/** The file's lines as git blame numbers them: split at `\n`; a final `\n` ends the last line. */
export function blameLines(content: string): string[] {
  if (content === '') return [];
  const lines = content.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * Ranges from incremental `blocks` and the file's `lines` (1-based `finalLine`s index into them): blocks in
 * line order, consecutive lines of one commit merged (as `parseBlamePorcelain` groups them). Null when
 * the blocks don't cover lines `first..last` (default: the whole file) exactly once (the caller falls back
 * to `--porcelain`). Pure; unit-tested.
 */
export function rangesFromBlocks(
  blocks: readonly BlameBlock[],
  lines: readonly string[],
  first = 1,
  last = lines.length,
): BlameRangeRaw[] | null {
  const sorted = [...blocks].sort((a, b) => a.finalLine - b.finalLine);
  const ranges: BlameRangeRaw[] = [];
  let next = first;
  for (const b of sorted) {
    if (b.finalLine !== next || b.count < 1 || b.finalLine - 1 + b.count > lines.length) return null;
    const text = lines.slice(b.finalLine - 1, b.finalLine - 1 + b.count);
    const previous = ranges[ranges.length - 1];
    if (previous && previous.commitId === b.commitId) for (const l of text) previous.lines.push(l);
    else ranges.push({ commitId: b.commitId, lines: text });
    next += b.count;
  }
  return next === last + 1 ? ranges : null;
}

/** Cached blames by repository, arguments and commit id, least recently used first. */
const blames = new Map<string, { ranges: BlameRangeRaw[]; chars: number }>();
let blameChars = 0;
/** The cache holds at most this much of git's output and the files' text (~16 MiB)… */
const BLAME_CACHE_MAX_CHARS = 16 * 1024 * 1024;
/** …and no blame bigger than this. */
const BLAME_ENTRY_MAX_CHARS = 4 * 1024 * 1024;
/** Milliseconds before a blame's git is killed (as `runGit`'s default). */
const BLAME_TIMEOUT_MS = 60_000;
let porcelainFallbacks = 0;

/** How many blames had to run again with `--porcelain` since the process started (tests). */
export function blamePorcelainFallbacks(): number {
  return porcelainFallbacks;
}

/** Options of {@link blameFile}. */
export interface BlameFileOptions {
  /** Only lines `start..end` (1-based, inclusive). */
  range?: { start: number; end: number };
  /**
   * Called, while git is still running, with the commit ids blamed so far that it hasn't named yet
   * (each id once). A blame answered from the cache, or by the `--porcelain` fallback, may not call it
   * for every commit: the caller still takes the ids from the answer. Must not throw.
   */
  onCommits?: (ids: string[]) => void;
}

/**
 * Blame `filePath` as of `commit` (a SHA), optionally only lines `range.start..range.end` (1-based,
 * inclusive). A range starting past the end of the file yields no ranges. Blames at a full commit id are
 * cached (up to ~16 MiB in all, none over 4 MiB): the same blame again starts no git.
 * @throws GitError when the commit or path is unknown to git (git's message), or git took over 60 s.
 */
export async function blameFile(
  repoPath: string,
  commit: string,
  filePath: string,
  opts: BlameFileOptions = {},
): Promise<BlameRangeRaw[]> {
  const { range } = opts;
  // --no-textconv: the blame is of the blob's own lines, the lines the answer shows (a textconv filter
  // needs repository config, which the core never writes).
  const args = ['--literal-pathspecs', 'blame', '--incremental', '--no-textconv'];
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
    // The file's text is read meanwhile (a blame failure wins: it names what is wrong).
    const text = fileText(repoPath, commit, filePath);
    const parser = await runIncremental(repoPath, args, opts.onCommits);
    const content = await text;
    const lines = content === null ? null : blameLines(content);
    let ranges =
      lines === null
        ? null
        : rangesFromBlocks(
            parser.blocks,
            lines,
            range?.start ?? 1,
            Math.min(range?.end ?? Infinity, lines.length),
          );
    let chars = parser.chars + (content?.length ?? 0);
    if (ranges === null) {
      porcelainFallbacks++;
      const out = await runGit(
        args.map((a) => (a === '--incremental' ? '--porcelain' : a)),
        {
          gitDir: repoPath,
        },
      );
      ranges = parseBlamePorcelain(out);
      chars = out.length;
    }
    if (key !== null && chars <= BLAME_ENTRY_MAX_CHARS) {
      blames.set(key, { ranges, chars });
      blameChars += chars;
      for (const [k, v] of blames) {
        if (blameChars <= BLAME_CACHE_MAX_CHARS) break;
        blames.delete(k);
        blameChars -= v.chars;
      }
    }
    return [...ranges];
  } catch (err) {
    if (range && err instanceof GitError && /has only \d+ lines?/.test(err.message)) return [];
    throw err;
  }
}

/**
 * The text of the blob at `<commit>:<path>` (decoded as UTF-8, as git's output is), through the cat-file
 * pool, else a spawned `git cat-file blob`; null when there is no such blob. Never rejects.
 */
async function fileText(repoPath: string, commit: string, filePath: string): Promise<string | null> {
  const name = `${commit}:${filePath}`;
  try {
    const obj = await catFileContents(repoPath, name);
    if (obj && obj.type === 'blob' && 'content' in obj && obj.content) return obj.content.toString('utf8');
    if (obj === null || obj.type !== 'blob') return null;
    // Too large to buffer in the pool: git is spawned below.
  } catch {
    // A name the pool can't carry (CatFileUnsupportedName) or a failed process: git is spawned below.
  }
  try {
    return (await runGitRaw(['cat-file', 'blob', name], { gitDir: repoPath })).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Run `git <args>` (a `blame --incremental`), parsing its output as it arrives and passing each chunk's
 * first-seen commit ids to `onCommits`. Resolves to the parser when git exits 0.
 * @throws GitError with git's message when it fails, or when it runs longer than {@link BLAME_TIMEOUT_MS}.
 */
function runIncremental(
  repoPath: string,
  args: readonly string[],
  onCommits?: (ids: string[]) => void,
): Promise<BlameIncrementalParser> {
  return new Promise((resolve, reject) => {
    const parser = new BlameIncrementalParser();
    const child = spawnGit(args, { gitDir: repoPath });
    const fullArgs = [`--git-dir=${repoPath}`, ...args];
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, BLAME_TIMEOUT_MS);
    child.stdin.end();
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const fresh = parser.push(chunk);
      if (fresh.length > 0) onCommits?.(fresh);
    });
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 64 * 1024) stderr += chunk;
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new GitError(err.message, fullArgs, null, stderr));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0 && !timedOut) resolve(parser);
      else {
        const text = stderr.trim();
        const message = timedOut ? 'git blame timed out' : gitErrorMessage(text, `git blame exited ${code}`);
        reject(new GitError(message, fullArgs, code, text));
      }
    });
  });
}
