/**
 * Protection of a new project's default branch (GitLab's `Projects::ProtectDefaultBranchService`,
 * `Gitlab::Access::BranchProtection#to_hash`, `ProtectedBranch.protected?` /
 * `.protected_ref_accessible_to?` and `Gitlab::Checks::BranchCheck#empty_project_push_message`;
 * doc/user/project/repository/branches/default.md "Protect initial default branches",
 * doc/api/settings.md `default_branch_protection`).
 *
 * When a project gets its default branch — created with a README, first push over smart HTTP, first
 * commit of the repository files API, finished import — the instance setting `default_branch_protection`
 * decides the protected branch rule it gets:
 *
 * | value | GitLab's name                      | push | merge | force push | developer's first push |
 * |-------|------------------------------------|------|-------|------------|------------------------|
 * | 0     | Not protected                      | —    | —     | —          | allowed                |
 * | 1     | Protected against force push (partially) | 30 | 40 | no        | allowed                |
 * | 2     | Fully protected (default)          | 40   | 40    | no         | refused                |
 * | 3     | Protected against pushes           | 40   | 30    | no         | refused                |
 * | 4     | Fully protected after initial push | 40   | 40    | no         | allowed                |
 *
 * (30 = Developers + Maintainers, 40 = Maintainers.) Value 0 creates no rule. No rule is created when
 * one (exact or wildcard) already protects the branch. The rule gets an unprotect entry of 40, as
 * `POST /projects/:id/protected_branches` without `unprotect_access_level` does.
 *
 * "Developer's first push" is the empty-repository rule: while a project's repository has no branch,
 * values 2 and 3 treat every branch as protected, so only Maintainers, Owners and administrators may
 * push the first branch (GitLab: `project.empty_repo? && default_branch_protected?`, with
 * `initial_push_to_default_branch_allowed_for_developer?` letting Developers through for 0, 1 and 4).
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import type { Db } from '../../db/database.js';
import { findNamespaceById } from '../../db/namespaces.js';
import { findProjectById } from '../../db/projects.js';
import type { ProjectRow } from '../../db/projects.js';
import { findUserById } from '../../db/users.js';
import type { UserRow } from '../../db/users.js';
import { isAdmin, projectAccessLevel } from '../access/project-access.js';
import { DEFAULT_BRANCH_PROTECTION, instanceSetting } from '../admin/instance-settings.js';
import type { ServiceContext } from '../context.js';
import { loadProtectionRules, matchingRules } from './branch-protection.js';
import type { ProtectionRule } from './branch-protection.js';
import { insertProtectionRule } from './protect-branch.js';

/** The rule a default branch gets: access levels of the push and merge entries and force push. */
export interface DefaultBranchRule {
  push_access_level: number;
  merge_access_level: number;
  allow_force_push: boolean;
}

/**
 * The rule of `level` (0–4), or null for 0 (not protected) and for unknown values. Pure; unit-tested
 * (GitLab's BranchProtection#to_hash: protection_partial, protected_fully,
 * protected_against_developer_pushes, protected_after_initial_push).
 */
export function defaultBranchRule(level: number): DefaultBranchRule | null {
  switch (level) {
    case DEFAULT_BRANCH_PROTECTION.DEVELOPERS_CAN_PUSH:
      return {
        push_access_level: AccessLevel.Developer,
        merge_access_level: AccessLevel.Maintainer,
        allow_force_push: false,
      };
    case DEFAULT_BRANCH_PROTECTION.FULL:
    case DEFAULT_BRANCH_PROTECTION.FULL_AFTER_INITIAL_PUSH:
      return {
        push_access_level: AccessLevel.Maintainer,
        merge_access_level: AccessLevel.Maintainer,
        allow_force_push: false,
      };
    case DEFAULT_BRANCH_PROTECTION.DEVELOPERS_CAN_MERGE:
      return {
        push_access_level: AccessLevel.Maintainer,
        merge_access_level: AccessLevel.Developer,
        allow_force_push: false,
      };
    default:
      return null;
  }
}

/**
 * Whether a user with project access `level` (an administrator when `admin`) may push the first branch
 * into an empty repository under protection `protection` (see the module comment). Pure; unit-tested.
 */
export function initialPushAllowed(protection: number, level: number, admin: boolean): boolean {
  if (admin || level >= AccessLevel.Maintainer) return true;
  if (level < AccessLevel.Developer) return false;
  return (
    protection !== DEFAULT_BRANCH_PROTECTION.FULL &&
    protection !== DEFAULT_BRANCH_PROTECTION.DEVELOPERS_CAN_MERGE
  );
}

/**
 * Whether `user` may create the first branch of `project`'s empty repository under the current
 * `default_branch_protection` (the push and files API checks ask this when the repository is empty).
 */
export function canPushToEmptyRepository(db: Db, user: UserRow | null, project: ProjectRow): boolean {
  if (!user) return false;
  return initialPushAllowed(
    instanceSetting(db, 'default_branch_protection'),
    projectAccessLevel(db, user, project),
    isAdmin(user),
  );
}

/**
 * GitLab's refusal of a Developer's push into an empty, protected repository
 * (Gitlab::Checks::BranchCheck#empty_project_push_message), with the project's members page.
 */
export function emptyProjectPushMessage(ctx: ServiceContext, project: ProjectRow): string {
  const fullPath = `${findNamespaceById(ctx.db, project.namespace_id)?.full_path ?? ''}/${project.path}`;
  return [
    '',
    `A default branch (e.g. main) does not yet exist for ${fullPath}`,
    'Ask a project Owner or Maintainer to create a default branch:',
    '',
    `  ${ctx.externalUrl()}/${fullPath}/-/project_members`,
    '',
  ].join('\n');
}

/**
 * Protect the default branch of project `projectId` as `default_branch_protection` says, once the
 * project has one (call right after `default_branch` is set). Does nothing when the project is gone, has
 * no default branch, the setting is 0, or a rule already matches the branch. The rule and its
 * `protected_branch_created` audit event are written in one transaction (a savepoint inside the caller's).
 * Like GitLab, the rule is created on behalf of the project's creator (the audit author; the actor when
 * the creator is gone), without a permission check.
 * @returns the new rule, or null when none was created.
 */
export function protectDefaultBranch(ctx: ServiceContext, projectId: number): ProtectionRule | null {
  return ctx.db.transaction((): ProtectionRule | null => {
    const project = findProjectById(ctx.db, projectId);
    const branch = project?.default_branch;
    if (!project || !branch) return null;
    const rule = defaultBranchRule(instanceSetting(ctx.db, 'default_branch_protection'));
    if (!rule) return null;
    if (matchingRules(loadProtectionRules(ctx.db, project.id), branch).length > 0) return null;
    const creator = project.creator_id !== null ? findUserById(ctx.db, project.creator_id) : undefined;
    const asCreator: ServiceContext = creator ? { ...ctx, actor: { ...ctx.actor, user: creator } } : ctx;
    return insertProtectionRule(asCreator, project, { name: branch, ...rule });
  })();
}
