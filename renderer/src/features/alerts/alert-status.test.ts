import { describe, expect, it } from 'vitest';
import { ALERT_STATUSES } from '../../api/alerts/types.js';
import { isOpenStatus, statusActions, statusStyle } from './alert-status.js';
import { parseStatusTab, STATUS_TABS } from './alert-status-tabs.js';

describe('statusActions', () => {
  it('offers acknowledge, resolve and ignore for a triggered alert', () => {
    expect(statusActions('triggered').map((action) => action.to)).toEqual([
      'acknowledged',
      'resolved',
      'ignored',
    ]);
  });

  it('offers resolve, ignore and unacknowledge for an acknowledged alert', () => {
    expect(statusActions('acknowledged').map((action) => [action.label, action.to])).toEqual([
      ['Resolve', 'resolved'],
      ['Ignore', 'ignored'],
      ['Unacknowledge', 'triggered'],
    ]);
  });

  it('offers only reopen (back to triggered) for resolved and ignored alerts', () => {
    for (const status of ['resolved', 'ignored'] as const) {
      expect(statusActions(status)).toEqual([{ to: 'triggered', label: 'Reopen', done: 'Alert reopened' }]);
    }
  });

  it('never offers the current status', () => {
    for (const status of ALERT_STATUSES) {
      expect(statusActions(status).map((action) => action.to)).not.toContain(status);
    }
  });
});

describe('status helpers', () => {
  it('treats triggered and acknowledged as open', () => {
    expect(ALERT_STATUSES.filter(isOpenStatus)).toEqual(['triggered', 'acknowledged']);
  });

  it('labels and colours every status', () => {
    expect(ALERT_STATUSES.map((status) => statusStyle(status).label)).toEqual([
      'Triggered',
      'Acknowledged',
      'Resolved',
      'Ignored',
    ]);
    expect(statusStyle('resolved').color).toBe('teal');
  });

  it('reads the status tab from the address, defaulting to all', () => {
    expect(STATUS_TABS[0]).toBe('all');
    expect(parseStatusTab('resolved')).toBe('resolved');
    expect(parseStatusTab(null)).toBe('all');
    expect(parseStatusTab('closed')).toBe('all');
  });
});
