import { describe, expect, it } from 'vitest';
import {
  codeOwnersGlob,
  codeOwnersPatternMatches,
  codeOwnersRefusal,
  matchedCodeOwnerPatterns,
  parseCodeOwners,
} from './code-owners.js';

describe('CODEOWNERS parsing', () => {
  it('reads entries, comments, escapes, sections with default owners and optional sections', () => {
    const entries = parseCodeOwners(
      [
        '# comment',
        '*.rb @ruby-team # trailing comment',
        'path\\ with\\ spaces/ @owner',
        '\\#hash.txt @hash',
        '',
        '[Docs] @docs-team',
        '/docs/',
        'README.md @writer',
        '^[Optional]',
        '*.md @reviewers',
        'orphan',
      ].join('\n'),
    );
    expect(entries.map((e) => [e.pattern, e.owners, e.section, e.optional, e.line])).toEqual([
      ['*.rb', ['@ruby-team'], 'codeowners', false, 2],
      ['path with spaces/', ['@owner'], 'codeowners', false, 3],
      ['#hash.txt', ['@hash'], 'codeowners', false, 4],
      ['/docs/', ['@docs-team'], 'Docs', false, 7],
      ['README.md', ['@writer'], 'Docs', false, 8],
      ['*.md', ['@reviewers'], 'Optional', true, 10],
      ['orphan', [], 'Optional', true, 11],
    ]);
  });
});

describe('CODEOWNERS matching (GitLab fnmatch with FNM_PATHNAME | FNM_DOTMATCH)', () => {
  it.each([
    ['*.rb', 'app/models/user.rb', true],
    ['*.rb', 'user.rb', true],
    ['*.rb', 'user.rbx', false],
    ['/docs/', 'docs/a/b.md', true],
    ['/docs/', 'src/docs/a.md', false],
    ['docs/', 'src/docs/a.md', true],
    ['/config/*.yml', 'config/app.yml', true],
    ['/config/*.yml', 'config/sub/app.yml', false],
    ['/config/**/*.yml', 'config/sub/app.yml', true],
    ['README.md', 'nested/README.md', true],
    ['/README.md', 'nested/README.md', false],
    ['.gitlab-ci.yml', '.gitlab-ci.yml', true],
    ['*', '.hidden', true],
  ])('%s vs %s → %s', (pattern, path, expected) => {
    expect(codeOwnersPatternMatches(pattern, path)).toBe(expected);
  });

  it('anchors only patterns with a leading slash', () => {
    expect(codeOwnersGlob('/a/b')).toBe('a/b');
    expect(codeOwnersGlob('a/b')).toBe('**/a/b');
    expect(codeOwnersGlob('/dir/')).toBe('dir/**');
  });

  it('lists matched required patterns once, in file order, ignoring optional sections and owner-less entries', () => {
    const entries = parseCodeOwners('*.sql @dba\n/db/ @dba\nnobody.txt\n^[Opt]\n*.md @w\n');
    expect(matchedCodeOwnerPatterns(entries, ['db/a.sql', 'db/b.sql', 'x.md', 'nobody.txt'])).toEqual([
      '*.sql',
      '/db/',
    ]);
    expect(matchedCodeOwnerPatterns(entries, ['src/a.ts'])).toEqual([]);
    expect(codeOwnersRefusal(['*.sql'])).toMatch(/via a merge request[\s\S]*\n- \*\.sql$/);
  });
});
