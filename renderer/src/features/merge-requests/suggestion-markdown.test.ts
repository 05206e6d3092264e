import { describe, expect, it } from 'vitest';
import { contentLines, splitSuggestionBody, suggestionSnippet } from './suggestion-markdown.js';

describe('splitSuggestionBody', () => {
  it('keeps Markdown and other code blocks, numbering suggestion blocks in order', () => {
    const body =
      'Try:\n```suggestion\na\n```\n```ts\nconst x = 1;\n```\n````suggestion:-1+0\nb\n```\nc\n````\nthanks';
    expect(splitSuggestionBody(body)).toEqual([
      { kind: 'markdown', text: 'Try:' },
      { kind: 'suggestion', index: 0 },
      { kind: 'markdown', text: '```ts\nconst x = 1;\n```' },
      { kind: 'suggestion', index: 1 },
      { kind: 'markdown', text: 'thanks' },
    ]);
    expect(splitSuggestionBody('plain')).toEqual([{ kind: 'markdown', text: 'plain' }]);
  });
});

describe('suggestionSnippet', () => {
  it('prefills the lines, with -N for a range and a fence longer than backticks inside', () => {
    expect(suggestionSnippet(['export const b = 2;'])).toBe('```suggestion\nexport const b = 2;\n```');
    expect(suggestionSnippet(['a', '```x'])).toBe('````suggestion:-1+0\na\n```x\n````');
    expect(contentLines('a\nb\n')).toEqual(['a', 'b']);
    expect(contentLines('')).toEqual([]);
  });
});
