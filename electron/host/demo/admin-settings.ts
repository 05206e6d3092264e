/**
 * Demo step "Configuring the instance" (administrator only): instance CI/CD variables — one masked, one
 * protected, one of type file (doc/api/instance_level_ci_variables.md, spec "Instance CI/CD variables") —
 * an instance cluster (`POST /admin/clusters/add`, doc/api/admin/clusters.md), and edited plan limits
 * (`PUT /application/plan_limits`, doc/api/plan_limits.md). Runs before the pipelines so their jobs see
 * the variables.
 */
import type { DemoStep } from './demo-context.js';

/** The instance variables the demo creates (the masked value satisfies GitLab's masking rules). */
export const DEMO_VARIABLES = [
  {
    key: 'DEMO_DEPLOY_TOKEN',
    value: 'dpl-7Hq2xVb9Lm4Rt8Kw',
    masked: true,
    protected: false,
    variable_type: 'env_var',
  },
  { key: 'DEMO_RELEASE_CHANNEL', value: 'stable', masked: false, protected: true, variable_type: 'env_var' },
  {
    key: 'DEMO_KUBECONFIG',
    value:
      'apiVersion: v1\nkind: Config\nclusters:\n  - name: demo-k8s\n    cluster:\n      server: https://k8s.demo.outpost.test:6443\n',
    masked: false,
    protected: false,
    variable_type: 'file',
  },
] as const;

/** The cluster the demo adds. */
export const DEMO_CLUSTER = {
  name: 'demo-k8s',
  domain: 'apps.demo.outpost.test',
  environment_scope: '*',
  managed: true,
  platform_kubernetes_attributes: {
    api_url: 'https://k8s.demo.outpost.test:6443',
    token: 'demo-cluster-service-account-token',
    authorization_type: 'rbac',
  },
};

/** Plan limits the demo sets on the `default` plan (bytes). */
export const DEMO_PLAN_LIMITS = {
  plan_name: 'default',
  npm_max_file_size: 262_144_000,
  generic_packages_max_file_size: 2_147_483_648,
};

export const adminSettingsStep: DemoStep = {
  title: 'Configuring instance variables, a cluster and plan limits',
  async run(ctx) {
    for (const variable of DEMO_VARIABLES) {
      await ctx.api.expect(`Creating the instance variable ${variable.key}`, {
        method: 'POST',
        path: '/admin/ci/variables',
        body: variable,
      });
    }
    await ctx.api.expect('Adding the cluster', {
      method: 'POST',
      path: '/admin/clusters/add',
      body: DEMO_CLUSTER,
    });
    await ctx.api.expect('Editing plan limits', {
      method: 'PUT',
      path: '/application/plan_limits',
      body: DEMO_PLAN_LIMITS,
    });
  },
};
