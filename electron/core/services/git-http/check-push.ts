/**
 * The pre-receive check of a push, run before any ref moves (GitLab's `POST /api/v4/internal/allowed` →
 * `Gitlab::GitAccess#check_push_access!` → `Gitlab::Checks::ChangesAccess`: PushCheck, BranchCheck,
 * TagCheck), answering allowed or GitLab's sentence:
 * 1. project archived: "You can't push code to an archived project.";
 * 2. repository read-only during a storage move: REPOSITORY_READ_ONLY_MESSAGE;
 * 3. Developer or above (re-checked: a role may have changed since `info/refs`);
 * 4. per branch (`refs/heads/*`): into an empty repository, Developers push only when
 *    `default_branch_protection` allows it (0, 1, 4; GitLab's empty_project_push_message otherwise);
 *    a new branch named like a commit id (40 hex digits) is refused; deleting the default branch is
 *    refused; deleting a protected branch is
 *    refused (Maintainers are told to use the web interface); a non-fast-forward update of a protected
 *    branch needs every matching rule's `allow_force_push`; creating a protected branch needs push or
 *    merge access, updating one needs push access (`canActOnBranch`);
 * 5. per tag (`refs/tags/*`): Developers may create tags; updating or deleting an existing tag needs
 *    Maintainer (GitLab's default without protected tags);
 * 5b. code owners: updating a branch whose rule requires code owner approval is refused when the pushed
 *    commits change a path matched by the branch's CODEOWNERS file (protected-branches/code-owner-check.ts);
 * 6. other refs (`refs/merge-requests/*`, `refs/pipelines/*`, …) belong to the core: refused.
 * The first refusal wins and the whole push is refused (receive-pack's pre-receive is all-or-nothing).
 */
import path from 'node:path';
import { AccessLevel } from '../../../../shared/access-levels.js';
import { changedPaths } from '../../git/ci-source.js';
import { isAncestorWithQuarantine } from '../../git/smart-http.js';
import type { QuarantineEnv } from '../../git/smart-http.js';
import { isAdmin, projectAccessLevel } from '../access/project-access.js';
import {
  canActOnBranch,
  forcePushAllowed,
  loadProtectionRules,
  matchingRules,
} from '../protected-branches/branch-protection.js';
import { codeOwnersRefusalFor, requiresCodeOwnerApproval } from '../protected-branches/code-owner-check.js';
import {
  canPushToEmptyRepository,
  emptyProjectPushMessage,
} from '../protected-branches/protect-default-branch.js';
import { REPOSITORY_READ_ONLY_MESSAGE, isRepositoryReadOnly } from '../storage-moves/read-only.js';
import { GIT_ACCESS_MESSAGES } from './git-access.js';
import type { PushSession } from './push-sessions.js';
import { changeKind, refTarget } from './ref-changes.js';
import type { CheckedChange, RefChange } from './ref-changes.js';

/** GitLab's sentences (Gitlab::Checks::BranchCheck / TagCheck ERROR_MESSAGES). */
export const PUSH_CHECK_MESSAGES = {
  deleteDefaultBranch: 'The default branch of a project cannot be deleted.',
  forcePushProtectedBranch: 'You are not allowed to force push code to a protected branch on this project.',
  nonMasterDeleteProtectedBranch:
    'You are not allowed to delete protected branches from this project. Only a project maintainer or owner can delete a protected branch.',
  nonWebDeleteProtectedBranch: 'You can only delete protected branches using the web interface.',
  pushProtectedBranch: 'You are not allowed to push code to protected branches on this project.',
  createProtectedBranch: 'You are not allowed to create protected branches on this project.',
  changeExistingTags: 'You are not allowed to change existing tags on this project.',
  prohibitedHexBranchName: 'You cannot create a branch with a 40-character hexadecimal branch name.',
} as const;

/** The answer of the check. */
export type PushCheckResult =
  { allowed: true; changes: CheckedChange[] } | { allowed: false; message: string };

/**
 * Keep only quarantine paths inside the repository's object store (the hook reports them; nothing may
 * point git at another directory).
 */
export function confineQuarantine(repoPath: string, env: QuarantineEnv): QuarantineEnv {
  const objects = path.resolve(repoPath, 'objects');
  const inside = (p: string | undefined) =>
    typeof p === 'string' && (path.resolve(p) === objects || path.resolve(p).startsWith(objects + path.sep));
  const out: QuarantineEnv = {};
  if (inside(env.GIT_OBJECT_DIRECTORY)) out.GIT_OBJECT_DIRECTORY = path.resolve(env.GIT_OBJECT_DIRECTORY!);
  if (inside(env.GIT_QUARANTINE_PATH)) out.GIT_QUARANTINE_PATH = path.resolve(env.GIT_QUARANTINE_PATH!);
  const alternates = (env.GIT_ALTERNATE_OBJECT_DIRECTORIES ?? '').split(path.delimiter).filter(Boolean);
  if (alternates.length > 0 && alternates.every((a) => inside(a)))
    out.GIT_ALTERNATE_OBJECT_DIRECTORIES = alternates.map((a) => path.resolve(a)).join(path.delimiter);
  return out;
}

/**
 * Decide whether the push of `session` may apply `changes` (see the module comment).
 * @returns allowed with each change annotated (forced, protecting rule), or the refusal sentence.
 */
export async function checkPush(
  session: PushSession,
  changes: readonly RefChange[],
  quarantine: QuarantineEnv,
): Promise<PushCheckResult> {
  const { ctx, project, repoPath } = session;
  const user = ctx.actor.user;
  const refuse = (message: string): PushCheckResult => ({ allowed: false, message });
  if (project.archived === 1) return refuse(GIT_ACCESS_MESSAGES.archived);
  if (isRepositoryReadOnly(ctx, project)) return refuse(REPOSITORY_READ_ONLY_MESSAGE);
  const level = projectAccessLevel(ctx.db, user, project);
  if (!user || (!isAdmin(user) && level < AccessLevel.Developer)) return refuse(GIT_ACCESS_MESSAGES.pushCode);

  const rules = loadProtectionRules(ctx.db, project.id);
  const confined = confineQuarantine(repoPath, quarantine);
  const checked: CheckedChange[] = [];
  for (const change of changes) {
    const target = refTarget(change.ref);
    if (!target) return refuse(GIT_ACCESS_MESSAGES.pushCode);
    const kind = changeKind(change);
    if (target.kind === 'tag') {
      if (kind !== 'create' && !isAdmin(user) && level < AccessLevel.Maintainer)
        return refuse(PUSH_CHECK_MESSAGES.changeExistingTags);
      checked.push({ ...change, forced: false, protectedRuleId: null });
      continue;
    }
    const branch = target.name;
    // An empty repository under default branch protection 2 or 3: only Maintainers push its first branch.
    if (session.wasEmpty && !canPushToEmptyRepository(ctx.db, user, project))
      return refuse(emptyProjectPushMessage(ctx, project));
    const matching = matchingRules(rules, branch);
    if (kind === 'delete') {
      if (branch === project.default_branch) return refuse(PUSH_CHECK_MESSAGES.deleteDefaultBranch);
      if (matching.length > 0)
        return refuse(
          isAdmin(user) || level >= AccessLevel.Maintainer
            ? PUSH_CHECK_MESSAGES.nonWebDeleteProtectedBranch
            : PUSH_CHECK_MESSAGES.nonMasterDeleteProtectedBranch,
        );
      checked.push({ ...change, forced: false, protectedRuleId: null });
      continue;
    }
    // A branch named like a commit id would shadow that commit (BranchCheck#prohibited_branch_checks).
    if (kind === 'create' && /^[0-9a-f]{40}$/i.test(branch))
      return refuse(PUSH_CHECK_MESSAGES.prohibitedHexBranchName);
    const forced =
      kind === 'update' &&
      !(await isAncestorWithQuarantine(repoPath, change.oldId, change.newId, confined).catch(() => false));
    if (matching.length > 0) {
      if (forced && !forcePushAllowed(rules, branch))
        return refuse(PUSH_CHECK_MESSAGES.forcePushProtectedBranch);
      if (kind === 'create') {
        const may =
          canActOnBranch(ctx.db, user, project, branch, 'push', rules) ||
          canActOnBranch(ctx.db, user, project, branch, 'merge', rules);
        if (!may) return refuse(PUSH_CHECK_MESSAGES.createProtectedBranch);
      } else if (!canActOnBranch(ctx.db, user, project, branch, 'push', rules)) {
        return refuse(PUSH_CHECK_MESSAGES.pushProtectedBranch);
      }
      if (kind === 'update' && requiresCodeOwnerApproval(rules, branch)) {
        const env: Record<string, string> = {};
        for (const [k, v] of Object.entries(confined)) if (typeof v === 'string' && v) env[k] = v;
        const paths = await changedPaths(repoPath, change.oldId, change.newId, env);
        const refusal = await codeOwnersRefusalFor(repoPath, rules, branch, change.oldId, paths);
        if (refusal) return refuse(refusal);
      }
    } else if (!canActOnBranch(ctx.db, user, project, branch, 'push', rules)) {
      return refuse(GIT_ACCESS_MESSAGES.pushCode);
    }
    checked.push({ ...change, forced, protectedRuleId: matching[0]?.branch.id ?? null });
  }
  return { allowed: true, changes: checked };
}
