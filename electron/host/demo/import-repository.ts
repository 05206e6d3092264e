/**
 * Demo step "Importing the repository": `POST /projects` with `import_url` = the local repository's
 * absolute path (administrators may import local paths; doc/api/projects.md "Create project",
 * doc/api/project_import_export.md) into the demo group, then polls `GET /projects/:id` until
 * `import_status` is `finished` (`failed` ends the step with the core's `import_error`).
 */
import { DemoStepError, waitFor } from './demo-api.js';
import { DEMO_PROJECT_PATH, need } from './demo-context.js';
import type { DemoStep } from './demo-context.js';

interface ProjectJson {
  id: number;
  path_with_namespace: string;
  default_branch: string | null;
  import_status: string;
  import_error: string | null;
}

export const importRepositoryStep: DemoStep = {
  title: 'Importing the repository',
  async run(ctx) {
    const created = await ctx.api.expect<ProjectJson>('Importing the repository', {
      method: 'POST',
      path: '/projects',
      body: {
        name: 'Outpost',
        path: DEMO_PROJECT_PATH,
        namespace_id: need(ctx.groupId, 'group'),
        visibility: 'internal',
        description: 'Outpost itself: the demo project, imported with its real history.',
        import_url: ctx.repositoryPath,
      },
    });
    ctx.setProject({ id: created.id, pathWithNamespace: created.path_with_namespace });
    const project = await waitFor(
      'the repository import',
      async () => {
        const res = await ctx.api.send<ProjectJson>({ method: 'GET', path: `/projects/${created.id}` });
        if (res.body.import_status === 'failed') {
          throw new DemoStepError(`The import failed: ${res.body.import_error ?? 'no reason given'}`);
        }
        return res.body.import_status === 'finished' ? res.body : undefined;
      },
      { timeoutMs: 60_000 },
    );
    if (!project.default_branch) throw new DemoStepError('The imported repository has no default branch.');
    ctx.project = {
      id: project.id,
      pathWithNamespace: project.path_with_namespace,
      defaultBranch: project.default_branch,
    };
  },
};
