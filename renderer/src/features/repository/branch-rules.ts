import type { Branch } from '../../api/repository/types.js';

/**
 * Git's rules for a branch or tag name (`git check-ref-format`), as one sentence about the first
 * problem found, or null when the name is fine.
 */
export function validateRefName(name: string, noun: 'branch' | 'tag' = 'branch'): string | null {
  const subject = `A ${noun} name`;
  if (name === '') return `Enter a ${noun} name.`;
  if (/\s/.test(name)) return `${subject} can’t contain spaces.`;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what git refuses.
  if (/\.\.|[~^:?*[\\\x00-\x1f\x7f]|@\{/.test(name))
    return `${subject} can’t contain .., ~, ^, :, ?, *, [, \\ or @{.`;
  if (/^[-/.]|[/.]$|\/\/|\.lock$|\/\./.test(name))
    return `${subject} can’t start with -, / or ., end with / or . or .lock, or contain //.`;
  if (name === '@' || name === 'HEAD') return `${name} is reserved by git.`;
  return null;
}

/** {@link validateRefName} for branches. */
export function validateBranchName(name: string): string | null {
  return validateRefName(name, 'branch');
}

/** Why a branch can't be deleted here, or null when it can. */
export function branchDeleteBlocker(branch: Pick<Branch, 'default' | 'protected' | 'name'>): string | null {
  if (branch.default) return `${branch.name} is the default branch; make another branch the default first.`;
  if (branch.protected) return `${branch.name} is protected; unprotect it under Protected branches first.`;
  return null;
}
