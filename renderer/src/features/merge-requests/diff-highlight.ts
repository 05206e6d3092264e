import hljs from 'highlight.js/lib/core';
import { tokenize, type HunkData, type HunkTokens } from 'react-diff-view';
// Importing the repository highlighter registers its languages on the shared highlight.js core.
import { HIGHLIGHT_LIMIT_BYTES, languageForPath } from '../../components/highlight.js';

/** A hast node as react-diff-view's tokenizer reads refractor's output. */
interface HastNode {
  type: 'element' | 'text';
  tagName?: string;
  properties?: { className: string[] };
  value?: string;
  children?: HastNode[];
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
};
const TOKEN = /<span class="([^"]*)">|<\/span>|([^<]+)/g;

/**
 * highlight.js HTML (only `<span class>` and escaped text) as a hast tree. No HTML is ever handed to the
 * DOM: react-diff-view renders the tree as React elements.
 */
export function htmlToHast(html: string): HastNode[] {
  const root: HastNode = { type: 'element', children: [] };
  const stack: HastNode[] = [root];
  for (const match of html.matchAll(TOKEN)) {
    const parent = stack[stack.length - 1]!;
    if (match[1] !== undefined) {
      const node: HastNode = {
        type: 'element',
        tagName: 'span',
        properties: { className: match[1].split(' ').filter(Boolean) },
        children: [],
      };
      parent.children!.push(node);
      stack.push(node);
    } else if (match[2] !== undefined) {
      parent.children!.push({
        type: 'text',
        value: match[2].replace(/&(amp|lt|gt|quot|#x27);/g, (e) => ENTITIES[e] ?? e),
      });
    } else if (stack.length > 1) {
      stack.pop();
    }
  }
  return root.children!;
}

/** refractor's `highlight(text, language)` contract, served by highlight.js. */
const hljsRefractor = {
  highlight: (text: string, language: string) =>
    htmlToHast(hljs.highlight(text, { language, ignoreIllegals: true }).value),
};

/**
 * Syntax tokens for the hunks of one file (old and new side highlighted as whole texts, so multi-line
 * strings and comments keep their colour), or undefined for unknown languages and very large diffs.
 */
export function tokenizeHunks(hunks: HunkData[], path: string): HunkTokens | undefined {
  const language = languageForPath(path);
  if (!language || language === 'plaintext') return undefined;
  const size = hunks.reduce((sum, hunk) => sum + hunk.content.length + hunk.changes.length * 80, 0);
  if (size > HIGHLIGHT_LIMIT_BYTES) return undefined;
  try {
    return tokenize(hunks, {
      highlight: true,
      // react-diff-view types this as refractor; highlight.js gives the same tree shape.
      refractor: hljsRefractor as never,
      language,
    });
  } catch {
    return undefined;
  }
}
