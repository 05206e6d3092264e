/** The suggestion parser and line edits (GitLab's Gitlab::Diff::SuggestionsParser, Gitlab::Diff::Suggestion). */
import { describe, expect, it } from 'vitest';
import { applySpans, linesOf, parseSuggestions, spansOverlap, suggestionSpan } from './suggestions-parse.js';

describe('parseSuggestions', () => {
  it('finds plain and -N+M blocks in order, with trailing newlines', () => {
    const body = [
      'Consider:',
      '```suggestion',
      'export const b = 20;',
      '```',
      'and',
      '````suggestion:-1+2',
      'x',
      '```',
      'y',
      '````',
    ].join('\n');
    expect(parseSuggestions(body)).toEqual([
      { toContent: 'export const b = 20;\n', linesAbove: 0, linesBelow: 0 },
      { toContent: 'x\n```\ny\n', linesAbove: 1, linesBelow: 2 },
    ]);
  });

  it('an empty block deletes the lines; other languages and blocks in blocks are not suggestions', () => {
    expect(parseSuggestions('```suggestion\n```')).toEqual([{ toContent: '', linesAbove: 0, linesBelow: 0 }]);
    expect(parseSuggestions('```ts\nconst a = 1;\n```')).toEqual([]);
    expect(parseSuggestions('````md\n```suggestion\nz\n```\n````')).toEqual([]);
    expect(parseSuggestions('```suggestion:+x\nz\n```')).toEqual([]);
    expect(parseSuggestions('~~~suggestion:+1\nz\r\n~~~')).toEqual([
      { toContent: 'z\n', linesAbove: 0, linesBelow: 1 },
    ]);
  });
});

describe('line edits', () => {
  const file = 'a\nb\nc\nd\n';
  it('reads and replaces spans from the bottom; overlap is detected', () => {
    expect(linesOf(file, 2, 3)).toBe('b\nc\n');
    expect(suggestionSpan(1, { linesAbove: 3, linesBelow: 9 }, 4)).toEqual({ fromLine: 1, toLine: 4 });
    expect(
      applySpans(file, [
        { fromLine: 1, toLine: 1, toContent: 'A\n' },
        { fromLine: 3, toLine: 4, toContent: '' },
      ]),
    ).toBe('A\nb\n');
    expect(applySpans('a\nb', [{ fromLine: 2, toLine: 2, toContent: 'B\n' }])).toBe('a\nB');
    expect(
      spansOverlap([
        { fromLine: 1, toLine: 2 },
        { fromLine: 2, toLine: 2 },
      ]),
    ).toBe(true);
    expect(
      spansOverlap([
        { fromLine: 3, toLine: 4 },
        { fromLine: 1, toLine: 2 },
      ]),
    ).toBe(false);
  });
});
