/**
 * Demo step "Checking the audit log": everything above wrote audit events (users, group, members,
 * variables, cluster, plan limits, merges, storage move…); this step confirms the instance log has them
 * (`GET /audit_events`, doc/api/audit_events.md).
 */
import { DemoStepError } from './demo-api.js';
import type { DemoStep } from './demo-context.js';

export const auditCheckStep: DemoStep = {
  title: 'Checking the audit log',
  async run(ctx) {
    const res = await ctx.api.send<unknown[]>({
      method: 'GET',
      path: '/audit_events',
      query: { per_page: 1 },
    });
    if (res.status !== 200) throw new DemoStepError(`Reading the audit log failed: HTTP ${res.status}`);
    const total = Number(res.headers['x-total'] ?? res.body.length);
    if (!(total > 0)) throw new DemoStepError('The audit log is empty after the demo build.');
  },
};
