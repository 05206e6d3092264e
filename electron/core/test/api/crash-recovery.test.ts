/**
 * What a core finishes on start-up after a crash. A crash can't be produced through the API, so with
 * the first core stopped the tests leave behind on disk and in its SQLite file exactly what a crash at
 * the wrong moment would leave, then start a second core on the same data dir and check the result.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitDir, isBareRepository, openCoreDatabase, projectRepoPath, refs } from '../helpers/disk.js';
import { git, makeSourceRepository } from '../helpers/git-fixtures.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface ProjectJson {
  id: number;
  empty_repo: boolean;
  default_branch: string | null;
  import_status: string;
  import_error: string | null;
}

describe('crash recovery on start-up', () => {
  let first: TestCore;
  let second: TestCore;
  let source: Awaited<ReturnType<typeof makeSourceRepository>>;
  let lostRepoProject: number;
  let untouchedProject: number;
  let interruptedImport: number;
  let scheduledImport: number;
  const leftoverDiskPath = '@hashed/00/11/leftover-from-a-crash.git';
  let leftoverDir: string;

  beforeAll(async () => {
    source = await makeSourceRepository();
    first = await startTestCore();
    const create = async (body: Record<string, unknown>) => {
      const res = await first.api<ProjectJson>('POST', '/projects', { json: body });
      expect(res.status).toBe(201);
      return res.body.id;
    };
    lostRepoProject = await create({ name: 'Lost Repo', initialize_with_readme: true });
    untouchedProject = await create({ name: 'Untouched', initialize_with_readme: true });
    interruptedImport = await create({ name: 'Interrupted Import' });
    scheduledImport = await create({ name: 'Scheduled Import' });
    await first.core.idle();
    await first.stop();

    // 1. The repository directory disappeared while the core was down (or creation crashed before git init).
    await rm(projectRepoPath(first.dataDir, lostRepoProject), { recursive: true });

    // 2. A deletion committed its queue row but crashed before removing the directory.
    leftoverDir = path.join(first.dataDir, 'repositories', 'default', leftoverDiskPath);
    await mkdir(path.join(leftoverDir, 'objects'), { recursive: true });
    await writeFile(path.join(leftoverDir, 'HEAD'), 'ref: refs/heads/main\n');

    // 3. Imports cut short while running ('started') or before they began ('scheduled').
    const db = openCoreDatabase(first.dataDir, { writable: true });
    try {
      db.prepare('INSERT INTO repository_removals (storage, disk_path, created_at) VALUES (?, ?, ?)').run(
        'default',
        leftoverDiskPath,
        new Date().toISOString(),
      );
      const setImport = db.prepare('UPDATE projects SET import_url = ?, import_status = ? WHERE id = ?');
      setImport.run(source.dir, 'started', interruptedImport);
      setImport.run(source.dir, 'scheduled', scheduledImport);
    } finally {
      db.close();
    }

    second = await startTestCore({ dataDir: first.dataDir });
    await second.core.idle();
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
    await rm(source.dir, { recursive: true, force: true });
  });

  it('gives a project whose repository vanished an empty bare repository again', async () => {
    const repo = projectRepoPath(second.dataDir, lostRepoProject);
    expect(isBareRepository(repo)).toBe(true);
    expect(gitDir(repo, 'for-each-ref')).toBe('');
    const res = await second.api<ProjectJson>('GET', `/projects/${lostRepoProject}`);
    expect(res.status).toBe(200);
    expect(res.body.empty_repo).toBe(true);
  });

  it('leaves intact repositories alone', async () => {
    const repo = projectRepoPath(second.dataDir, untouchedProject);
    expect(gitDir(repo, 'log', '--format=%s', 'main')).toBe('Initial commit');
    const res = await second.api<ProjectJson>('GET', `/projects/${untouchedProject}`);
    expect(res.body.empty_repo).toBe(false);
  });

  it('finishes a queued repository removal: directory and queue row gone', () => {
    expect(existsSync(leftoverDir)).toBe(false);
    // The shard itself survives.
    expect(existsSync(path.join(second.dataDir, 'repositories', 'default'))).toBe(true);
    const db = openCoreDatabase(second.dataDir);
    try {
      expect(db.prepare('SELECT count(*) AS n FROM repository_removals').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });

  it.each([
    ['started', () => interruptedImport],
    ['scheduled', () => scheduledImport],
  ])('resumes an import left %s and finishes it', async (_state, id) => {
    const res = await second.api<ProjectJson>('GET', `/projects/${id()}`);
    expect(res.body).toMatchObject({
      import_status: 'finished',
      import_error: null,
      default_branch: 'trunk',
      empty_repo: false,
    });
    const repo = projectRepoPath(second.dataDir, id());
    expect(refs(repo)).toEqual(
      [
        `refs/heads/feature ${source.featureHead}`,
        `refs/heads/trunk ${source.trunkHead}`,
        `refs/tags/v1.0 ${git(source.dir, 'rev-parse', 'refs/tags/v1.0')}`,
      ].sort(),
    );
  });

  it('keeps serving the API with the same root token after the restart', async () => {
    const res = await second.api<{ username: string }>('GET', '/user');
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('root');
    expect(second.core.initialRootToken).toBeNull();
  });
});
