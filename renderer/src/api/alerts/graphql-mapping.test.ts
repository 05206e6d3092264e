import { describe, expect, it } from 'vitest';
import { ALERT_LIST, ALERT_LIST_BY_SEVERITY, UPDATE_ALERT_STATUS } from './documents.js';
import {
  alertFromNode,
  idOfGid,
  integrationFromNode,
  integrationGid,
  nestDottedKeys,
} from './graphql-mapping.js';

describe('GraphQL nodes as the Alerts screens show them', () => {
  it('maps an AlertManagementAlert (GitLab alert_type.rb names) to the list/drawer shape', () => {
    const alert = alertFromNode(
      {
        id: 'gid://gitlab/AlertManagement::Alert/12',
        iid: '4',
        title: 'Disk full',
        description: null,
        severity: 'HIGH',
        status: 'ACKNOWLEDGED',
        service: 'db',
        monitoringTool: 'Prometheus',
        hosts: ['db-01'],
        startedAt: '2026-01-01T00:00:00Z',
        endedAt: null,
        eventCount: 2,
        details: { runbook: 'https://runbooks.example.com' },
        createdAt: '2026-01-01T00:00:01Z',
        updatedAt: '2026-01-01T00:00:02Z',
        environment: { id: 'gid://gitlab/Environment/3', name: 'production' },
        detailsUrl: 'https://gitlab.example.com/g/p/-/alert_management/4/details',
      },
      9,
    );
    expect(alert).toMatchObject({
      id: 12,
      iid: 4,
      project_id: 9,
      severity: 'high',
      status: 'acknowledged',
      events: 2,
      hosts: ['db-01'],
      environment_name: 'production',
      environment: { id: 3, name: 'production' },
      fingerprint: null,
      integration: null,
      payload: { runbook: 'https://runbooks.example.com' },
    });
  });

  it('nests GitLab’s dotted details keys again for the payload view', () => {
    expect(
      nestDottedKeys({ 'labels.team': 'storage', 'labels.runbook': 'https://r', runbook: 'x', 'a..b': 1 }),
    ).toEqual({ labels: { team: 'storage', runbook: 'https://r' }, runbook: 'x', 'a..b': 1 });
    // A key whose prefix already holds a value stays dotted.
    expect(nestDottedKeys({ a: 1, 'a.b': 2 })).toEqual({ a: 1, 'a.b': 2 });
    // `__proto__` from a payload becomes an own key, never the object's prototype.
    const hostile = nestDottedKeys({ '__proto__.x': 1 });
    expect(Object.getPrototypeOf(hostile)).toBe(Object.prototype);
    expect(Object.hasOwn(hostile, '__proto__')).toBe(true);
  });

  it('maps integrations and their global ids both ways', () => {
    expect(integrationGid(7)).toBe('gid://gitlab/AlertManagement::HttpIntegration/7');
    expect(idOfGid(integrationGid(7))).toBe(7);
    expect(
      integrationFromNode({
        id: integrationGid(7),
        name: 'Prom',
        active: true,
        type: 'HTTP',
        url: 'https://x/notify.json',
        token: 'secret-key',
      }),
    ).toEqual({
      id: 7,
      name: 'Prom',
      active: true,
      type: 'http',
      url: 'https://x/notify.json',
      created_at: '',
      updated_at: '',
    });
  });

  it('names every operation; only the severity documents use the Outpost extension', () => {
    expect(ALERT_LIST.operationName).toBe('AlertList');
    expect(UPDATE_ALERT_STATUS.operationName).toBe('UpdateAlertStatus');
    expect(ALERT_LIST.source).not.toContain('severities');
    expect(ALERT_LIST_BY_SEVERITY.source).toContain('severities: $severities');
  });
});
