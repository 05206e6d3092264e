/**
 * Demo step "Moving the repository to another shard": schedules a move of the demo project's repository
 * to another storage shard (`POST /projects/:id/repository_storage_moves` with `destination_storage_name`,
 * doc/api/project_repository_storage_moves.md) — `secondary` when it exists, else the first other shard
 * of `GET /admin/repository_storages` — and polls the move until `finished`. With a single shard there is
 * nowhere to move and the step does nothing. Runs after the pipelines: a repository is read-only while it moves.
 */
import { DemoStepError, waitFor } from './demo-api.js';
import { need } from './demo-context.js';
import type { DemoStep } from './demo-context.js';

interface MoveJson {
  id: number;
  state: string;
  error_message?: string | null;
}

export const storageMoveStep: DemoStep = {
  title: 'Moving the repository to another shard',
  async run(ctx) {
    const project = need(ctx.project, 'project');
    const current = await ctx.api.expect<{ repository_storage?: string }>('Reading the project', {
      method: 'GET',
      path: `/projects/${project.id}`,
    });
    const shards = await ctx.api.expect<Array<{ name: string }>>('Reading the storage shards', {
      method: 'GET',
      path: '/admin/repository_storages',
    });
    const others = shards.map((s) => s.name).filter((n) => n !== (current.repository_storage ?? 'default'));
    const destination = others.includes('secondary') ? 'secondary' : others[0];
    if (!destination) return;
    const move = await ctx.api.expect<MoveJson>(`Scheduling a move to ${destination}`, {
      method: 'POST',
      path: `/projects/${project.id}/repository_storage_moves`,
      body: { destination_storage_name: destination },
    });
    const done = await waitFor(
      'the storage move to finish',
      async () => {
        const res = await ctx.api.send<MoveJson>({
          method: 'GET',
          path: `/project_repository_storage_moves/${move.id}`,
        });
        return ['finished', 'failed', 'cleanup failed'].includes(res.body.state) ? res.body : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    if (done.state !== 'finished') {
      throw new DemoStepError(
        `The storage move ended ${done.state}: ${done.error_message ?? 'no reason given'}`,
      );
    }
  },
};
