/**
 * The matchers that replaced RegExps built from data (issue 25): protected-branch wildcards and issue
 * references. Each is checked against the RegExp it replaced (built here, in a test, on small inputs)
 * over many generated cases, and on inputs where that RegExp backtracks badly.
 */
import { describe, expect, it } from 'vitest';
import { referencesIssue } from './issues/issue-relations.js';
import { protectedNameMatches } from './protected-branches/branch-protection.js';

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The former implementation of protectedNameMatches. */
function wildcardByRegExp(pattern: string, branch: string): boolean {
  if (!pattern.includes('*')) return pattern === branch;
  return new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*?')}$`).test(branch);
}

/** The former implementation of referencesIssue. */
function referenceByRegExp(text: string, fullPath: string, iid: number): boolean {
  return new RegExp(`(?:^|[^\\w&/#])(?:${escapeRegExp(fullPath)})?#${iid}(?!\\d)`).test(text);
}

let seed = 7;
function pick<T>(items: readonly T[]): T {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return items[seed % items.length]!;
}
function word(alphabet: readonly string[], max: number): string {
  let s = '';
  const n = Math.floor((pick([0, 1, 2, 3, 4, 5, 6, 7]) / 7) * max);
  for (let i = 0; i < n; i++) s += pick(alphabet);
  return s;
}

describe('protectedNameMatches without a RegExp', () => {
  it('agrees with the former RegExp on 5,000 generated patterns and branches', () => {
    for (let i = 0; i < 5000; i++) {
      const pattern = word(['a', 'b', '/', '*', '.', '-'], 8);
      const branch = word(['a', 'b', '/', '.', '-'], 10);
      expect(protectedNameMatches(pattern, branch), `${pattern} vs ${branch}`).toBe(
        wildcardByRegExp(pattern, branch),
      );
    }
  });

  it('matches GitLab examples and stays linear on a pattern that backtracks', () => {
    expect(protectedNameMatches('release/*', 'release/1.0')).toBe(true);
    expect(protectedNameMatches('*-stable', 'v1-stable')).toBe(true);
    expect(protectedNameMatches('*-stable', 'v1-stable-x')).toBe(false);
    expect(protectedNameMatches('a*a', 'a')).toBe(false);
    expect(protectedNameMatches('*', '')).toBe(true);
    const started = performance.now();
    expect(protectedNameMatches(`${'*a'.repeat(30)}*b`, 'a'.repeat(5000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('referencesIssue without a RegExp', () => {
  it('agrees with the former RegExp on 5,000 generated texts', () => {
    const fullPaths = ['g/p', 'group/sub.project', 'a'];
    for (let i = 0; i < 5000; i++) {
      const fullPath = pick(fullPaths);
      const iid = pick([1, 12, 5]);
      const text = word(['#', '1', '2', '5', ' ', 'g/p', 'a', '&', '/', 'x', '\n', 'group/sub.project'], 10);
      expect(referencesIssue(text, fullPath, iid), `${JSON.stringify(text)} ${fullPath}#${iid}`).toBe(
        referenceByRegExp(text, fullPath, iid),
      );
    }
  });

  it('finds #iid and path#iid and rejects longer numbers and glued words', () => {
    expect(referencesIssue('Fixes #12', 'g/p', 12)).toBe(true);
    expect(referencesIssue('see g/p#12.', 'g/p', 12)).toBe(true);
    expect(referencesIssue('see #123', 'g/p', 12)).toBe(false);
    expect(referencesIssue('x#12', 'g/p', 12)).toBe(false);
    expect(referencesIssue('other/p#12', 'g/p', 12)).toBe(false);
    expect(referencesIssue('(.*)#1', '(.*)', 1)).toBe(true);
    expect(referencesIssue(null, 'g/p', 1)).toBe(false);
  });
});
