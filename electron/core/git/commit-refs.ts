/**
 * The branches and tags that contain a commit (Gitaly's ListBranchNamesContainingCommit and
 * ListTagNamesContainingCommit: `git for-each-ref --contains`), in ONE `for-each-ref` over
 * `refs/heads/` and `refs/tags/`, cached per repository while its refs are unchanged (refs-cache.ts).
 */
import { cachedRefRead } from './refs-cache.js';
import { runGit } from './run-git.js';

/** Branch and tag names (without `refs/heads/` / `refs/tags/`), each sorted by name as git sorts refs. */
export interface RefsContaining {
  branches: string[];
  tags: string[];
}

/** Split `for-each-ref --format=%(refname)` output into branch and tag names. Pure; unit-tested. */
export function parseContainingRefs(out: string): RefsContaining {
  const branches: string[] = [];
  const tags: string[] = [];
  for (const line of out.split('\n')) {
    if (line.startsWith('refs/heads/')) branches.push(line.slice('refs/heads/'.length));
    else if (line.startsWith('refs/tags/')) tags.push(line.slice('refs/tags/'.length));
  }
  return { branches, tags };
}

/**
 * The branches and tags whose history contains `commitId` (a full commit id: resolve names first). One
 * walk answers both lists; git stops walking a ref's history once it is older than the commit (it uses
 * the commit-graph's generation numbers when the repository has one).
 * @throws GitError for an unknown commit.
 */
export async function refsContainingCommit(repoPath: string, commitId: string): Promise<RefsContaining> {
  const refs = await cachedRefRead(repoPath, `contains:${commitId}`, async () =>
    parseContainingRefs(
      await runGit(
        ['for-each-ref', '--format=%(refname)', `--contains=${commitId}`, 'refs/heads/', 'refs/tags/'],
        { gitDir: repoPath },
      ),
    ),
  );
  return { branches: [...refs.branches], tags: [...refs.tags] };
}
