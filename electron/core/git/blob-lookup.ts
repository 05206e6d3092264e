/**
 * Finding a blob by object name (GitLab's `Gitlab::Git::Blob.raw(repository, sha)`, which asks Gitaly's
 * GetBlob, i.e. `git cat-file` of the name): a full or abbreviated blob id, or any revision expression that
 * names a blob (`main:README.md`). Anything else (a commit, a tree, an unknown or option-like name) is
 * no blob.
 */
import { runGit } from './run-git.js';

/** A blob's full object id and size in bytes. */
export interface BlobInfo {
  id: string;
  size: number;
}

/** The blob `name` names, or null when it names none. */
export async function findBlob(repoPath: string, name: string): Promise<BlobInfo | null> {
  if (name === '' || name.startsWith('-') || /[\0\n]/.test(name)) return null;
  try {
    const out = await runGit(['cat-file', '--batch-check=%(objectname) %(objecttype) %(objectsize)'], {
      gitDir: repoPath,
      input: `${name}\n`,
    });
    const m = /^([0-9a-f]{40,64}) blob (\d+)$/.exec(out.trim());
    return m ? { id: m[1]!, size: Number(m[2]) } : null;
  } catch {
    return null;
  }
}
