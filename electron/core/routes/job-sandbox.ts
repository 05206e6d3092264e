/**
 * Outpost extension `GET /ci/job_sandbox` (docs/compatibility.md): how this instance runs pipeline jobs,
 * for the pipeline screens' banner and the admin screen. Any signed-in user; no secrets (paths and
 * tokens are not part of it). 401 without a token.
 *
 * `{"available": bool, "executor": "bubblewrap"|"unsandboxed"|"refused", "reason": string|null,
 *   "allow_unsandboxed_ci_jobs": bool, "concurrent_jobs": n, "memory_limit_mb": n,
 *   "cpu_limit_seconds": n, "process_limit": n, "limits_mechanism": "cgroup2"|"systemd-run"|"cgroup1"|"rlimit"|null,
 *   "network": "slirp4netns"|"loopback"|"shared"|null, "nested_user_namespaces": bool|null,
 *   "missing": [string]}`: `available` whether the job sandbox (bubblewrap) works on this machine,
 * `executor` how the next job runs (sandboxed; unsandboxed because an administrator allowed it; or
 * refused), `reason` why the sandbox is unavailable (null when available), then the instance settings
 * in force (`concurrent_jobs` is the runner's effective cap), then how a sandboxed job is confined on
 * this machine (issue 25, runner/sandbox/): what caps the whole job's memory, processes and CPU (a cgroup
 * v2 subtree, a systemd scope, cgroup v1, or per-process rlimits only), its network (a namespace of its
 * own with slirp4netns, the same with loopback only, or the host's), whether it may nest user namespaces,
 * and what this machine lacks (nulls and `[]` without a sandbox). GitLab Runner's executors and security
 * model are the reference: https://docs.gitlab.com/runner/executors/, https://docs.gitlab.com/runner/security/.
 */
import type { FastifyInstance } from 'fastify';
import { PipelineRunner } from '../runner/pipeline-runner.js';
import type { JobSandboxStatus } from '../runner/pipeline-runner.js';

export async function jobSandboxRoutes(app: FastifyInstance): Promise<void> {
  app.get('/ci/job_sandbox', async (req): Promise<JobSandboxStatus> => {
    const runner = req.svc.ci;
    if (!(runner instanceof PipelineRunner)) throw new Error('this core has no pipeline runner');
    return runner.sandboxStatus();
  });
}
