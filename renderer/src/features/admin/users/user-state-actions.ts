import type { UserStateAction } from '../../../api/admin/users/mutations.js';

/** One state change as Admin → Users offers it: the button, GitLab's confirmation and the notice after. */
export interface UserStateActionText {
  action: UserStateAction;
  /** Button and confirm label ("Block"). */
  label: string;
  /** The confirmation's title for `username`. */
  title: (username: string) => string;
  /** What the change does, as GitLab's Admin Area lists it. */
  effects: readonly string[];
  /** Red confirm button. */
  danger: boolean;
  /** The notice once done for `username`. */
  done: (username: string) => string;
}

/**
 * The state changes, worded as GitLab's Admin Area words them (app/assets/javascripts/admin/users/
 * constants.js and components/actions/*.vue: "Blocking user has the following effects: …").
 */
export const USER_STATE_ACTIONS: Readonly<Record<UserStateAction, UserStateActionText>> = {
  block: {
    action: 'block',
    label: 'Block',
    title: (u) => `Block user ${u}?`,
    effects: [
      'User will not be able to login',
      'User will not be able to access git repositories',
      'Personal projects will be left',
      'Owned groups will be left',
    ],
    danger: true,
    done: (u) => `${u} was blocked.`,
  },
  unblock: {
    action: 'unblock',
    label: 'Unblock',
    title: (u) => `Unblock user ${u}?`,
    effects: ['You can always block their account again if needed.'],
    danger: false,
    done: (u) => `${u} was unblocked.`,
  },
  ban: {
    action: 'ban',
    label: 'Ban',
    title: (u) => `Ban user ${u}?`,
    effects: [
      'The user will be blocked and their contributions hidden from other users.',
      'You can unban their account in the future. Their data remains intact.',
    ],
    danger: true,
    done: (u) => `${u} was banned.`,
  },
  unban: {
    action: 'unban',
    label: 'Unban',
    title: (u) => `Unban user ${u}?`,
    effects: ['You can ban their account in the future if necessary.'],
    danger: false,
    done: (u) => `${u} was unbanned.`,
  },
  deactivate: {
    action: 'deactivate',
    label: 'Deactivate',
    title: (u) => `Deactivate user ${u}?`,
    effects: [
      'The user will be logged out',
      'The user will not be able to access git repositories',
      'The user will not be able to access the API',
      'The user will not receive any notifications',
      'The user will not be able to use slash commands',
      'When the user logs back in, their account will reactivate as a fully active account',
      'Personal projects, group and user history will be left intact',
    ],
    danger: true,
    done: (u) => `${u} was deactivated.`,
  },
  activate: {
    action: 'activate',
    label: 'Activate',
    title: (u) => `Activate user ${u}?`,
    effects: ['You can always deactivate their account again if needed.'],
    danger: false,
    done: (u) => `${u} was activated.`,
  },
  approve: {
    action: 'approve',
    label: 'Approve',
    title: (u) => `Approve user ${u}?`,
    effects: [
      'Approved users can log in, access Git repositories and the API, and be added to groups and projects.',
    ],
    danger: false,
    done: (u) => `${u} was approved.`,
  },
  reject: {
    action: 'reject',
    label: 'Reject',
    title: (u) => `Reject user ${u}?`,
    effects: ['Rejected users cannot sign in or access instance information.', 'The user will be deleted.'],
    danger: true,
    done: (u) => `${u} was rejected.`,
  },
};

/**
 * The state changes GitLab allows from a user's `state` (lib/api/users.rb: ban only an active user,
 * unban only a banned one, activate a deactivated one, approve/reject a user pending approval; an
 * `ldap_blocked` user is unblocked only through LDAP). Pure.
 */
export function stateActionsFor(state: string): UserStateAction[] {
  switch (state) {
    case 'active':
      return ['block', 'ban', 'deactivate'];
    case 'blocked':
      return ['unblock'];
    case 'banned':
      return ['unban'];
    case 'deactivated':
      return ['activate', 'block'];
    case 'blocked_pending_approval':
      return ['approve', 'reject'];
    default:
      return [];
  }
}

/** A state as a badge says it ("Pending approval"), and its colour. */
export function stateBadge(state: string): { label: string; color: string } {
  switch (state) {
    case 'active':
      return { label: 'Active', color: 'teal' };
    case 'blocked':
      return { label: 'Blocked', color: 'red' };
    case 'ldap_blocked':
      return { label: 'Blocked (LDAP)', color: 'red' };
    case 'banned':
      return { label: 'Banned', color: 'red' };
    case 'deactivated':
      return { label: 'Deactivated', color: 'gray' };
    case 'blocked_pending_approval':
      return { label: 'Pending approval', color: 'orange' };
    default:
      return { label: state, color: 'gray' };
  }
}
