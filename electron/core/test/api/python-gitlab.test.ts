/**
 * python-gitlab 3.12 (Debian's python3-gitlab), unchanged, against a real core over loopback (issue 16,
 * "Content type"): before 3.14 it parses a body as JSON only when Content-Type is exactly
 * `application/json`, so these calls fail with "Attempted to initialize RESTObject with a non-dictionary
 * value" unless the core answers as GitLab does. Runs only where Debian's `/usr/bin/python3 -c "import gitlab"`
 * works (`apt-get install python3-gitlab`); with OUTPOST_REQUIRE_PYTHON_GITLAB=1 (CI) a missing package fails.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../helpers/pipelines.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

/** Debian's interpreter, where python3-gitlab installs (a pyenv shim on PATH may be another Python). */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

function hasPythonGitlab(): boolean {
  try {
    execFileSync(PYTHON, ['-c', 'import gitlab'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const SCRIPT = `
import json, sys, gitlab
url, token, pid = sys.argv[1], sys.argv[2], int(sys.argv[3])
gl = gitlab.Gitlab(url, private_token=token)
gl.auth()
out = {"version": gitlab.__version__, "user": gl.user.username}
out["projects"] = [p.id for p in gl.projects.list()]
p = gl.projects.get(pid)
out["project"] = p.path_with_namespace
out["label"] = p.labels.create({"name": "from-python", "color": "#ff0000"}).name
out["issue"] = p.issues.create({"title": "From python"}).title
out["branches"] = sorted(b.name for b in p.branches.list())
try:
    p.labels.create({"name": "from-python", "color": "#ff0000"})
except gitlab.exceptions.GitlabCreateError as e:
    out["duplicate"] = [e.response_code, e.error_message]
try:
    gl.projects.get(999999)
except gitlab.exceptions.GitlabGetError as e:
    out["missing"] = [e.response_code, e.error_message]
print(json.dumps(out))
`;

const PYTHON_GITLAB = hasPythonGitlab();

// CI (.ci/run sets OUTPOST_REQUIRE_PYTHON_GITLAB=1 after installing the package) must never skip these.
describe.runIf(process.env.OUTPOST_REQUIRE_PYTHON_GITLAB === '1')(
  'python-gitlab is installed where required',
  () => {
    it("imports with Debian's python3 (apt-get install python3-gitlab)", () => {
      expect(PYTHON_GITLAB, `${PYTHON} -c "import gitlab" failed: install python3-gitlab`).toBe(true);
    });
  },
);

describe.runIf(PYTHON_GITLAB)('python-gitlab (Debian python3-gitlab) against the core', () => {
  let t: TestCore;
  let project: { id: number; path: string };
  beforeAll(async () => {
    t = await startTestCore();
    project = await createProject(t);
  });
  afterAll(async () => t.close());

  it('reads, creates and reports errors as the library expects', async () => {
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        PYTHON,
        ['-c', SCRIPT, t.url, t.rootToken, String(project.id)],
        { timeout: 30_000 },
        (err, out, errText) => (err ? reject(new Error(`${err.message}\n${errText}`)) : resolve(out)),
      ),
    );
    const out = JSON.parse(stdout) as Record<string, unknown>;
    expect(out).toEqual({
      version: expect.stringMatching(/^\d+\.\d+/),
      user: 'root',
      projects: [project.id],
      project: project.path,
      label: 'from-python',
      issue: 'From python',
      branches: ['main'],
      duplicate: [409, 'Label already exists'],
      missing: [404, '404 Project Not Found'],
    });
  });

  it('serves its CLI (`python3 -m gitlab`, the `gitlab` command)', async () => {
    const run = (args: string[]) =>
      new Promise<string>((resolve, reject) =>
        execFile(
          PYTHON,
          ['-m', 'gitlab', '--server-url', t.url, '--private-token', t.rootToken, '-o', 'json', ...args],
          { timeout: 30_000, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: t.dataDir } },
          (err, out, errText) => (err ? reject(new Error(`${err.message}\n${errText}`)) : resolve(out)),
        ),
      );
    const got = JSON.parse(await run(['project', 'get', '--id', String(project.id)])) as {
      path_with_namespace: string;
    };
    expect(got.path_with_namespace).toBe(project.path);
    const issue = JSON.parse(
      await run(['project-issue', 'create', '--project-id', String(project.id), '--title', 'From the CLI']),
    ) as { title: string; iid: number };
    expect(issue.title).toBe('From the CLI');
  });
});
