/**
 * Applies code owner approval rules to a direct change of a branch (see code-owners.ts): the git push
 * pre-receive check and the repository files API both call `codeOwnersRefusal…` before any ref moves.
 */
import { readBlobAtCommit } from '../../git/ci-source.js';
import {
  CODEOWNERS_PATHS,
  codeOwnersRefusal,
  matchedCodeOwnerPatterns,
  parseCodeOwners,
} from './code-owners.js';
import { matchingRules, type ProtectionRule } from './branch-protection.js';

/** True when a protection rule matching `branch` requires code owner approval. */
export function requiresCodeOwnerApproval(rules: readonly ProtectionRule[], branch: string): boolean {
  return matchingRules(rules, branch).some((r) => r.branch.code_owner_approval_required === 1);
}

/** The text of the first CODEOWNERS file of `commit` (GitLab's lookup order), or null when there is none. */
export async function readCodeOwnersFile(repoPath: string, commit: string): Promise<string | null> {
  for (const candidate of CODEOWNERS_PATHS) {
    const bytes = await readBlobAtCommit(repoPath, commit, candidate);
    if (bytes) return bytes.toString('utf8');
  }
  return null;
}

/**
 * GitLab's refusal when changing `paths` on `branch` (whose head before the change is `base`) would touch
 * code owned in CODEOWNERS while a matching protection rule requires code owner approval; null when the
 * change is allowed (no such rule, no CODEOWNERS file, a new branch, or no required pattern matched).
 * @throws GitError for unexpected git failures reading CODEOWNERS.
 */
export async function codeOwnersRefusalFor(
  repoPath: string,
  rules: readonly ProtectionRule[],
  branch: string,
  base: string | null,
  paths: readonly string[],
): Promise<string | null> {
  if (!base || paths.length === 0 || !requiresCodeOwnerApproval(rules, branch)) return null;
  const text = await readCodeOwnersFile(repoPath, base);
  if (text === null) return null;
  const matched = matchedCodeOwnerPatterns(parseCodeOwners(text), paths);
  return matched.length > 0 ? codeOwnersRefusal(matched) : null;
}
