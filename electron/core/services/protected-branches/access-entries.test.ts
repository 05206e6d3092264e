import { describe, expect, it } from 'vitest';
import type { AccessLevelRow } from '../../db/protected-branches.js';
import { kindLabel, newEntryOf, planEntryChanges, planNewEntries } from './access-entries.js';

const row = (r: Partial<AccessLevelRow>): AccessLevelRow => ({
  id: 1,
  protected_branch_id: 1,
  kind: 'push',
  access_level: null,
  user_id: null,
  group_id: null,
  ...r,
});

describe('planNewEntries (GitLab AccessLevelParams)', () => {
  it('defaults to Maintainers', () => {
    expect(planNewEntries('push', undefined, undefined)).toEqual([
      { kind: 'push', access_level: 40, user_id: null, group_id: null },
    ]);
  });

  it('uses only allowed_to_* entries when no level is given, and both when one is', () => {
    expect(planNewEntries('merge', undefined, [{ user_id: 5 }])).toEqual([
      { kind: 'merge', access_level: null, user_id: 5, group_id: null },
    ]);
    expect(planNewEntries('merge', 30, [{ group_id: 2 }, { access_level: 30 }])).toEqual([
      { kind: 'merge', access_level: 30, user_id: null, group_id: null },
      { kind: 'merge', access_level: null, user_id: null, group_id: 2 },
    ]);
  });

  it('reads an element as user, else group, else role', () => {
    expect(newEntryOf('push', { user_id: 1, group_id: 2 })).toMatchObject({ user_id: 1, group_id: null });
    expect(newEntryOf('push', {})).toMatchObject({ access_level: 40 });
    expect(kindLabel('unprotect')).toBe('Unprotect access levels');
  });
});

describe('planEntryChanges (nested attributes)', () => {
  const existing = [
    row({ id: 1, kind: 'push', access_level: 40 }),
    row({ id: 2, kind: 'push', user_id: 9 }),
    row({ id: 3, kind: 'merge', access_level: 40 }),
  ];

  it('destroys, updates and adds by id, ignoring duplicates and other kinds', () => {
    expect(
      planEntryChanges('push', existing, [
        { id: 2, _destroy: true },
        { id: 1, access_level: 30 },
        { user_id: 9 },
        { user_id: 10 },
        { id: 3, _destroy: true },
        { access_level: 60, _destroy: true },
      ]),
    ).toEqual({
      add: [{ kind: 'push', access_level: null, user_id: 10, group_id: null }],
      remove: [2],
      update: [[1, 30]],
      unknownIds: [3],
    });
  });

  it('does nothing for unchanged levels', () => {
    expect(planEntryChanges('merge', existing, [{ id: 3, access_level: 40 }, { access_level: 40 }])).toEqual({
      add: [],
      remove: [],
      update: [],
      unknownIds: [],
    });
  });
});
