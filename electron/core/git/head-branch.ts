/** The branch a repository's HEAD points at (`git symbolic-ref`), set even before the branch exists. */
import { runGit } from './run-git.js';

/** `main` for `HEAD -> refs/heads/main`; null when HEAD is detached or unreadable. */
export async function headBranchName(repoPath: string): Promise<string | null> {
  try {
    const out = (await runGit(['symbolic-ref', '--quiet', 'HEAD'], { gitDir: repoPath })).trim();
    return out.startsWith('refs/heads/') ? out.slice('refs/heads/'.length) : null;
  } catch {
    return null;
  }
}
