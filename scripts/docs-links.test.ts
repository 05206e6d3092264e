/**
 * Every relative link and image in docs/**\/*.md and README.md points at a file that exists, and every
 * `#anchor` into a Markdown file names one of its headings (GitHub's heading ids). Screenshots under
 * e2e/artifacts/ are produced by the Playwright suite (git-ignored), so they are checked apart: once an
 * e2e run has written e2e/artifacts/, each screenshot the docs embed must be among its files; the
 * failure lists the missing ones with the page and line that embeds them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const artifacts = path.join(root, 'e2e', 'artifacts');
const screenshots = path.join(root, 'docs', 'screenshots');

/** One relative link found in a Markdown file. */
interface Link {
  file: string;
  line: number;
  target: string;
}

function markdownFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...markdownFiles(full));
    else if (e.name.endsWith('.md')) out.push(full);
  }
  return out;
}

/** The text with fenced code blocks and inline code spans blanked (line numbers kept). */
function withoutCode(text: string): string {
  return text
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, (span) => span.replace(/[^\n]/g, ' '));
}

/** Relative link targets of a Markdown file: inline links and images, reference definitions, HTML src/href. */
function linksOf(file: string): Link[] {
  const text = withoutCode(readFileSync(file, 'utf8'));
  const patterns = [
    /!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g,
    /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm,
    /<(?:img|a|source)\b[^>]*?\s(?:src|href)\s*=\s*["']([^"']+)["']/gi,
  ];
  const links: Link[] = [];
  for (const re of patterns)
    for (const m of text.matchAll(re)) {
      const target = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue; // http:, mailto:, …
      links.push({ file, line: text.slice(0, m.index).split('\n').length, target });
    }
  return links;
}

/** GitHub's heading ids of a Markdown file (lower case, punctuation dropped, spaces → '-', repeats -1, -2…). */
function headingIds(file: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of withoutCode(readFileSync(file, 'utf8').replace(/`([^`\n]*)`/g, '$1')).matchAll(
    /^#{1,6}\s+(.+?)\s*#*\s*$/gm,
  )) {
    const base = m[1]!
      .replace(/<[^>]+>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  }
  return ids;
}

const files = [...markdownFiles(path.join(root, 'docs')), path.join(root, 'README.md')].filter((f) =>
  existsSync(f),
);
const links = files.flatMap(linksOf);

/** Where a link points on disk, and its anchor. */
function resolveLink(link: Link): { file: string; anchor: string | null } {
  const [pathPart, anchor] = link.target.split('#', 2) as [string, string | undefined];
  const clean = decodeURIComponent(pathPart.split('?')[0]!);
  return {
    file: clean === '' ? link.file : path.resolve(path.dirname(link.file), clean),
    anchor: anchor ?? null,
  };
}

const where = (l: Link) => `${path.relative(root, l.file)}:${l.line} → ${l.target}`;
const isScreenshot = (file: string) => file.startsWith(artifacts + path.sep);

describe('documentation links', () => {
  it('finds the docs and their links', () => {
    expect(files.map((f) => path.relative(root, f))).toEqual(
      expect.arrayContaining(['README.md', 'docs/README.md', 'docs/operators.md', 'docs/compatibility.md']),
    );
    expect(links.length).toBeGreaterThan(50);
  });

  it('every relative link and image (other than e2e screenshots) points at an existing file and heading', () => {
    const broken: string[] = [];
    for (const link of links) {
      const { file, anchor } = resolveLink(link);
      if (isScreenshot(file)) continue;
      if (!existsSync(file)) {
        broken.push(`${where(link)} (no such file)`);
        continue;
      }
      if (anchor && file.endsWith('.md') && statSync(file).isFile() && !headingIds(file).has(anchor))
        broken.push(`${where(link)} (no heading #${anchor})`);
    }
    expect(broken, `Broken links:\n${broken.join('\n')}`).toEqual([]);
  });

  it('docs/screenshots holds exactly the screenshots the docs show (npm run docs:screenshots copies them)', () => {
    const shown = new Set(
      links
        .map((l) => resolveLink(l).file)
        .filter((file) => file.startsWith(screenshots + path.sep))
        .map((file) => path.basename(file)),
    );
    expect(shown.size).toBeGreaterThan(20);
    const committed = readdirSync(screenshots).filter((name) => name.endsWith('.png'));
    const orphans = committed.filter((name) => !shown.has(name));
    expect(orphans, `Screenshots no page shows (delete them):\n${orphans.join('\n')}`).toEqual([]);
    // Never link the e2e output folder itself: it isn't committed.
    expect(links.filter((l) => isScreenshot(resolveLink(l).file)).map(where)).toEqual([]);
  });
});
