import { describe, expect, it } from 'vitest';
import { profileKeys } from '../profiles/keys.js';
import { adminKeys } from './admin-keys.js';
import { ciVariableKeys } from './ci-variables/keys.js';
import { clusterKeys } from './clusters/keys.js';
import { planLimitKeys } from './plan-limits/keys.js';

describe('admin query keys', () => {
  it('scope every key to its profile, under admin', () => {
    const keys = [
      clusterKeys.list('p1'),
      clusterKeys.detail('p1', 3),
      ciVariableKeys.list('p1'),
      ciVariableKeys.detail('p1', 'TOKEN'),
      planLimitKeys.detail('p1', 'default'),
    ];
    for (const key of keys) {
      expect(key.slice(0, 2)).toEqual(profileKeys.scope('p1'));
      expect(key.slice(0, 3)).toEqual(adminKeys.all('p1'));
    }
  });

  it('build each level on the one above, so prefixes invalidate', () => {
    expect(clusterKeys.detail('p1', 3)).toEqual(['profile', 'p1', 'admin', 'clusters', 'detail', 3]);
    expect(ciVariableKeys.list('p1').slice(0, 4)).toEqual(ciVariableKeys.all('p1'));
    expect(planLimitKeys.detail('p1', 'gold')).toEqual(['profile', 'p1', 'admin', 'plan-limits', 'gold']);
    expect(clusterKeys.list('p1')).not.toEqual(clusterKeys.list('p2'));
  });
});
