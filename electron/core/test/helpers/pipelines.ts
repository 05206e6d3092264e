/**
 * Pipelines over real HTTP, real git and real processes: projects whose `.gitlab-ci.yml` is committed
 * through the files API (which creates the push pipeline), and waiting for a pipeline or job to reach a
 * status by polling the API.
 */
import { readFileSync } from 'node:fs';
import type { TestCore } from './test-core.js';

export interface PipelineJson {
  id: number;
  iid: number;
  status: string;
  ref: string;
  sha: string;
  before_sha: string;
  tag: boolean;
  source: string;
  yaml_errors: string | null;
  user: { username: string } | null;
  duration: number | null;
  queued_duration: number | null;
  coverage: string | null;
  started_at: string | null;
  finished_at: string | null;
  detailed_status: { text: string; label: string; group: string };
  web_url: string;
}

export interface JobJson {
  id: number;
  name: string;
  stage: string;
  status: string;
  allow_failure: boolean;
  failure_reason?: string;
  coverage: number | null;
  duration: number | null;
  started_at: string | null;
  finished_at: string | null;
  pipeline: { id: number; status: string };
  user: { username: string } | null;
  artifacts: { file_type: string; size: number }[];
  runner: { description: string } | null;
}

let seq = 0;

/** A new private project of root with a README on `main` (no pipeline: no CI configuration yet). */
export async function createProject(
  t: TestCore,
  opts: { name?: string; visibility?: 'private' | 'internal' | 'public' } = {},
): Promise<{ id: number; path: string }> {
  seq += 1;
  const name = opts.name ?? `ci-${seq}-${Math.random().toString(36).slice(2, 7)}`;
  const res = await t.api<{ id: number; path_with_namespace: string }>('POST', '/projects', {
    json: { name, initialize_with_readme: true, visibility: opts.visibility ?? 'private' },
  });
  if (res.status !== 201) throw new Error(`project create failed: ${res.status} ${res.text}`);
  return { id: res.body.id, path: res.body.path_with_namespace };
}

/**
 * Create or update `filePath` on `branch` with a commit through the files API, as `token` (default root),
 * then wait for the background work it started (the push pipeline).
 */
export async function commitFile(
  t: TestCore,
  projectId: number,
  filePath: string,
  content: string,
  opts: { branch?: string; message?: string; token?: string; startBranch?: string } = {},
): Promise<void> {
  const url = `/projects/${projectId}/repository/files/${encodeURIComponent(filePath)}`;
  const body = {
    branch: opts.branch ?? 'main',
    content,
    commit_message: opts.message ?? `Update ${filePath}`,
    start_branch: opts.startBranch,
  };
  let res = await t.api('POST', url, { json: body, token: opts.token });
  if (res.status === 400 && /already exists/.test(res.text))
    res = await t.api('PUT', url, { json: body, token: opts.token });
  if (res.status !== 201 && res.status !== 200) throw new Error(`commit failed: ${res.status} ${res.text}`);
  await t.core.idle();
}

/** The newest pipeline of a project (or null). */
export async function latestPipeline(t: TestCore, projectId: number): Promise<PipelineJson | null> {
  const res = await t.api<PipelineJson[]>('GET', `/projects/${projectId}/pipelines?per_page=1`);
  const first = res.body[0];
  if (!first) return null;
  return (await t.api<PipelineJson>('GET', `/projects/${projectId}/pipelines/${first.id}`)).body;
}

/** Poll until `check` returns a value (not undefined), or fail after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  intervalMs = 40,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

const FINAL = ['success', 'failed', 'canceled', 'skipped', 'manual'];

/** Wait until a pipeline's status is one of `statuses` (default: a final one, or blocked on manual). */
export async function waitForPipeline(
  t: TestCore,
  projectId: number,
  pipelineId: number,
  statuses: string[] = FINAL,
  timeoutMs?: number,
): Promise<PipelineJson> {
  return eventually(
    `pipeline ${pipelineId} to be ${statuses.join('|')}`,
    async () => {
      const res = await t.api<PipelineJson>('GET', `/projects/${projectId}/pipelines/${pipelineId}`);
      return statuses.includes(res.body.status) ? res.body : undefined;
    },
    timeoutMs,
  );
}

/** The jobs of a pipeline by name (current attempts). */
export async function pipelineJobs(
  t: TestCore,
  projectId: number,
  pipelineId: number,
): Promise<Map<string, JobJson>> {
  const res = await t.api<JobJson[]>(
    'GET',
    `/projects/${projectId}/pipelines/${pipelineId}/jobs?per_page=100`,
  );
  return new Map(res.body.map((j) => [j.name, j]));
}

/** Wait until job `name` of a pipeline is in one of `statuses`. */
export async function waitForJob(
  t: TestCore,
  projectId: number,
  pipelineId: number,
  name: string,
  statuses: string[],
): Promise<JobJson> {
  return eventually(`job ${name} to be ${statuses.join('|')}`, async () => {
    const job = (await pipelineJobs(t, projectId, pipelineId)).get(name);
    return job && statuses.includes(job.status) ? job : undefined;
  });
}

/** The trace of a job. */
export async function jobTrace(t: TestCore, projectId: number, jobId: number): Promise<string> {
  return (await t.api<string>('GET', `/projects/${projectId}/jobs/${jobId}/trace`)).text;
}

/**
 * Whether a process is still alive. A killed orphan may linger as a zombie when PID 1 does not reap
 * (containers): zombies count as gone.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}
