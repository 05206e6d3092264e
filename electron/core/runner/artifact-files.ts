/**
 * Finding a job's report files (`artifacts:reports:junit` globs) in its working copy: paths relative to
 * the project directory, matched like GitLab Runner's artifact globs (`*` within a directory, `**`
 * across; commands/helpers/file_archiver.go matches with doublestar). The walk runs from a
 * `ContainedDir` (contained-files.ts): every subdirectory is opened relative to its parent with
 * `O_NOFOLLOW | O_DIRECTORY`, so neither a symlinked root nor a symlinked directory is followed, and a
 * symlink matching a glob is reported, never read. `.git` is skipped. Bounded: at most `maxFiles`
 * matches, `maxEntries` directory entries looked at in all, and `maxDepth` levels.
 */
import { globToRegExp } from '../ci/config/pipeline-seed.js';
import { ContainmentError } from './contained-files.js';
import type { ContainedDir } from './contained-files.js';

export interface ArtifactSearchLimits {
  /** Matching files returned at most (default 500). */
  maxFiles?: number;
  /** Directory entries looked at in all (default 100,000): a job can't make the walk endless. */
  maxEntries?: number;
  /** Directory levels below the root (default 32). */
  maxDepth?: number;
}

export interface ArtifactSearch {
  /** Matching regular files, relative to the root, in sorted walk order. */
  files: string[];
  /** Symlinks and other entries that were not followed or not read (at most 20 listed). */
  refused: { path: string; message: string }[];
  /** Refusals beyond the 20 listed. */
  moreRefused: number;
  /** Whether a limit stopped the walk (then `files` may be incomplete). */
  truncated: boolean;
}

const MAX_LISTED_REFUSALS = 20;

/**
 * The files under `root` matching any of `globs` (see the module comment).
 * @param root the project directory, opened with containment; not closed here.
 * @param globs GitLab artifact globs relative to the project directory (a leading `./` is ignored).
 */
export async function findArtifactFiles(
  root: ContainedDir,
  globs: readonly string[],
  limits: ArtifactSearchLimits = {},
): Promise<ArtifactSearch> {
  const maxFiles = limits.maxFiles ?? 500;
  const maxDepth = limits.maxDepth ?? 32;
  let entriesLeft = limits.maxEntries ?? 100_000;
  const patterns = globs.map((g) => globToRegExp(g.replace(/^\.\//, '')));
  const matches = (p: string) => patterns.some((r) => r.test(p));
  const result: ArtifactSearch = { files: [], refused: [], moreRefused: 0, truncated: false };
  const refuse = (p: string, message: string) => {
    if (result.refused.length < MAX_LISTED_REFUSALS) result.refused.push({ path: p, message });
    else result.moreRefused += 1;
  };

  const walk = async (dir: ContainedDir, rel: string, depth: number): Promise<void> => {
    let listing;
    try {
      listing = await dir.list(entriesLeft);
    } catch {
      refuse(rel || '.', `${rel || '.'}: the directory could not be read`);
      return;
    }
    const { entries, truncated } = listing;
    entriesLeft -= entries.length;
    if (truncated) result.truncated = true;
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (result.files.length >= maxFiles) {
        result.truncated = true;
        return;
      }
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.type === 'directory') {
        if (p === '.git') continue;
        if (depth >= maxDepth) {
          result.truncated = true;
          continue;
        }
        let sub: ContainedDir;
        try {
          sub = await dir.openDir(e.name);
        } catch (err) {
          if (err instanceof ContainmentError) refuse(p, err.message);
          continue;
        }
        try {
          await walk(sub, p, depth + 1);
        } finally {
          await sub.close();
        }
      } else if (e.type === 'symlink') {
        refuse(p, `${p}: it is a symbolic link, which is not followed`);
      } else if (matches(p)) {
        if (e.type === 'file') result.files.push(p);
        else refuse(p, `${p}: it is not a regular file (a FIFO, socket or device?)`);
      }
    }
  };
  await walk(root, '', 0);
  return result;
}
