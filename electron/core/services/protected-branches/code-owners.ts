/**
 * Code owners on protected branches (spec "Protected branches": `code_owner_approval_required` "prevents
 * pushes to a branch matching an item of the code-owners file"; GitLab doc/user/project/codeowners/ and
 * doc/user/project/repository/branches/protected.md "Require Code Owner approval on a protected branch";
 * ee/lib/gitlab/code_owners/validator.rb). When a protected branch's rule requires code owner approval,
 * direct changes (git push, the files and commits API) that touch a path matched by the branch's
 * CODEOWNERS file are refused; such changes go through a merge request instead (merges are not checked).
 *
 * CODEOWNERS is read from the branch as it is before the change, at the first of `CODEOWNERS`,
 * `docs/CODEOWNERS`, `.gitlab/CODEOWNERS` (GitLab's order). Syntax: `pattern @owner …` lines, `#`
 * comments, `[Section]` / `[Section] @default-owner` headers and optional `^[Section]` sections (their
 * entries never block), `\ ` and `\#` escapes. Matching follows GitLab's File.fnmatch with FNM_PATHNAME |
 * FNM_DOTMATCH: a pattern starting with `/` is anchored at the repository root, otherwise it matches at
 * any depth; a trailing `/` matches everything below that directory; `*` stays inside one path segment and
 * `**` crosses segments. Entries without owners (and no section default owner) don't count.
 */
import picomatch from 'picomatch';

/** Where GitLab looks for the file, in order. */
export const CODEOWNERS_PATHS = ['CODEOWNERS', 'docs/CODEOWNERS', '.gitlab/CODEOWNERS'] as const;

/** One entry of a CODEOWNERS file. */
export interface CodeOwnersEntry {
  /** The pattern as written (escapes removed). */
  pattern: string;
  /** Owners as written (`@user`, `@group/sub`, `email@example.com`), the section's defaults when none. */
  owners: string[];
  /** The section's name; `codeowners` for entries before any header (GitLab's default section). */
  section: string;
  /** True in an optional (`^[Section]`) section. */
  optional: boolean;
  /** 1-based line number. */
  line: number;
}

const SECTION_HEADER = /^(\^)?\[([^\]]+)\](?:\[\d+\])?\s*(.*)$/;

/** Splits a line into whitespace-separated words, keeping `\ ` inside a word. */
function words(line: string): string[] {
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '\\' && i + 1 < line.length) {
      current += line[++i];
    } else if (/\s/.test(ch)) {
      if (current) out.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (current) out.push(current);
  return out;
}

/** Removes a trailing unescaped `#` comment. */
function stripComment(line: string): string {
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '\\') i++;
    else if (line[i] === '#') return line.slice(0, i);
  }
  return line;
}

/** Parses a CODEOWNERS file (see the module comment). Malformed lines are skipped, as GitLab does. */
export function parseCodeOwners(text: string): CodeOwnersEntry[] {
  const entries: CodeOwnersEntry[] = [];
  let section = 'codeowners';
  let optional = false;
  let defaults: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = stripComment(raw).trim();
    if (!line) return;
    const header = SECTION_HEADER.exec(line);
    if (header && !line.startsWith('\\[')) {
      optional = header[1] === '^';
      section = header[2]!.trim();
      defaults = words(header[3] ?? '');
      return;
    }
    const [pattern, ...owners] = words(line);
    if (!pattern) return;
    entries.push({
      pattern,
      owners: owners.length > 0 ? owners : defaults,
      section,
      optional,
      line: index + 1,
    });
  });
  return entries;
}

/** The glob GitLab's matcher effectively uses for `pattern` (anchoring and directory rules applied). */
export function codeOwnersGlob(pattern: string): string {
  let glob = pattern.startsWith('/') ? pattern.slice(1) : `**/${pattern}`;
  if (glob.endsWith('/')) glob += '**';
  return glob;
}

/** True when the CODEOWNERS `pattern` matches the repository path `filePath` (no leading slash). */
export function codeOwnersPatternMatches(pattern: string, filePath: string): boolean {
  return picomatch.isMatch(filePath, codeOwnersGlob(pattern), { dot: true, noextglob: true });
}

/**
 * The patterns (as written, in file order, without duplicates) of required entries that match any of
 * `paths`. Entries of optional sections and entries without owners are ignored.
 */
export function matchedCodeOwnerPatterns(
  entries: readonly CodeOwnersEntry[],
  paths: readonly string[],
): string[] {
  const matched: string[] = [];
  for (const entry of entries) {
    if (entry.optional || entry.owners.length === 0 || matched.includes(entry.pattern)) continue;
    if (paths.some((p) => codeOwnersPatternMatches(entry.pattern, p))) matched.push(entry.pattern);
  }
  return matched;
}

/** GitLab's refusal (Gitlab::CodeOwners::Validator), listing the matched patterns. */
export function codeOwnersRefusal(patterns: readonly string[]): string {
  return (
    'Pushes to protected branches that contain changes to files that match patterns defined in ' +
    '`CODEOWNERS` are disabled for this project. Please submit these changes via a merge request. ' +
    'The following pattern(s) from `CODEOWNERS` were matched:\n' +
    patterns.map((p) => `- ${p}`).join('\n')
  );
}
