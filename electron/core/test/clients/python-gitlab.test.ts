/**
 * Client compatibility: python-gitlab (Debian's python3-gitlab, 3.12), unchanged, against a real core
 * over loopback. The Python scripts beside this file drive the endpoints; this test starts a core, runs
 * each script with a Python 3 that can `import gitlab`, and asserts its exit code and JSON output.
 *
 * Needs python3 with python-gitlab (`apt-get install python3-gitlab`); without it the test FAILS with
 * that instruction rather than skipping. `OUTPOST_PYTHON` names the interpreter to use; otherwise
 * /usr/bin/python3 (where Debian's package lives) and then `python3` on PATH are tried.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_TOKEN, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { SCRIPTS, findPython, run } from './python-gitlab-runner.js';

describe('python-gitlab (unchanged) against the core', () => {
  let t: TestCore;
  let python: string | null = null;
  let missing = '';

  beforeAll(async () => {
    const found = await findPython();
    if ('python' in found) python = found.python;
    else missing = found.missing;
    t = await startTestCore();
  });
  afterAll(async () => t.close());

  async function script(name: string): Promise<Record<string, unknown>> {
    if (!python) throw new Error(missing);
    const r = await run(python, [path.join(SCRIPTS, name)], {
      OUTPOST_URL: t.url,
      OUTPOST_TOKEN: ROOT_TOKEN,
    });
    expect(r.code, `${name} exited ${r.code}:\n${r.stderr}`).toBe(0);
    return JSON.parse(r.stdout) as Record<string, unknown>;
  }

  it('groups, namespaces, members and users (groups_users.py)', async () => {
    const out = await script('groups_users.py');
    expect(out).toEqual({
      python_gitlab: expect.stringMatching(/^\d+\.\d+/),
      current_user: 'root',
      top_after_save: 'managed by python-gitlab',
      subgroups: ['py-top/py-sub'],
      descendants: ['py-top/py-sub', 'py-top/py-sub/py-leaf'],
      updated_name: 'Py Sub Renamed',
      user_after_update: { name: 'Py User Renamed', note: 'set by python-gitlab' },
      states: [true, 'blocked', 'blocked', true, 'active', 'banned', 'active', 'deactivated', 'active'],
      self_block: {
        code: 403,
        message: '403 Forbidden - The API initiating user cannot be blocked by the API',
      },
      sub_members_all: [
        ['pyuser', 40],
        ['root', 50],
      ],
      project_members_all: [
        ['pyuser', 40],
        ['root', 50],
      ],
      group_projects: ['py-top/py-sub/py-leaf/py-app'],
      memberships: [
        ['Namespace', 'Py Sub Renamed', 40],
        ['Namespace', 'Py Top', 30],
      ],
      namespace_by_id: 'py-top/py-sub',
      namespace_by_path: true,
      exists: { exists: true, suggests: ['py-top1'] },
      exists_under: { exists: true, suggests: ['py-sub1'] },
      leaf_after_transfer: 'py-leaf',
      leaf_after_transfer_back: 'py-top/py-leaf',
      top_after_delete: 404,
      project_after_delete: 404,
      user_after_delete: 404,
    });
  }, 120_000);

  it('commits with actions, compare and merge_base (commits.py)', async () => {
    const out = await script('commits.py');
    expect(out).toEqual({
      first: {
        title: 'Initial commit',
        author: ['Py Author', 'py@example.com'],
        stats: { additions: 2, deletions: 0, total: 2 },
        parents: [],
      },
      default_branch: 'main',
      second_parents_ok: true,
      duplicate: { code: 400, message: 'A file with this name already exists' },
      compare: {
        commit: true,
        commits: 1,
        diffs: [
          ['README.md', 'README.md'],
          ['bin/tool', 'tools/tool'],
        ],
        same: false,
      },
      merge_base_is_first: true,
    });
  }, 120_000);

  it('every area of the spec, day to day (everyday.py)', async () => {
    const out = await script('everyday.py');
    expect(out).toEqual({
      project: 'root/py-everyday',
      project_after_save: ['edited by python-gitlab', 'avatar.png'],
      avatar_bytes: true,
      file: ['src/app.txt', 'hello\n'],
      raw: 'hello again\n',
      tree: ['README.md', 'src', 'src/app.txt'],
      commits: ['Edit app', 'Add app', 'Initial commit'],
      branches: ['main', 'py-feature'],
      tags: ['v1.0'],
      protected: ['py-*', [40]],
      mr: [1, 'opened', ['client', 'py']],
      mr_notes: ['A note'],
      discussion: ['A thread', 'A reply'],
      approved_by: ['root'],
      merged: 'merged',
      merge_again: 405,
      pipeline: ['api', 'success'],
      pipeline_variables: [['PY', '1']],
      job: ['build', 'success'],
      trace_ok: true,
      environment: 'py-env',
      deployment: 'success',
      issue: ['closed', ['bug', 'py'], 'v1.0'],
      participants: ['root'],
      milestones_after_delete: 0,
      settings: [12, ['example.com', 'example.org'], true],
      variable: 'v2',
      variables_after_delete: [],
      audit_events: true,
      plan_limits: 4321,
      cluster: ['py-cluster'],
      storage_moves: [],
      token_user: 'pyeveryday',
      revoked: [['py-token'], 401],
      user_avatar: 'avatar.png',
      transferred: 'py-dest/py-everyday',
      project_after_delete: 404,
    });
  }, 120_000);

  it('the endpoints issue 16 added (newer.py)', async () => {
    const out = await script('newer.py');
    expect(out).toEqual({
      groups: ['py-new'],
      blob: [true, 'base64'],
      raw_blob_matches: true,
      archive: ['README.md'],
      closed_by: [1],
      related: [1],
      mr_pipeline_source: 'merge_request_event',
      created_pipeline_source: 'merge_request_event',
      mwps_set: true,
      mwps_cancelled: true,
      merged: true,
      issue_state: 'closed',
      sudo: 'pysudo',
      sudo_project: 'pysudo/py-sudo-project',
    });
  }, 120_000);
});
