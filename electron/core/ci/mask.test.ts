import { describe, expect, it } from 'vitest';
import { MASKED, TraceMasker } from './mask.js';

function streamed(secrets: string[], chunks: string[]): string {
  const m = new TraceMasker(secrets);
  return chunks.map((c) => m.push(c)).join('') + m.flush();
}

describe('TraceMasker', () => {
  it('masks whole values', () => {
    expect(streamed(['s3cr3t-value'], ['token=s3cr3t-value\n'])).toBe(`token=${MASKED}\n`);
  });

  it('masks values split across chunks, at every split point', () => {
    const secret = 'Abcdef123456';
    const text = `before ${secret} after ${secret}`;
    for (let i = 1; i < text.length; i++) {
      for (let j = i; j < text.length; j++) {
        const out = streamed([secret], [text.slice(0, i), text.slice(i, j), text.slice(j)]);
        expect(out).toBe(`before ${MASKED} after ${MASKED}`);
      }
    }
  });

  it('masks values arriving one character at a time', () => {
    const secret = 'xyzzy-plugh';
    const text = `a${secret}b${secret}`;
    expect(streamed([secret], text.split(''))).toBe(`a${MASKED}b${MASKED}`);
  });

  it('releases a held prefix once it turns out not to be a secret', () => {
    const m = new TraceMasker(['password1']);
    expect(m.push('my pass')).toBe('my ');
    expect(m.push('port\n')).toBe('passport\n');
    expect(m.flush()).toBe('');
  });

  it('flushes an unfinished prefix at the end', () => {
    expect(streamed(['password1'], ['ends with passwo'])).toBe('ends with passwo');
  });

  it('prefers the longest of overlapping secrets', () => {
    expect(streamed(['abcdefgh', 'abcdefgh-longer'], ['x abcdefgh-longer y'])).toBe(`x ${MASKED} y`);
  });

  it('passes text through without secrets', () => {
    expect(streamed([], ['a', 'b'])).toBe('ab');
    expect(new TraceMasker(['']).push('x')).toBe('x');
  });
});
