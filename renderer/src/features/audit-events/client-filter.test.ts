import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../../shared/audit-events.js';
import { matchesClientFilters, noClientFilters } from './client-filter.js';

const event: AuditEvent = {
  id: 1,
  author_id: 5,
  entity_id: 3,
  entity_type: 'Project',
  created_at: '2025-03-01T10:00:00.000Z',
  details: {
    change: 'visibility_level',
    from: 'private',
    to: 'public',
    author_name: 'Ada Lovelace',
    author_email: 'ada@example.com',
    target_details: 'group/app',
    event_name: 'project_visibility_level_updated',
  },
};

describe('client filters', () => {
  it('match the author by name, email or id', () => {
    expect(matchesClientFilters(event, { author: 'ada', action: '' })).toBe(true);
    expect(matchesClientFilters(event, { author: 'EXAMPLE.COM', action: '' })).toBe(true);
    expect(matchesClientFilters(event, { author: '5', action: '' })).toBe(true);
    expect(matchesClientFilters(event, { author: '@5', action: '' })).toBe(true);
    expect(matchesClientFilters(event, { author: 'grace', action: '' })).toBe(false);
  });

  it('match the action sentence, event name and target', () => {
    expect(matchesClientFilters(event, { author: '', action: 'from private' })).toBe(true);
    expect(matchesClientFilters(event, { author: '', action: 'visibility_level_updated' })).toBe(true);
    expect(matchesClientFilters(event, { author: '', action: 'group/app' })).toBe(true);
    expect(matchesClientFilters(event, { author: 'ada', action: 'member' })).toBe(false);
  });

  it('know when they are empty', () => {
    expect(noClientFilters({ author: ' ', action: '' })).toBe(true);
    expect(noClientFilters({ author: '', action: 'x' })).toBe(false);
  });
});
