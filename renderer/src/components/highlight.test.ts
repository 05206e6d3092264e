import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  highlightLines,
  languageForPath,
  languageLabel,
  splitHighlightedLines,
  splitLines,
} from './highlight.js';

describe('languageForPath', () => {
  it('finds languages by extension, alias and file name', () => {
    expect(languageForPath('src/main.ts')).toBe('typescript');
    expect(languageForPath('App.tsx')).toBe('typescript');
    expect(languageForPath('package.json')).toBe('json');
    expect(languageForPath('.gitlab-ci.yml')).toBe('yaml');
    expect(languageForPath('README.md')).toBe('markdown');
    expect(languageForPath('docker/Dockerfile')).toBe('dockerfile');
    expect(languageForPath('Makefile')).toBe('makefile');
    expect(languageForPath('lib/x.h')).toBe('c');
    expect(languageForPath('index.html')).toBe('xml');
  });

  it('returns null for unknown or missing extensions', () => {
    expect(languageForPath('LICENSE')).toBeNull();
    expect(languageForPath('data.weird')).toBeNull();
  });

  it('names languages for people', () => {
    expect(languageLabel('typescript')).toBe('TypeScript');
    expect(languageLabel(null)).toBe('Plain text');
  });
});

describe('splitting lines', () => {
  it('splits on LF and CRLF, ignoring one final newline', () => {
    expect(splitLines('a\r\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('a\n\n')).toEqual(['a', '']);
    expect(splitLines('')).toEqual([]);
    expect(splitLines('x')).toEqual(['x']);
  });

  it('closes and reopens spans across line ends', () => {
    const html = 'a<span class="c">/* one\ntwo */</span>b\nc\n';
    expect(splitHighlightedLines(html)).toEqual([
      'a<span class="c">/* one</span>',
      '<span class="c">two */</span>b',
      'c',
    ]);
  });

  it('handles nested spans and a span closing after the final newline', () => {
    const html = '<span class="a">x<span class="b">y\nz</span>\n</span>';
    expect(splitHighlightedLines(html)).toEqual([
      '<span class="a">x<span class="b">y</span></span>',
      '<span class="a"><span class="b">z</span></span>',
    ]);
  });

  it('highlights code into as many lines as the text has', () => {
    const code = 'const a = `x\ny`;\n// done\n';
    const lines = highlightLines(code, 'typescript');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('hljs-keyword');
    expect(lines[1]).toMatch(/^<span class="hljs-string">y`<\/span>/);
    expect(lines[2]).toContain('hljs-comment');
  });

  it('escapes plain text', () => {
    expect(highlightLines('<b>&\n', null)).toEqual(['&lt;b&gt;&amp;']);
    expect(escapeHtml(`"'`)).toBe('&quot;&#x27;');
  });
});
