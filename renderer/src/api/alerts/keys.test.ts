import { describe, expect, it } from 'vitest';
import { profileKeys } from '../profiles/keys.js';
import { alertIntegrationKeys, alertKeys, type AlertListFilters } from './keys.js';

const filters: AlertListFilters = {
  status: 'triggered',
  severity: '',
  search: 'disk',
  sort: 'started_at_desc',
  page: 1,
  perPage: 20,
};

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  expect(key.slice(0, prefix.length)).toEqual(prefix);

describe('alert query keys', () => {
  it('scope every key to the profile and the project', () => {
    const keys = [
      alertKeys.list('p1', 5, filters),
      alertKeys.count('p1', 5, { search: '', severity: 'high' }),
      alertKeys.detail('p1', 5, 3),
      alertIntegrationKeys.list('p1', 5),
    ];
    for (const key of keys) startsWith(key, profileKeys.scope('p1'));
    expect(alertKeys.all('p1', 5)).toEqual(['profile', 'p1', 'alerts', 5]);
    expect(alertKeys.all('p1', 5)).not.toEqual(alertKeys.all('p1', 6));
  });

  it('put lists, counts and details under the project, so a status change refreshes them all', () => {
    const all = alertKeys.all('p1', 5);
    startsWith(alertKeys.list('p1', 5, filters), alertKeys.lists('p1', 5));
    startsWith(alertKeys.count('p1', 5, { search: '', severity: '' }), alertKeys.counts('p1', 5));
    startsWith(alertKeys.detail('p1', 5, 3), alertKeys.details('p1', 5));
    for (const key of [alertKeys.lists('p1', 5), alertKeys.counts('p1', 5), alertKeys.details('p1', 5)]) {
      startsWith(key, all);
    }
  });

  it('keep integrations apart from alerts', () => {
    startsWith(alertIntegrationKeys.list('p1', 5), alertIntegrationKeys.all('p1', 5));
    expect(alertIntegrationKeys.all('p1', 5).slice(0, 4)).not.toEqual(alertKeys.all('p1', 5));
  });
});
