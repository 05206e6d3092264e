/**
 * Projects with real history for the branch, tag and protected-branch tests: a source repository made
 * with git at test time (`makeSourceRepository`: `trunk` with 3 commits and the annotated tag `v1.0`,
 * `feature` one commit ahead) imported by the administrator, and members added through the API.
 */
import { rm } from 'node:fs/promises';
import { gitDir, projectRepoPath } from './disk.js';
import { makeSourceRepository } from './git-fixtures.js';
import type { TestCore } from './test-core.js';

export interface ImportedProject {
  id: number;
  pathWithNamespace: string;
  webUrl: string;
  /** The bare repository on disk. */
  repo: string;
  /** Commits of the source: trunk's three (oldest first) and feature's head. */
  trunk: string[];
  featureHead: string;
}

/**
 * Import the fixture history into a new project of the administrator (default branch `trunk`).
 * @throws when the project can't be created or the import fails.
 */
export async function importFixtureProject(
  t: TestCore,
  name: string,
  opts: { visibility?: 'private' | 'internal' | 'public'; namespace_id?: number } = {},
): Promise<ImportedProject> {
  const src = await makeSourceRepository();
  try {
    const res = await t.api<{ id: number; path_with_namespace: string; web_url: string }>(
      'POST',
      '/projects',
      {
        json: {
          name,
          import_url: src.dir,
          visibility: opts.visibility ?? 'private',
          namespace_id: opts.namespace_id,
        },
      },
    );
    if (res.status !== 201) throw new Error(`project create failed: ${res.status} ${res.text}`);
    await t.core.idle();
    const check = await t.api<{ import_status: string; default_branch: string }>(
      'GET',
      `/projects/${res.body.id}`,
    );
    if (check.body.import_status !== 'finished') throw new Error(`import failed: ${check.text}`);
    const repo = projectRepoPath(t.dataDir, res.body.id);
    const trunk = gitDir(repo, 'rev-list', '--reverse', 'trunk').split('\n');
    return {
      id: res.body.id,
      pathWithNamespace: res.body.path_with_namespace,
      webUrl: res.body.web_url,
      repo,
      trunk,
      featureHead: src.featureHead,
    };
  } finally {
    await rm(src.dir, { recursive: true, force: true });
  }
}

/** Add a project member with `access_level` (10 Guest … 50 Owner) as the administrator. */
export async function addProjectMember(
  t: TestCore,
  projectId: number,
  userId: number,
  level: number,
): Promise<void> {
  const res = await t.api('POST', `/projects/${projectId}/members`, {
    json: { user_id: userId, access_level: level },
  });
  if (res.status !== 201) throw new Error(`adding member failed: ${res.status} ${res.text}`);
}
