/**
 * A demo build that cannot finish, against a real host and core: a small generated repository with too
 * little history. The build imports it, then fails at the merge request step with a sentence naming the
 * step, and keeps what it made (group, users, imported project, instance settings).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../../shared/ipc-contract.js';
import { createHost, type Host } from '../host.js';
import { loadCreateCore } from '../load-core.js';
import { createKeyFileCipher } from '../vault/key-file-cipher.js';
import { DEMO_PROJECT_FULL_PATH } from './demo-context.js';

let dir: string;
let repo: string;
let host: Host;

function git(...args: string[]) {
  execFileSync('git', args, {
    cwd: repo,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Ada',
      GIT_AUTHOR_EMAIL: 'ada@example.com',
      GIT_COMMITTER_NAME: 'Ada',
      GIT_COMMITTER_EMAIL: 'ada@example.com',
    },
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-demo-fail-'));
  repo = join(dir, 'tiny');
  execFileSync('git', ['init', '--quiet', '--initial-branch=main', repo]);
  await writeFile(join(repo, 'README.md'), '# Tiny\n');
  git('add', '.');
  git('commit', '--quiet', '-m', 'First commit');
  await writeFile(join(repo, 'README.md'), '# Tiny\n\nA second line.\n');
  git('commit', '--quiet', '-am', 'Second commit');
  host = await createHost({
    appDataDir: join(dir, 'app'),
    shell: 'browser-host',
    version: '0.0.0-test',
    cipher: await createKeyFileCipher(join(dir, 'app', 'host')),
    cipherId: 'key-file',
    createCore: await loadCreateCore(),
    openExternal: async () => undefined,
    env: {},
    corePort: false,
    exportDir: join(dir, 'exports'),
    defaultDemoRepository: null,
  });
}, 60_000);

afterAll(async () => {
  await host?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a demo build that fails', () => {
  it('needs a repository when the host has no default one', async () => {
    await expect(host.demo.load({})).rejects.toMatchObject({
      code: 'bad_request',
      message: 'Choose a local git repository to build the demo from.',
    });
    expect(host.demo.status().state).toBe('idle');
  });

  it('reports the failing step with a sentence and keeps what it made', async () => {
    const started = await host.demo.load({ repositoryPath: repo });
    expect(started.state).toBe('running');
    await host.demo.idle();
    const status = host.demo.status();
    expect(status.state).toBe('failed');
    expect(status.step).toBe('Opening merge requests from real history');
    expect(status.error).toBe(
      'Opening merge requests from real history failed: The repository needs at least 3 commits with one parent and a small diff on main; found 1.',
    );
    expect(status.completed).toBe(3);
    expect(status.project?.pathWithNamespace).toBe(DEMO_PROJECT_FULL_PATH);
    expect(status.finishedAt).toBeDefined();

    const project = (await host.proxy.request({
      method: 'GET',
      path: `/projects/${encodeURIComponent(DEMO_PROJECT_FULL_PATH)}`,
    })) as ApiResponse<{ import_status: string }>;
    expect(project.status).toBe(200);
    expect(project.body.import_status).toBe('finished');
    const users = (await host.proxy.request({
      method: 'GET',
      path: '/users',
      query: { per_page: 100 },
    })) as ApiResponse<unknown[]>;
    expect(users.body).toHaveLength(5);
    const variables = (await host.proxy.request({
      method: 'GET',
      path: '/admin/ci/variables',
    })) as ApiResponse<unknown[]>;
    expect(variables.body).toHaveLength(3);
  });
});
