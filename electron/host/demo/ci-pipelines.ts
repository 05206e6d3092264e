/**
 * Demo step "Running pipelines": commits `.gitlab-ci.yml` (see ci-config.ts) through the files API on a
 * new branch `ci/add-pipeline` (doc/api/repository_files.md, `start_branch`), which starts a push
 * pipeline on that branch; opens a merge request for it, waits for the branch pipeline
 * (`GET /projects/:id/pipelines?ref=…`), has it approved and merged (a pipeline on the default branch with
 * the deploys), and runs one more pipeline on the default branch (`POST /projects/:id/pipeline`,
 * doc/api/pipelines.md). Waits by polling the API until every pipeline is finished; a pipeline that does
 * not succeed fails the step with its failed jobs named.
 */
import { DemoStepError, enc, waitFor } from './demo-api.js';
import { need } from './demo-context.js';
import type { DemoContext, DemoStep } from './demo-context.js';
import { DEMO_CI_YAML } from './ci-config.js';

/** The branch that brings the CI configuration. */
export const CI_BRANCH = 'ci/add-pipeline';

const FINISHED = ['success', 'failed', 'canceled', 'skipped'];

interface PipelineJson {
  id: number;
  ref: string;
  status: string;
}

/** The newest pipeline of `ref` created after `afterId`, once it exists. */
async function newPipeline(
  ctx: DemoContext,
  projectId: number,
  ref: string,
  afterId: number,
): Promise<PipelineJson> {
  return waitFor(`a pipeline on ${ref}`, async () => {
    const res = await ctx.api.send<PipelineJson[]>({
      method: 'GET',
      path: `/projects/${projectId}/pipelines`,
      query: { ref, per_page: 1 },
    });
    const newest = res.status === 200 ? res.body[0] : undefined;
    return newest && newest.id > afterId ? newest : undefined;
  });
}

/** Polls a pipeline until it is finished; throws naming the failed jobs unless it succeeded. */
async function finishedPipeline(
  ctx: DemoContext,
  projectId: number,
  pipelineId: number,
): Promise<PipelineJson> {
  const done = await waitFor(
    `pipeline #${pipelineId} to finish`,
    async () => {
      const res = await ctx.api.send<PipelineJson>({
        method: 'GET',
        path: `/projects/${projectId}/pipelines/${pipelineId}`,
      });
      return FINISHED.includes(res.body.status) ? res.body : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 250 },
  );
  if (done.status !== 'success') {
    const jobs = await ctx.api.expect<Array<{ name: string; status: string; allow_failure: boolean }>>(
      'Reading the pipeline jobs',
      { method: 'GET', path: `/projects/${projectId}/pipelines/${pipelineId}/jobs` },
    );
    const failed = jobs.filter((j) => j.status === 'failed' && !j.allow_failure).map((j) => j.name);
    throw new DemoStepError(
      `Pipeline #${pipelineId} on ${done.ref} ended ${done.status}${failed.length ? ` (failed jobs: ${failed.join(', ')})` : ''}.`,
    );
  }
  return done;
}

export const ciPipelinesStep: DemoStep = {
  title: 'Running pipelines',
  async run(ctx) {
    const project = need(ctx.project, 'project');
    const users = need(ctx.users, 'users');
    const main = project.defaultBranch;
    await ctx.api.expect(
      'Committing .gitlab-ci.yml',
      {
        method: 'POST',
        path: `/projects/${project.id}/repository/files/${enc('.gitlab-ci.yml')}`,
        body: {
          branch: CI_BRANCH,
          start_branch: main,
          content: DEMO_CI_YAML,
          commit_message:
            'Add a CI pipeline: build, unit tests with a JUnit report, lint, staging and production deploys',
        },
      },
      { token: users.developer.token },
    );
    const branchPipeline = await newPipeline(ctx, project.id, CI_BRANCH, 0);
    const mr = await ctx.api.expect<{ iid: number }>(
      'Opening the CI merge request',
      {
        method: 'POST',
        path: `/projects/${project.id}/merge_requests`,
        body: {
          source_branch: CI_BRANCH,
          target_branch: main,
          title: 'Add a CI pipeline',
          description:
            'Builds, runs the unit tests (JUnit report), lints, and deploys to staging and production.',
          labels: 'feature',
          assignee_id: users.developer.id,
          reviewer_ids: [users.lead.id],
        },
      },
      { token: users.developer.token },
    );
    const pipelines: PipelineJson[] = [await finishedPipeline(ctx, project.id, branchPipeline.id)];
    const mrPath = `/projects/${project.id}/merge_requests/${mr.iid}`;
    await ctx.api.expect(
      'Approving the CI merge request',
      { method: 'POST', path: `${mrPath}/approve` },
      { token: users.lead.token },
    );
    const before = await ctx.api.send<PipelineJson[]>({
      method: 'GET',
      path: `/projects/${project.id}/pipelines`,
      query: { ref: main, per_page: 1 },
    });
    const lastMainId = before.body[0]?.id ?? 0;
    await waitFor('the CI merge request to be mergeable', async () => {
      const res = await ctx.api.send<{ merge_status: string }>({ method: 'GET', path: mrPath });
      return ['unchecked', 'checking'].includes(res.body.merge_status) ? undefined : true;
    });
    await ctx.api.expect(
      'Merging the CI merge request',
      { method: 'PUT', path: `${mrPath}/merge`, body: {} },
      { token: users.lead.token },
    );
    const mergePipeline = await newPipeline(ctx, project.id, main, lastMainId);
    pipelines.push(await finishedPipeline(ctx, project.id, mergePipeline.id));
    const manual = await ctx.api.expect<PipelineJson>(
      'Running a pipeline on the default branch',
      {
        method: 'POST',
        path: `/projects/${project.id}/pipeline`,
        body: { ref: main, variables: [{ key: 'DEMO_REASON', value: 'nightly', variable_type: 'env_var' }] },
      },
      { token: users.lead.token },
    );
    pipelines.push(await finishedPipeline(ctx, project.id, manual.id));
    ctx.pipelines = pipelines.map((p) => ({ id: p.id, ref: p.ref, status: p.status }));
  },
};
