import { describe, expect, it } from 'vitest';
import type { AccessLevelRow } from '../db/protected-branches.js';
import { accessLevelDescription, presentProtectedBranch } from './protected-branches.js';

const names = { users: new Map([[7, 'Ada Lovelace']]), groups: new Map([[3, 'Platform']]) };

function entry(e: Partial<AccessLevelRow>): AccessLevelRow {
  return {
    id: 1,
    protected_branch_id: 1,
    kind: 'push',
    access_level: null,
    user_id: null,
    group_id: null,
    ...e,
  };
}

describe('accessLevelDescription', () => {
  it.each([
    [0, 'No one'],
    [30, 'Developers + Maintainers'],
    [40, 'Maintainers'],
    [60, 'Admins'],
  ])('access level %i → %s', (level, text) => {
    expect(accessLevelDescription(entry({ access_level: level }), names)).toBe(text);
  });

  it('names the user or the group of those entries', () => {
    expect(accessLevelDescription(entry({ user_id: 7 }), names)).toBe('Ada Lovelace');
    expect(accessLevelDescription(entry({ group_id: 3 }), names)).toBe('Platform');
    expect(accessLevelDescription(entry({ user_id: 99 }), names)).toBeNull();
  });
});

describe('presentProtectedBranch', () => {
  it('splits entries by kind and gives user entries the stored default level', () => {
    const json = presentProtectedBranch(
      {
        branch: {
          id: 4,
          project_id: 1,
          name: 'release/*',
          allow_force_push: 1,
          code_owner_approval_required: 0,
          created_at: '',
          updated_at: '',
        },
        access: [
          entry({ id: 1, kind: 'push', access_level: 30 }),
          entry({ id: 2, kind: 'push', user_id: 7 }),
          entry({ id: 3, kind: 'merge', access_level: 40 }),
          entry({ id: 4, kind: 'unprotect', access_level: 60 }),
        ],
      },
      names,
    );
    expect(json).toEqual({
      id: 4,
      name: 'release/*',
      push_access_levels: [
        {
          id: 1,
          access_level: 30,
          access_level_description: 'Developers + Maintainers',
          user_id: null,
          group_id: null,
        },
        { id: 2, access_level: 40, access_level_description: 'Ada Lovelace', user_id: 7, group_id: null },
      ],
      merge_access_levels: [
        { id: 3, access_level: 40, access_level_description: 'Maintainers', user_id: null, group_id: null },
      ],
      allow_force_push: true,
      unprotect_access_levels: [
        { id: 4, access_level: 60, access_level_description: 'Admins', user_id: null, group_id: null },
      ],
      code_owner_approval_required: false,
    });
  });
});
