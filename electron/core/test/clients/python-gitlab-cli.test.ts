/**
 * Client compatibility: python-gitlab 3.12's `gitlab` CLI (Debian's python3-gitlab), unchanged, against a
 * real core over loopback — groups, namespaces and users, then projects, repository, merge requests,
 * issues, milestones, labels, CI and administration. One command runs as `python3 -m gitlab`; the others
 * through the same CLI code in one Python process (python-gitlab-runner.ts), with `-o json` output parsed.
 * Without python-gitlab this FAILS with the install instruction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForPipeline } from '../helpers/pipelines.js';
import { ROOT_TOKEN, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { PythonGitlabCli, findPython } from './python-gitlab-runner.js';

describe('the gitlab CLI (python-gitlab 3.12, unchanged) against the core', () => {
  let t: TestCore;
  let gitlab: PythonGitlabCli | null = null;
  let missing = '';

  beforeAll(async () => {
    t = await startTestCore();
    const found = await findPython();
    if ('python' in found)
      gitlab = new PythonGitlabCli(found.python, {
        GITLAB_URL: t.url,
        GITLAB_PRIVATE_TOKEN: ROOT_TOKEN,
        HOME: t.dataDir,
      });
    else missing = found.missing;
  });
  afterAll(async () => {
    gitlab?.close();
    await t.close();
  });

  function parse(args: string[], r: { code: number; stdout: string; stderr: string }): unknown {
    expect(r.code, `gitlab ${args.join(' ')} exited ${r.code}:\n${r.stderr}${r.stdout}`).toBe(0);
    return r.stdout.trim() ? (JSON.parse(r.stdout) as unknown) : null;
  }

  /** `python3 -m gitlab -o json <args>`: the CLI as its own process. */
  async function cliProcess(...args: string[]): Promise<unknown> {
    if (!gitlab) throw new Error(missing);
    return parse(args, await gitlab.process(['-o', 'json', ...args]));
  }

  /** `gitlab -o json <args>` through the shared CLI process. */
  async function cli(...args: string[]): Promise<unknown> {
    if (!gitlab) throw new Error(missing);
    return parse(args, await gitlab.command(['-o', 'json', ...args]));
  }

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
    expect((await t.api('GET', `/users/${u.id}`)).body).toMatchObject({ state: 'blocked' });
    await cli('user', 'unblock', '--id', String(u.id));
    expect((await t.api('GET', `/users/${u.id}`)).body).toMatchObject({ state: 'active' });

    await cli('group', 'delete', '--id', String(g.id));
    const gone = await t.api('GET', `/groups/${sub.id}`);
    expect(gone.status).toBe(404);
  }, 120_000);

  // The CLI does the writes, the core's HTTP API checks the results. (The shared CLI process builds
  // python-gitlab's whole argument parser once, not per command: python-gitlab/cli_server.py.)
  it('the gitlab CLI: projects, repository, merge requests, issues, milestones, labels, CI, settings', async () => {
    const p = (await cli('project', 'create', '--name', 'CLI App', '--initialize-with-readme', 'true')) as {
      id: number;
      default_branch: string;
    };
    expect(p).toMatchObject({ path_with_namespace: 'root/cli-app', default_branch: 'main' });
    const id = String(p.id);
    await cli('project-branch', 'create', '--project-id', id, '--branch', 'cli-feature', '--ref', 'main');
    await cli(
      'project-file',
      'create',
      '--project-id',
      id,
      '--file-path',
      'cli.txt',
      '--branch',
      'cli-feature',
      '--content',
      'from the CLI',
      '--commit-message',
      'CLI file',
    );
    const tree = (await cli('project', 'repository-tree', '--id', id, '--ref', 'cli-feature')) as {
      path: string;
    }[];
    expect(tree.map((e) => e.path).sort()).toEqual(['README.md', 'cli.txt']);
    await cli('project-tag', 'create', '--project-id', id, '--tag-name', 'v0.1', '--ref', 'main');
    const tags = await t.api<{ name: string }[]>('GET', `/projects/${id}/repository/tags`);
    expect(tags.body.map((x) => x.name)).toEqual(['v0.1']);
    await cli('project-protected-branch', 'create', '--project-id', id, '--name', 'release-*');

    await cli('project-label', 'create', '--project-id', id, '--name', 'bug', '--color', '#ff0000');
    const m = (await cli('project-milestone', 'create', '--project-id', id, '--title', 'v1')) as {
      id: number;
    };
    await cli('project-milestone', 'update', '--project-id', id, '--id', String(m.id), '--title', 'v1.0');
    const issue = (await cli(
      'project-issue',
      'create',
      '--project-id',
      id,
      '--title',
      'CLI issue',
      '--labels',
      'bug',
      '--milestone-id',
      String(m.id),
    )) as { iid: number };
    expect((await t.api('GET', `/projects/${id}/issues/${issue.iid}`)).body).toMatchObject({
      labels: ['bug'],
      milestone: { title: 'v1.0' },
    });

    const mr = (await cli(
      'project-merge-request',
      'create',
      '--project-id',
      id,
      '--source-branch',
      'cli-feature',
      '--target-branch',
      'main',
      '--title',
      'CLI MR',
      '--description',
      `Closes #${issue.iid}`,
    )) as { iid: number };
    await cli(
      'project-merge-request-note',
      'create',
      '--project-id',
      id,
      '--mr-iid',
      String(mr.iid),
      '--body',
      'LGTM',
    );
    await cli('project-merge-request', 'approve', '--project-id', id, '--iid', String(mr.iid));
    await t.core.idle();
    await cli('project-merge-request', 'merge', '--project-id', id, '--iid', String(mr.iid));
    expect((await t.api('GET', `/projects/${id}/merge_requests/${mr.iid}`)).body).toMatchObject({
      state: 'merged',
    });
    expect((await t.api('GET', `/projects/${id}/issues/${issue.iid}`)).body).toMatchObject({
      state: 'closed',
    });
    await cli('project-milestone', 'delete', '--project-id', id, '--id', String(m.id));

    await cli(
      'project-file',
      'create',
      '--project-id',
      id,
      '--file-path',
      '.gitlab-ci.yml',
      '--branch',
      'main',
      '--content',
      'job:\n  script: [echo from the CLI pipeline]\n',
      '--commit-message',
      'CI',
    );
    const pipeline = (await cli('project-pipeline', 'create', '--project-id', id, '--ref', 'main')) as {
      id: number;
    };
    expect((await waitForPipeline(t, p.id, pipeline.id)).status).toBe('success');
    const [job] = (await t.api<{ id: number }[]>('GET', `/projects/${id}/jobs`)).body;
    const trace = await gitlab!.command([
      'project-job',
      'trace',
      '--project-id',
      id,
      '--id',
      String(job!.id),
    ]);
    expect(trace).toMatchObject({ code: 0, stdout: expect.stringContaining('from the CLI pipeline') });

    await cli('application-settings', 'update', '--default-projects-limit', '42', '--signup-enabled', 'true');
    expect((await t.api('GET', '/application/settings')).body).toMatchObject({
      default_projects_limit: 42,
      signup_enabled: true,
    });
    await cli('variable', 'create', '--key', 'CLI_VAR', '--value', 'cli-value');
    expect((await t.api('GET', '/admin/ci/variables/CLI_VAR')).body).toMatchObject({ value: 'cli-value' });
    const events = (await cli('audit-event', 'list')) as unknown[];
    expect(events.length).toBeGreaterThan(0);

    await t.api('POST', '/groups', { json: { name: 'CLI Target', path: 'cli-target' } });
    await cli('project', 'transfer', '--id', id, '--to-namespace', 'cli-target');
    expect((await t.api('GET', `/projects/${id}`)).body).toMatchObject({
      path_with_namespace: 'cli-target/cli-app',
    });
    await cli('project', 'delete', '--id', id);
    expect((await t.api('GET', `/projects/${id}`)).status).toBe(404);
  }, 120_000);
});
