import { describe, expect, it } from 'vitest';
import { parseDiff } from 'react-diff-view';
import { htmlToHast, tokenizeHunks } from './diff-highlight.js';

describe('htmlToHast', () => {
  it('turns highlight.js spans into a tree and unescapes the text', () => {
    expect(
      htmlToHast(
        '<span class="hljs-keyword">if</span> a &lt; b &amp;&amp; <span class="hljs-string">&quot;x&#x27;</span>',
      ),
    ).toEqual([
      {
        type: 'element',
        tagName: 'span',
        properties: { className: ['hljs-keyword'] },
        children: [{ type: 'text', value: 'if' }],
      },
      { type: 'text', value: ' a < b && ' },
      {
        type: 'element',
        tagName: 'span',
        properties: { className: ['hljs-string'] },
        children: [{ type: 'text', value: '"x\'' }],
      },
    ]);
  });

  it('keeps nested spans nested', () => {
    const [outer] = htmlToHast('<span class="a"><span class="b">x</span>y</span>');
    expect(outer?.children).toEqual([
      {
        type: 'element',
        tagName: 'span',
        properties: { className: ['b'] },
        children: [{ type: 'text', value: 'x' }],
      },
      { type: 'text', value: 'y' },
    ]);
  });
});

describe('tokenizeHunks', () => {
  const [file] = parseDiff(
    'diff --git a/a.ts b/a.ts\nindex 0000000..0000000\n--- a/a.ts\n+++ b/a.ts\n@@ -1 +1 @@\n-const a = 1;\n+let a = 2;\n',
  );

  it('highlights known languages', () => {
    const tokens = tokenizeHunks(file!.hunks, 'src/a.ts');
    expect(JSON.stringify(tokens?.new)).toContain('hljs-keyword');
  });

  it('leaves unknown languages plain', () => {
    expect(tokenizeHunks(file!.hunks, 'notes.unknownext')).toBeUndefined();
  });
});
