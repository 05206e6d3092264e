import { describe, expect, it } from 'vitest';
import {
  EMBEDDED_CAPABILITIES,
  type InstanceCapabilities,
} from '../../../../shared/instance-capabilities.js';
import type { InstanceHealth } from '../../api/fleet/instance-health.js';
import { parseCount } from '../../api/fleet/instance-health.js';
import { fleetProblems, worstSeverity } from './fleet-problems.js';

const NOW = new Date('2026-11-28T12:00:00Z');
const healthy: InstanceHealth = {
  reachable: true,
  unreachableWhy: null,
  latencyMs: 40,
  version: '18.6.0-ee',
  counts: { kind: 'unavailable', why: '' },
  jobs: { kind: 'value', value: { pending: 3, running: 1 } },
  lastAudit: { kind: 'value', value: null },
  checkedAt: 0,
};

function caps(patch: Partial<InstanceCapabilities>): InstanceCapabilities {
  return { ...EMBEDDED_CAPABILITIES, kind: 'gitlab', ...patch };
}

describe('fleetProblems', () => {
  it('flags an unreachable instance first, then an expiring token and Admin Mode', () => {
    const problems = fleetProblems(
      caps({
        token: { scopes: ['api'], expiresAt: '2026-12-01', name: 'x', known: true, unknownReason: null },
        user: { username: 'root', isAdmin: true },
        adminMode: 'token-lacks-admin_mode',
      }),
      null,
      { ...healthy, reachable: false },
      NOW,
    );
    expect(problems.map((p) => p.text)).toEqual([
      'Unreachable',
      'Token expires in 3 d',
      'Admin Mode blocks this token',
    ]);
    expect(worstSeverity(problems)).toBe(3);
  });

  it('says nothing for a healthy instance, and flags a queue backing up', () => {
    expect(fleetProblems(EMBEDDED_CAPABILITIES, null, healthy, NOW)).toEqual([]);
    const backlog = { ...healthy, jobs: { kind: 'value' as const, value: { pending: 25, running: 2 } } };
    expect(fleetProblems(EMBEDDED_CAPABILITIES, null, backlog, NOW)).toEqual([
      { severity: 1, text: 'Queue backing up (25 pending)' },
    ]);
  });
});

describe('parseCount', () => {
  it("reads GitLab's statistics strings with thousands separators", () => {
    expect(parseCount('1,234,567')).toBe(1234567);
    expect(parseCount('12')).toBe(12);
    expect(parseCount(7)).toBe(7);
    expect(parseCount('n/a')).toBeNull();
    expect(parseCount(undefined)).toBeNull();
  });
});
