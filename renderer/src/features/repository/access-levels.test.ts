import { describe, expect, it } from 'vitest';
import {
  describeAccess,
  PROTECTION_LEVEL_OPTIONS,
  protectionLevelLabel,
  roleEntry,
} from './access-levels.js';

describe('protection access levels', () => {
  it('labels the four levels as GitLab does', () => {
    expect(protectionLevelLabel(0)).toBe('No one');
    expect(protectionLevelLabel(30)).toBe('Developers + Maintainers');
    expect(protectionLevelLabel(40)).toBe('Maintainers');
    expect(protectionLevelLabel(60)).toBe('Admins');
    expect(protectionLevelLabel(50)).toBe('Level 50');
    expect(protectionLevelLabel(null)).toBe('Custom');
  });

  it('offers string values for Select', () => {
    expect(PROTECTION_LEVEL_OPTIONS.map((option) => option.value)).toEqual(['0', '30', '40', '60']);
  });

  it('finds the role entry and describes mixed lists', () => {
    const role = { id: 3, access_level: 40, access_level_description: 'Maintainers' };
    const user = { id: 4, access_level: null, access_level_description: 'Ada', user_id: 7 };
    expect(roleEntry([user, role])).toBe(role);
    expect(roleEntry([user])).toBeNull();
    expect(describeAccess([role])).toBe('Maintainers');
    expect(describeAccess([role, user])).toBe('Maintainers + 1 user or group');
    expect(describeAccess([user, user])).toBe('2 users or groups');
    expect(describeAccess([])).toBe('No one');
  });
});
