/**
 * Finding a job's report files (`artifacts:reports:junit` globs) in its working copy: paths relative to
 * the project directory, matched like GitLab Runner's artifact globs (`*` within a directory, `**`
 * across). Symbolic links and `.git` are not followed; at most `limit` files.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { globToRegExp } from '../ci/config/pipeline-seed.js';

export async function findArtifactFiles(
  root: string,
  globs: readonly string[],
  limit = 500,
): Promise<string[]> {
  const patterns = globs.map((g) => globToRegExp(g.replace(/^\.\//, '')));
  const found: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    if (found.length >= limit) return;
    let entries;
    try {
      entries = await readdir(path.join(root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (p !== '.git') await walk(p);
      } else if (e.isFile() && patterns.some((r) => r.test(p))) {
        found.push(p);
        if (found.length >= limit) return;
      }
    }
  };
  await walk('');
  return found;
}
