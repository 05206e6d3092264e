import { describe, expect, it } from 'vitest';
import { NULL_BYTE_SCAN_DEPTH, nullByteParam, parseBracketParams } from './params.js';

describe('nullByteParam', () => {
  it('finds none in ordinary parameters', () => {
    expect(
      nullByteParam({ title: 'x', labels: ['a', 'b'], variables: [{ key: 'K', value: 'v' }], n: 3 }),
    ).toBe(null);
  });

  it.each([
    [{ branch: 'a\0b' }, 'branch'],
    [{ labels: ['ok', 'bad\0'] }, 'labels[]'],
    [{ variables: [{ key: 'K', value: '\0' }] }, 'variables[][value]'],
    [
      { platform_kubernetes_attributes: { api_url: 'http://x\0' } },
      'platform_kubernetes_attributes[api_url]',
    ],
    [{ 'ti\0tle': 'x' }, 'ti\\0tle'],
  ])('names the parameter of %j as %s', (params, name) => {
    expect(nullByteParam(params)).toBe(name);
  });

  it('leaves file bytes alone: `content`, also in commit actions, but not its name or other fields', () => {
    expect(nullByteParam({ content: 'a\0b', branch: 'main' })).toBe(null);
    expect(nullByteParam({ actions: [{ action: 'create', file_path: 'f', content: '\0' }] })).toBe(null);
    expect(nullByteParam({ actions: [{ action: 'create', file_path: 'f\0', content: 'x' }] })).toBe(
      'actions[][file_path]',
    );
    expect(nullByteParam({ content: ['\0'] })).toBe('content[]');
  });

  it('reads the bracket notation clients send', () => {
    expect(nullByteParam(parseBracketParams('a[b][c][d]=%00'))).toBe('a[b][c][d]');
    expect(nullByteParam(parseBracketParams('labels[0][x]=1&labels[1][y]=%00'))).toBe('labels[][y]');
  });

  it(`looks ${NULL_BYTE_SCAN_DEPTH} levels deep, and past that walks no further (no overflow on any depth)`, () => {
    const nest = (levels: number, leaf: unknown) => {
      let v = leaf;
      for (let i = 0; i < levels; i++) v = [v];
      return v;
    };
    expect(nullByteParam({ deep: nest(NULL_BYTE_SCAN_DEPTH - 1, 'x\0') })).toBe(
      `deep${'[]'.repeat(NULL_BYTE_SCAN_DEPTH - 1)}`,
    );
    expect(nullByteParam({ deep: nest(1_000_000, 'x\0') })).toBe(null);
    expect(
      nullByteParam({ wide: Array.from({ length: 1_000_000 }, (_, i) => (i === 999_999 ? '\0' : 'x')) }),
    ).toBe('wide[]');
  });
});
