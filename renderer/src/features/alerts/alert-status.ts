import type { MantineColor } from '@mantine/core';
import type { AlertStatus } from '../../api/alerts/types.js';

/** How each status looks and reads. */
export interface StatusStyle {
  color: MantineColor;
  label: string;
}

const STYLES: Record<AlertStatus, StatusStyle> = {
  triggered: { color: 'red', label: 'Triggered' },
  acknowledged: { color: 'yellow', label: 'Acknowledged' },
  resolved: { color: 'teal', label: 'Resolved' },
  ignored: { color: 'gray', label: 'Ignored' },
};

/** Badge colour and label of a status. */
export function statusStyle(status: AlertStatus): StatusStyle {
  return STYLES[status];
}

/** A status change offered for an alert. */
export interface StatusAction {
  /** The status the alert moves to. */
  to: AlertStatus;
  /** Button label. */
  label: string;
  /** Past-tense sentence for the notification, e.g. "Alert acknowledged". */
  done: string;
}

const ACKNOWLEDGE: StatusAction = { to: 'acknowledged', label: 'Acknowledge', done: 'Alert acknowledged' };
const RESOLVE: StatusAction = { to: 'resolved', label: 'Resolve', done: 'Alert resolved' };
const IGNORE: StatusAction = { to: 'ignored', label: 'Ignore', done: 'Alert ignored' };
const REOPEN: StatusAction = { to: 'triggered', label: 'Reopen', done: 'Alert reopened' };
const UNACKNOWLEDGE: StatusAction = {
  to: 'triggered',
  label: 'Unacknowledge',
  done: 'Alert back to triggered',
};

/**
 * The status changes offered for an alert, primary first: a triggered alert can be acknowledged,
 * resolved or ignored; an acknowledged one resolved, ignored or unacknowledged (back to triggered);
 * a resolved or ignored one only reopened (back to triggered). Never offers the current status.
 */
export function statusActions(status: AlertStatus): StatusAction[] {
  switch (status) {
    case 'triggered':
      return [ACKNOWLEDGE, RESOLVE, IGNORE];
    case 'acknowledged':
      return [RESOLVE, IGNORE, UNACKNOWLEDGE];
    case 'resolved':
    case 'ignored':
      return [REOPEN];
  }
}

/** True for alerts that still need someone: triggered or acknowledged. */
export function isOpenStatus(status: AlertStatus): boolean {
  return status === 'triggered' || status === 'acknowledged';
}
