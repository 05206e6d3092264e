/**
 * Syntax highlighting for the file and blame views: highlight.js core with the languages an admin
 * meets most (no eval, no inline scripts: it only returns escaped HTML with `<span class="hljs-…">`),
 * and a splitter that cuts its HTML into one self-contained fragment per line.
 */
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import less from 'highlight.js/lib/languages/less';
import makefile from 'highlight.js/lib/languages/makefile';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import plaintext from 'highlight.js/lib/languages/plaintext';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import scss from 'highlight.js/lib/languages/scss';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

const LANGUAGES = {
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  dockerfile,
  go,
  ini,
  java,
  javascript,
  json,
  kotlin,
  less,
  makefile,
  markdown,
  php,
  plaintext,
  python,
  ruby,
  rust,
  scss,
  sql,
  swift,
  typescript,
  xml,
  yaml,
};
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

/** Files above this size are shown without highlighting (it would stall the window). */
export const HIGHLIGHT_LIMIT_BYTES = 512 * 1024;

/** Whole file names that say their language. */
const FILE_NAMES: Record<string, string> = {
  dockerfile: 'dockerfile',
  containerfile: 'dockerfile',
  makefile: 'makefile',
  gnumakefile: 'makefile',
  gemfile: 'ruby',
  rakefile: 'ruby',
  '.gitignore': 'bash',
  '.dockerignore': 'bash',
  '.gitattributes': 'ini',
  '.editorconfig': 'ini',
  '.npmrc': 'ini',
  '.env': 'bash',
  'cmakelists.txt': 'plaintext',
};

/** Extensions highlight.js does not know by alias. */
const EXTENSIONS: Record<string, string> = {
  h: 'c',
  hpp: 'cpp',
  cc: 'cpp',
  cs: 'csharp',
  kt: 'kotlin',
  kts: 'kotlin',
  patch: 'diff',
  cfg: 'ini',
  conf: 'ini',
  properties: 'ini',
  lock: 'plaintext',
  vue: 'xml',
  svelte: 'xml',
};

/** The highlight.js language for a file path, or null when none fits (shown as plain text). */
export function languageForPath(path: string): string | null {
  const name = (path.split('/').pop() ?? '').toLowerCase();
  const byName = FILE_NAMES[name];
  if (byName) return byName;
  if (name.startsWith('dockerfile.')) return 'dockerfile';
  const dot = name.lastIndexOf('.');
  if (dot <= 0 && !name.startsWith('.')) return null;
  const extension = name.slice(dot + 1);
  const mapped = EXTENSIONS[extension] ?? extension;
  const language = hljs.getLanguage(mapped);
  if (!language) return null;
  return LANGUAGE_IDS.get(language) ?? null;
}

const LANGUAGE_IDS = new Map(Object.keys(LANGUAGES).map((name) => [hljs.getLanguage(name), name] as const));

/** A readable language name for the file header (`typescript` → `TypeScript`). */
export function languageLabel(language: string | null): string {
  if (!language) return 'Plain text';
  return hljs.getLanguage(language)?.name ?? language;
}

/** Escape text for HTML (the plain-text path). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

/**
 * Split the lines of a text: `\n` or `\r\n`; a final newline ends the last line rather than
 * starting an empty one. An empty text has no lines.
 */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const TOKEN = /(<span[^>]*>)|(<\/span>)|(\r?\n)|([^<\r\n]+|\r)/g;

/**
 * Cut highlight.js HTML into one fragment per line, closing the spans open at each line end and
 * reopening them on the next line, so a multi-line comment or string keeps its colour and every
 * fragment is balanced. A final newline does not start an empty line.
 */
export function splitHighlightedLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let current = '';
  let hasText = false;
  for (const match of html.matchAll(TOKEN)) {
    const [, openTag, closeTag, newline, text] = match;
    if (openTag) {
      open.push(openTag);
      current += openTag;
    } else if (closeTag) {
      open.pop();
      current += closeTag;
    } else if (newline) {
      lines.push(current + '</span>'.repeat(open.length));
      current = open.join('');
      hasText = false;
    } else if (text && text !== '\r') {
      current += text;
      hasText = true;
    }
  }
  // Text after the last newline is a last line; only closing tags there are not.
  if (hasText) lines.push(current + '</span>'.repeat(open.length));
  return lines;
}

/**
 * The lines of `text` as HTML fragments: highlighted for a known language under the size limit,
 * escaped plain text otherwise. Always as many fragments as {@link splitLines} gives lines.
 */
export function highlightLines(text: string, language: string | null): string[] {
  const plain = splitLines(text);
  if (!language || language === 'plaintext' || text.length > HIGHLIGHT_LIMIT_BYTES) {
    return plain.map(escapeHtml);
  }
  try {
    const html = hljs.highlight(text, { language, ignoreIllegals: true }).value;
    const lines = splitHighlightedLines(html);
    return lines.length === plain.length ? lines : plain.map(escapeHtml);
  } catch {
    return plain.map(escapeHtml);
  }
}
