/**
 * Demo step "Receiving alerts": an HTTP endpoint alert integration on the demo project (Outpost's REST
 * form of GitLab's HTTP integrations, `POST /projects/:id/alert_management/http_integrations`), three
 * alerts sent to its notify URL over real HTTP on the core's loopback URL (`Authorization: Bearer <key>`,
 * doc/operations/incident_management/integrations.md), one acknowledged (`PUT …/alerts/:iid`) and one
 * resolved by a notification with `end_time` (spec "Alert payload", Events 2).
 */
import { DemoStepError } from './demo-api.js';
import { need } from './demo-context.js';
import type { DemoContext, DemoStep } from './demo-context.js';

/** Alert payloads the demo sends (the last one is resolved afterwards). */
export const DEMO_ALERTS = [
  {
    title: 'High error rate on /api/v4/projects',
    description: '5xx responses above 2% for 10 minutes.',
    severity: 'high',
    service: 'outpost-core',
    monitoring_tool: 'Prometheus',
    hosts: ['core-1.demo.outpost.test'],
    fingerprint: 'api-error-rate',
  },
  {
    title: 'Disk usage above 85% on shard secondary',
    description: 'The repositories volume is filling up.',
    severity: 'medium',
    service: 'storage',
    monitoring_tool: 'Prometheus',
    fingerprint: 'disk-secondary',
  },
  {
    title: 'Pipeline queue backing up',
    description: 'More than 20 jobs pending for 5 minutes.',
    severity: 'low',
    service: 'runner',
    monitoring_tool: 'Prometheus',
    fingerprint: 'ci-queue',
  },
] as const;

interface IntegrationJson {
  id: number;
  url: string;
  token: string;
}

/** Sends one notification over HTTP to the core's listening URL (or, without one, the integration's test route). */
async function notify(ctx: DemoContext, projectId: number, integration: IntegrationJson, payload: object) {
  if (ctx.coreUrl) {
    const url = new URL(new URL(integration.url, ctx.coreUrl).pathname, ctx.coreUrl);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${integration.token}` },
      body: JSON.stringify(payload),
    });
    if (res.status !== 200)
      throw new DemoStepError(`Sending an alert notification failed: HTTP ${res.status}`);
    return;
  }
  await ctx.api.expect('Sending a test alert', {
    method: 'POST',
    path: `/projects/${projectId}/alert_management/http_integrations/${integration.id}/test`,
    body: payload,
  });
}

export const alertsStep: DemoStep = {
  title: 'Receiving alerts',
  async run(ctx) {
    const project = need(ctx.project, 'project');
    const users = need(ctx.users, 'users');
    const integration = await ctx.api.expect<IntegrationJson>(
      'Creating the alert integration',
      {
        method: 'POST',
        path: `/projects/${project.id}/alert_management/http_integrations`,
        body: { name: 'Prometheus (demo)', active: true },
      },
      { token: users.lead.token },
    );
    const started = Date.now() - 15 * 60_000;
    for (const [i, alert] of DEMO_ALERTS.entries()) {
      await notify(ctx, project.id, integration, {
        ...alert,
        start_time: new Date(started + i * 60_000).toISOString(),
      });
    }
    const last = DEMO_ALERTS[DEMO_ALERTS.length - 1]!;
    await notify(ctx, project.id, integration, {
      title: last.title,
      fingerprint: last.fingerprint,
      end_time: new Date().toISOString(),
    });
    const alerts = await ctx.api.expect<Array<{ iid: number; title: string; status: string }>>(
      'Reading the alerts',
      {
        method: 'GET',
        path: `/projects/${project.id}/alert_management/alerts`,
      },
    );
    const disk = alerts.find((a) => a.title === DEMO_ALERTS[1].title);
    if (disk) {
      await ctx.api.expect(
        'Acknowledging an alert',
        {
          method: 'PUT',
          path: `/projects/${project.id}/alert_management/alerts/${disk.iid}`,
          body: { status: 'acknowledged' },
        },
        { token: users.lead.token },
      );
    }
  },
};
