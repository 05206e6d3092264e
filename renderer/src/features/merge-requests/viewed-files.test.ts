import { describe, expect, it } from 'vitest';
import { readViewed, viewedStorageKey, writeViewed } from './viewed-files.js';

const scope = { profileId: 'p1', projectId: 5, iid: 3, headSha: 'abc' };

describe('viewed files storage', () => {
  it('round-trips the viewed paths of one profile, merge request and version', () => {
    writeViewed(window.localStorage, scope, new Set(['b.ts', 'a.ts']));
    expect(window.localStorage.getItem(viewedStorageKey(scope))).toBe('["a.ts","b.ts"]');
    expect([...readViewed(window.localStorage, scope)]).toEqual(['a.ts', 'b.ts']);
    expect(readViewed(window.localStorage, { ...scope, headSha: 'def' }).size).toBe(0);
    expect(readViewed(window.localStorage, { ...scope, profileId: 'p2' }).size).toBe(0);
    writeViewed(window.localStorage, scope, new Set());
    expect(window.localStorage.getItem(viewedStorageKey(scope))).toBeNull();
  });

  it('reads an unreadable value as nothing viewed', () => {
    window.localStorage.setItem(viewedStorageKey(scope), '{not json');
    expect(readViewed(window.localStorage, scope).size).toBe(0);
    window.localStorage.setItem(viewedStorageKey(scope), '[1,"x.ts"]');
    expect([...readViewed(window.localStorage, scope)]).toEqual(['x.ts']);
  });
});
