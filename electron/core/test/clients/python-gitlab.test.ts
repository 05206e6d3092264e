/**
 * Client compatibility: python-gitlab (Debian's python3-gitlab, 3.12), unchanged, against a real core
 * over loopback. The Python scripts beside this file drive the endpoints; this test starts a core, runs
 * each script with a Python 3 that can `import gitlab`, and asserts its exit code and JSON output.
 *
 * Needs python3 with python-gitlab (`apt-get install python3-gitlab`); without it the test FAILS with
 * that instruction rather than skipping. `OUTPOST_PYTHON` names the interpreter to use; otherwise
 * /usr/bin/python3 (where Debian's package lives) and then `python3` on PATH are tried.
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_TOKEN, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SCRIPTS = path.join(HERE, 'python-gitlab');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run a program asynchronously (the core answering it lives in this process). */
function run(file: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      {
        env: { PATH: process.env.PATH, LANG: 'C.UTF-8', HOME: process.env.HOME, ...env },
        maxBuffer: 16 << 20,
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 127) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The first interpreter that can import python-gitlab, or an explanation of why none can. */
async function findPython(): Promise<{ python: string } | { missing: string }> {
  const candidates = [process.env.OUTPOST_PYTHON, '/usr/bin/python3', 'python3'].filter(
    (c): c is string => !!c,
  );
  const tried: string[] = [];
  for (const c of candidates) {
    const r = await run(c, ['-c', 'import gitlab, sys; sys.stdout.write(gitlab.__version__)']);
    if (r.code === 0) return { python: c };
    tried.push(`${c}: ${r.code === 127 ? 'not found' : r.stderr.trim().split('\n').pop()}`);
  }
  return {
    missing:
      'python-gitlab is required for the client compatibility tests: install it with ' +
      '`apt-get install -y python3-gitlab` (Debian, python-gitlab 3.12) or point OUTPOST_PYTHON at a ' +
      `python3 that can \`import gitlab\`. Tried: ${tried.join('; ')}`,
  };
}

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

  /** The CLI's environment: URL and token in its variables, a HOME without a config file. */
  const cliEnv = () => ({ GITLAB_URL: t.url, GITLAB_PRIVATE_TOKEN: ROOT_TOKEN, HOME: t.dataDir });

  /** `python3 -m gitlab -o json <args>`: the `gitlab` CLI as its own process. */
  async function cliProcess(...args: string[]): Promise<unknown> {
    if (!python) throw new Error(missing);
    const r = await run(python, ['-m', 'gitlab', '-o', 'json', ...args], cliEnv());
    expect(r.code, `gitlab ${args.join(' ')} exited ${r.code}:\n${r.stderr}${r.stdout}`).toBe(0);
    return r.stdout.trim() ? (JSON.parse(r.stdout) as unknown) : null;
  }

  /**
   * The same CLI code (`gitlab.cli.main`, unchanged) run by python-gitlab/cli_server.py, one command per
   * line in one Python process: a Python start and import per command took most of this test's time.
   */
  let server: ChildProcessWithoutNullStreams | null = null;
  let serverLines: AsyncIterator<string> | null = null;
  async function cli(...args: string[]): Promise<unknown> {
    if (!python) throw new Error(missing);
    if (!server) {
      server = spawn(python, [path.join(SCRIPTS, 'cli_server.py')], {
        env: { PATH: process.env.PATH, LANG: 'C.UTF-8', ...cliEnv() },
      });
      serverLines = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
    }
    server.stdin.write(`${JSON.stringify(['-o', 'json', ...args])}\n`);
    const line = await serverLines!.next();
    if (line.done) throw new Error('the CLI server ended');
    const r = JSON.parse(line.value) as { code: number; stdout: string; stderr: string };
    expect(r.code, `gitlab ${args.join(' ')} exited ${r.code}:\n${r.stderr}${r.stdout}`).toBe(0);
    return r.stdout.trim() ? (JSON.parse(r.stdout) as unknown) : null;
  }
  afterAll(() => {
    server?.stdin.end();
  });

  it('the gitlab CLI: group create/update/subgroups/delete, namespace get, user create/block/unblock', async () => {
    const g = (await cliProcess('group', 'create', '--name', 'CLI Group', '--path', 'cli-group')) as {
      id: number;
    };
    expect(g).toMatchObject({ name: 'CLI Group', full_path: 'cli-group' });
    const sub = (await cli(
      'group',
      'create',
      '--name',
      'CLI Sub',
      '--path',
      'cli-sub',
      '--parent-id',
      String(g.id),
    )) as {
      id: number;
    };
    await cli('group', 'update', '--id', String(g.id), '--description', 'via the CLI');
    expect(await cli('group', 'get', '--id', 'cli-group')).toMatchObject({
      id: g.id,
      description: 'via the CLI',
    });
    const subs = (await cli('group-subgroup', 'list', '--group-id', String(g.id))) as { id: number }[];
    expect(subs.map((s) => s.id)).toEqual([sub.id]);
    expect(await cli('namespace', 'get', '--id', 'cli-group/cli-sub')).toMatchObject({
      id: sub.id,
      kind: 'group',
    });
    const all = (await cli('group-member-all', 'list', '--group-id', String(sub.id))) as {
      username: string;
    }[];
    expect(all.map((m) => m.username)).toEqual(['root']);

    const u = (await cli(
      'user',
      'create',
      '--username',
      'cliuser',
      '--name',
      'Cli User',
      '--email',
      'cliuser@example.com',
      '--password',
      'a-long-enough-password',
    )) as { id: number };
    await cli('user', 'block', '--id', String(u.id));
    expect(await cli('user', 'get', '--id', String(u.id))).toMatchObject({ state: 'blocked' });
    await cli('user', 'unblock', '--id', String(u.id));
    expect(await cli('user', 'get', '--id', String(u.id))).toMatchObject({ state: 'active' });

    await cli('group', 'delete', '--id', String(g.id));
    const gone = await t.api('GET', `/groups/${sub.id}`);
    expect(gone.status).toBe(404);
  }, 120_000);
});
