import { describe, expect, it } from 'vitest';
import type { TokenRow, UserRow } from '../db/users.js';
import { ACTOR_CACHE_MAX_AGE_MS, ActorCache } from './actor-cache.js';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const TODAY = '2026-11-25';

function auth(token: Partial<TokenRow> = {}) {
  return {
    user: { id: 7, state: 'active', is_admin: 0 } as UserRow,
    token: {
      id: 1,
      user_id: 7,
      expires_at: null,
      last_used_at: new Date(NOW).toISOString(),
      ...token,
    } as TokenRow,
    scopes: ['api'],
  };
}

describe('ActorCache', () => {
  it('answers only at the same write generation', () => {
    const cache = new ActorCache();
    cache.set('d', '5:1', auth(), NOW);
    expect(cache.get('d', '5:1', NOW + 1, TODAY)?.user.id).toBe(7);
    expect(cache.get('d', '6:1', NOW + 1, TODAY)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('refuses an entry on its token expiry date, however young', () => {
    const cache = new ActorCache();
    cache.set('d', 'g', auth({ expires_at: '2026-11-26' }), NOW);
    expect(cache.get('d', 'g', NOW + 1_000, TODAY)).toBeDefined();
    expect(cache.get('d', 'g', NOW + 1_000, '2026-11-26')).toBeUndefined();
  });

  it('lives at most the max age, and not past the next last_used_at record', () => {
    const cache = new ActorCache();
    cache.set('d', 'g', auth(), NOW);
    expect(cache.get('d', 'g', NOW + ACTOR_CACHE_MAX_AGE_MS - 1, TODAY)).toBeDefined();
    expect(cache.get('d', 'g', NOW + ACTOR_CACHE_MAX_AGE_MS, TODAY)).toBeUndefined();
    // Last recorded 9 min 50 s ago: due again in 10 s, so kept 10 s only.
    cache.set('e', 'g', auth({ last_used_at: new Date(NOW - 590_000).toISOString() }), NOW);
    expect(cache.get('e', 'g', NOW + 9_000, TODAY)).toBeDefined();
    expect(cache.get('e', 'g', NOW + 10_000, TODAY)).toBeUndefined();
    // Never recorded, or due already (this use writes it): not kept at all.
    cache.set('f', 'g', auth({ last_used_at: null }), NOW);
    cache.set('h', 'g', auth({ last_used_at: new Date(NOW - 700_000).toISOString() }), NOW);
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries tokens', () => {
    const cache = new ActorCache(2);
    for (const d of ['a', 'b', 'c']) cache.set(d, 'g', auth(), NOW);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 'g', NOW, TODAY)).toBeUndefined();
  });

  it('drops the least recently used token first, a hit counting as a use', () => {
    const cache = new ActorCache(2);
    cache.set('a', 'g', auth(), NOW);
    cache.set('b', 'g', auth(), NOW);
    expect(cache.get('a', 'g', NOW, TODAY)).toBeDefined(); // a is now the most recent
    cache.set('c', 'g', auth(), NOW);
    expect(cache.get('b', 'g', NOW, TODAY)).toBeUndefined();
    expect(cache.get('a', 'g', NOW, TODAY)).toBeDefined();
    expect(cache.get('c', 'g', NOW, TODAY)).toBeDefined();
  });
});
