import { describe, expect, it } from 'vitest';
import { parseBracketParams } from './params.js';
import { splitHashArray } from './hash-arrays.js';

describe('splitHashArray', () => {
  it('gives one hash per repeated key, as Rack does', () => {
    const parsed = parseBracketParams('a[][user_id]=5&a[][user_id]=6&b=1');
    expect(splitHashArray(parsed.a)).toEqual([{ user_id: '5' }, { user_id: '6' }]);
  });

  it('keeps pairs of keys together by position', () => {
    const parsed = parseBracketParams('a[][id]=3&a[][_destroy]=true&a[][id]=4&a[][_destroy]=true');
    expect(splitHashArray(parsed.a)).toEqual([
      { id: '3', _destroy: 'true' },
      { id: '4', _destroy: 'true' },
    ]);
  });

  it('leaves single hashes, JSON arrays and non-arrays alone', () => {
    expect(splitHashArray([{ access_level: 30 }, { user_id: 2 }])).toEqual([
      { access_level: 30 },
      { user_id: 2 },
    ]);
    expect(splitHashArray(parseBracketParams('a[][access_level]=40').a)).toEqual([{ access_level: '40' }]);
    expect(splitHashArray('x')).toBe('x');
    expect(splitHashArray(undefined)).toBeUndefined();
  });
});
