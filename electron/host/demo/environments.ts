/**
 * Demo step "Checking environments and deployments": the deploy jobs of the default branch's pipelines
 * made `staging` and `production` with successful deployments (doc/api/environments.md,
 * doc/api/deployments.md); this step waits until both show one, so the build ends only once the
 * environments screen has something to show.
 */
import { DemoStepError, waitFor } from './demo-api.js';
import { need } from './demo-context.js';
import type { DemoStep } from './demo-context.js';

/** The environments the demo pipeline deploys to. */
export const DEMO_ENVIRONMENTS = ['staging', 'production'] as const;

export const environmentsStep: DemoStep = {
  title: 'Checking environments and deployments',
  async run(ctx) {
    const project = need(ctx.project, 'project');
    for (const environment of DEMO_ENVIRONMENTS) {
      await waitFor(
        `a successful deployment to ${environment}`,
        async () => {
          const res = await ctx.api.send<unknown[]>({
            method: 'GET',
            path: `/projects/${project.id}/deployments`,
            query: { environment, status: 'success' },
          });
          if (res.status !== 200) throw new DemoStepError(`Reading deployments failed: HTTP ${res.status}`);
          return res.body.length > 0 ? true : undefined;
        },
        { timeoutMs: 20_000 },
      );
    }
  },
};
