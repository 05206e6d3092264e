import { describe, expect, it } from 'vitest';
import { stateActionsFor, stateBadge, USER_STATE_ACTIONS } from './user-state-actions.js';

describe('user state actions', () => {
  it('offers what GitLab allows from each state', () => {
    expect(stateActionsFor('active')).toEqual(['block', 'ban', 'deactivate']);
    expect(stateActionsFor('blocked')).toEqual(['unblock']);
    expect(stateActionsFor('banned')).toEqual(['unban']);
    expect(stateActionsFor('deactivated')).toEqual(['activate', 'block']);
    expect(stateActionsFor('blocked_pending_approval')).toEqual(['approve', 'reject']);
    expect(stateActionsFor('ldap_blocked')).toEqual([]);
  });

  it("words the confirmation as GitLab's Admin Area does", () => {
    expect(USER_STATE_ACTIONS.block.title('alice')).toBe('Block user alice?');
    expect(USER_STATE_ACTIONS.deactivate.effects).toContain('The user will not be able to access the API');
    expect(stateBadge('blocked_pending_approval')).toEqual({ label: 'Pending approval', color: 'orange' });
  });
});
