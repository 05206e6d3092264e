/**
 * Setup the repository files tests share (electron/core/test/api/repository-files.test.ts and
 * services/repository-files/blame-file.test.ts): a source repository made with git at test time,
 * imported into a new project by the administrator, and the blame answer's wire shape.
 */
import { expect } from 'vitest';
import type { BlameRange } from '../../../../shared/api-types/repository.js';
import type { TestCore } from './test-core.js';

/** One range of `GET …/files/:file_path/blame` (doc/api/repository_files.md), as the wire carries it. */
export type BlameJson = BlameRange;

/**
 * Import the git repository at `sourceDir` into a new project of the administrator (`import_url`), wait
 * for the core's background work, and check the import finished. Returns the project id.
 */
export async function importSourceProject(
  t: TestCore,
  sourceDir: string,
  name: string,
  visibility: 'private' | 'internal' | 'public' = 'private',
): Promise<number> {
  const res = await t.api<{ id: number }>('POST', '/projects', {
    json: { name, visibility, import_url: sourceDir },
  });
  expect(res.status, res.text).toBe(201);
  await t.core.idle();
  const project = await t.api<{ import_status: string }>('GET', `/projects/${res.body.id}`);
  expect(project.body.import_status, project.text).toBe('finished');
  return res.body.id;
}
