/**
 * Whether a new branch or tag name is acceptable, as GitLab's `Gitlab::GitRefValidator.validate`
 * decides (lib/gitlab/git_ref_validator.rb): git's check-ref-format rules for a branch name, and never
 * `HEAD` or a name starting with `refs/heads/` or `refs/remotes/`. Pure; unit-tested.
 */
import { branchNameProblem } from '../projects/projects-service.js';

/** True when `name` may name a new branch or tag. */
export function isValidRefName(name: string): boolean {
  if (name.startsWith('refs/heads/') || name.startsWith('refs/remotes/')) return false;
  return branchNameProblem(name) === null;
}
