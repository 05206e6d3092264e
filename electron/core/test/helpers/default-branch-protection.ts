/**
 * `default_branch_protection` for tests (doc/api/settings.md; services/protected-branches/
 * protect-default-branch.ts). Tests of other areas that push to, force-push, merge into or protect the
 * default branch of projects they create themselves set it to 0 (not protected) up front, so their own
 * protection rules are the only ones in play; the default (2, fully protected) is tested in
 * test/api/default-branch-protection.test.ts.
 */
import type { TestCore } from './test-core.js';

/**
 * Set the instance's `default_branch_protection` (0–4) as the administrator.
 * @throws when the core refuses.
 */
export async function setDefaultBranchProtection(t: TestCore, level: number): Promise<void> {
  const res = await t.api('PUT', '/application/settings', { json: { default_branch_protection: level } });
  if (res.status !== 200)
    throw new Error(`setting default_branch_protection failed: ${res.status} ${res.text}`);
}

/** New projects' default branches stay unprotected (GitLab's `default_branch_protection` 0). */
export function unprotectNewDefaultBranches(t: TestCore): Promise<void> {
  return setDefaultBranchProtection(t, 0);
}
