/**
 * Copying one bare repository for a backup or a restore with `git clone --mirror --no-local`: git's
 * own transport (upload-pack → index-pack), so the copy is a consistent set of refs with every object
 * they need, checked as it is received, and never a half-written file copied from under a push.
 * Git runs through core/git's `runGit` (clean environment, no prompts, timeouts).
 */
import { runGit } from '../git/run-git.js';

/** The refs and HEAD of a repository. */
export interface RepositoryRefs {
  /** `refs/heads/main` → SHA, for every ref (`for-each-ref`). */
  refs: Record<string, string>;
  /** The ref HEAD points at, or null when HEAD is detached or unreadable. */
  head: string | null;
}

/** Ten minutes: a large repository's clone on a slow disk. */
const CLONE_TIMEOUT_MS = 10 * 60_000;

/** Every ref of the bare repository at `repoPath` and the ref HEAD names. */
export async function readRepositoryRefs(repoPath: string): Promise<RepositoryRefs> {
  const out = await runGit(['for-each-ref', '--format=%(refname) %(objectname)'], { gitDir: repoPath });
  const refs: Record<string, string> = {};
  for (const line of out.split('\n')) {
    const sp = line.indexOf(' ');
    if (sp > 0) refs[line.slice(0, sp)] = line.slice(sp + 1).trim();
  }
  const head = await runGit(['symbolic-ref', '-q', 'HEAD'], { gitDir: repoPath }).then(
    (s) => s.trim() || null,
    () => null,
  );
  return { refs, head };
}

/**
 * Mirror the bare repository `source` into `destination` (which must not exist): every ref, the
 * objects they reach, and HEAD pointing where the source's did (`head`, when given, wins). The copy
 * keeps no link to its source (the `origin` remote is removed).
 * @returns the copy's refs and HEAD.
 * @throws GitError when git fails (source missing or corrupt, destination exists, disk full).
 */
export async function mirrorRepository(
  source: string,
  destination: string,
  head?: string | null,
): Promise<RepositoryRefs> {
  const wantedHead =
    head ??
    (await runGit(['symbolic-ref', '-q', 'HEAD'], { gitDir: source }).then(
      (s) => s.trim() || null,
      () => null,
    ));
  await runGit(['clone', '--quiet', '--mirror', '--no-local', '--', source, destination], {
    timeoutMs: CLONE_TIMEOUT_MS,
  });
  await runGit(['config', '--remove-section', 'remote.origin'], { gitDir: destination });
  if (wantedHead) await runGit(['symbolic-ref', 'HEAD', wantedHead], { gitDir: destination });
  return readRepositoryRefs(destination);
}
