import { describe, expect, it } from 'vitest';
import { compactQuery, encodeQuery } from './query.js';

describe('compactQuery', () => {
  it('drops empty values and trims strings', () => {
    expect(
      compactQuery({
        search: '  app ',
        page: 1,
        empty: '  ',
        none: undefined,
        nil: null,
        list: [],
        flag: false,
        nan: NaN,
      }),
    ).toEqual({ search: 'app', page: 1, flag: false });
  });

  it('keeps arrays and zero', () => {
    expect(compactQuery({ labels: ['a', 'b'], page: 0 })).toEqual({ labels: ['a', 'b'], page: 0 });
  });
});

describe('encodeQuery', () => {
  it('encodes the GitLab way, with key[] for arrays', () => {
    expect(encodeQuery({ search: 'my app', labels: ['bug', 'ui'], per_page: 20, archived: false })).toBe(
      '?search=my+app&labels%5B%5D=bug&labels%5B%5D=ui&per_page=20&archived=false',
    );
  });

  it('returns an empty string when nothing is left', () => {
    expect(encodeQuery({ search: '', page: undefined })).toBe('');
  });
});
