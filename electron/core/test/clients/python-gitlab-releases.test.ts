/**
 * Client compatibility for the Releases API (issue 26): python-gitlab 3.12 (Debian's python3-gitlab),
 * unchanged, as a library (python-gitlab/releases.py) and as the `gitlab` CLI (`project-release`
 * create/list/get/update/delete), against a real core over loopback. Without python-gitlab this FAILS
 * with the install instruction (python-gitlab-runner.ts), as the other python-gitlab suites do.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_TOKEN, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { PythonGitlabCli, SCRIPTS, findPython, run } from './python-gitlab-runner.js';

describe('python-gitlab (unchanged) and its CLI: releases against the core', () => {
  let t: TestCore;
  let python: string | null = null;
  let cliRunner: PythonGitlabCli | null = null;
  let missing = '';

  beforeAll(async () => {
    t = await startTestCore();
    const found = await findPython();
    if ('python' in found) {
      python = found.python;
      cliRunner = new PythonGitlabCli(found.python, {
        GITLAB_URL: t.url,
        GITLAB_PRIVATE_TOKEN: ROOT_TOKEN,
        HOME: t.dataDir,
      });
    } else missing = found.missing;
  });
  afterAll(async () => {
    cliRunner?.close();
    await t.close();
  });

  it('the library: create (existing tag, tag from ref), list, get, save, 409, delete (releases.py)', async () => {
    if (!python) throw new Error(missing);
    const r = await run(python, [path.join(SCRIPTS, 'releases.py')], {
      OUTPOST_URL: t.url,
      OUTPOST_TOKEN: ROOT_TOKEN,
    });
    expect(r.code, `releases.py exited ${r.code}:\n${r.stderr}`).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      created: ['v1.0', 'Py One', '2020-01-01T00:00:00.000Z', ['Py M1']],
      created_with_ref: ['v2.0', true],
      tag_made: 'v2.0',
      // released_at desc: v2.0 was released now, v1.0 in 2020.
      list: ['v2.0', 'v1.0'],
      list_created_asc: ['v1.0', 'v2.0'],
      get: ['First from python-gitlab', false, ['tar', 'tar.bz2', 'tar.gz', 'zip']],
      after_save: 'Edited by python-gitlab',
      tag_release: { tag_name: 'v1.0', description: 'Edited by python-gitlab' },
      conflict: [409, 'Release already exists'],
      after_delete: 404,
      tag_kept: 'v2.0',
    });
  }, 120_000);

  it('the gitlab CLI: project-release create/list/get/update/delete', async () => {
    if (!cliRunner) throw new Error(missing);
    const cli = async (...args: string[]): Promise<unknown> => {
      const r = await cliRunner!.command(['-o', 'json', ...args]);
      expect(r.code, `gitlab ${args.join(' ')} exited ${r.code}:\n${r.stderr}${r.stdout}`).toBe(0);
      return r.stdout.trim() ? (JSON.parse(r.stdout) as unknown) : null;
    };
    const project = (await cli(
      'project',
      'create',
      '--name',
      'CLI Releases',
      '--initialize-with-readme',
      'true',
    )) as {
      id: number;
      default_branch: string;
    };
    const pid = String(project.id);
    const created = await cli(
      'project-release',
      'create',
      '--project-id',
      pid,
      '--tag-name',
      'cli-1.0',
      '--ref',
      project.default_branch,
      '--name',
      'CLI One',
      '--description',
      'From the CLI',
    );
    expect(created).toMatchObject({ tag_name: 'cli-1.0', name: 'CLI One', description: 'From the CLI' });
    const list = (await cli('project-release', 'list', '--project-id', pid)) as { tag_name: string }[];
    expect(list.map((r) => r.tag_name)).toEqual(['cli-1.0']);
    await cli(
      'project-release',
      'update',
      '--project-id',
      pid,
      '--tag-name',
      'cli-1.0',
      '--description',
      'Edited from the CLI',
    );
    expect(await cli('project-release', 'get', '--project-id', pid, '--tag-name', 'cli-1.0')).toMatchObject({
      tag_name: 'cli-1.0',
      description: 'Edited from the CLI',
    });
    await cli('project-release', 'delete', '--project-id', pid, '--tag-name', 'cli-1.0');
    const gone = await cliRunner.command([
      '-o',
      'json',
      'project-release',
      'get',
      '--project-id',
      pid,
      '--tag-name',
      'cli-1.0',
    ]);
    expect(gone.code).not.toBe(0);
    expect(`${gone.stderr}${gone.stdout}`).toContain('404');
    const tag = (await cli('project-tag', 'get', '--project-id', pid, '--name', 'cli-1.0')) as {
      name: string;
    };
    expect(tag.name).toBe('cli-1.0');
  }, 120_000);
});
