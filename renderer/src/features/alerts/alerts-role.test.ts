import { describe, expect, it } from 'vitest';
import { projectFixture } from '../../../test-utils/project-fixture.js';
import { alertsRole } from './alerts-role.js';

const withAccess = (project: number | null, group: number | null) => ({
  ...projectFixture({ id: 1 }),
  permissions: {
    project_access: project === null ? null : { access_level: project },
    group_access: group === null ? null : { access_level: group },
  },
});

describe('alertsRole (Developer or above reads alerts)', () => {
  it('allows Developers and above, by project or group membership', () => {
    expect(alertsRole(withAccess(30, null), false).status).toBe('allowed');
    expect(alertsRole(withAccess(20, 40), false).status).toBe('allowed');
  });

  it('refuses Reporters and Guests, saying why', () => {
    const decision = alertsRole(withAccess(20, null), false);
    expect(decision.status).toBe('refused');
    expect(decision.status === 'refused' && decision.explanation).toContain('Developer role');
    expect(alertsRole(withAccess(null, null), false).status).toBe('refused');
  });

  it('allows administrators, and leaves it to the list when permissions are not reported', () => {
    expect(alertsRole(withAccess(null, null), true).status).toBe('allowed');
    expect(alertsRole(projectFixture({ id: 1 }), false).status).toBe('unknown');
  });
});
