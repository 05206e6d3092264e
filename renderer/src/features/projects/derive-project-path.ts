/** GitLab's rule for a project path: letters, digits, `_`, `-`, `.`; starts with a letter, digit or `_`. */
export const PROJECT_PATH_PATTERN = /^[a-zA-Z0-9_][a-zA-Z0-9_.-]*$/;

/**
 * The URL path GitLab would suggest for a project name: `"My Project!"` → `"my-project"`.
 * Lower-cases, turns anything outside `[a-z0-9_.-]` into `-`, collapses repeats, trims separators
 * from both ends and drops a trailing `.git`/`.atom` (reserved by GitLab).
 */
export function deriveProjectPath(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/(\.git|\.atom)+$/g, '')
    .replace(/^[-.]+|[-._]+$/g, '');
}

/** A sentence when `path` is not a valid GitLab project path, else null. */
export function validateProjectPath(path: string): string | null {
  if (path === '') return 'Enter a project path.';
  if (!PROJECT_PATH_PATTERN.test(path)) {
    return 'Use letters, digits, “_”, “-” and “.”; start with a letter, digit or “_”.';
  }
  if (/\.(git|atom)$/.test(path)) return 'The path cannot end in .git or .atom.';
  if (/[-._]$/.test(path)) return 'The path cannot end with “-”, “_” or “.”.';
  return null;
}
