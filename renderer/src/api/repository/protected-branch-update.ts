/**
 * Changing a protected branch rule in the form the instance accepts (doc/api/protected_branches.md):
 * - `patch` (Outpost's core, GitLab EE): `PATCH /projects/:id/protected_branches/:name` with
 *   `allow_force_push` and `allowed_to_push` / `allowed_to_merge` entries updated by `id`.
 * - `reprotect` (GitLab Community Edition): CE's PATCH declares only `allow_force_push`; the role arrays
 *   are `optional_params_ee` (lib/api/protected_branches.rb), so CE answers 200 and changes nothing. There
 *   the rule is removed (`DELETE .../protected_branches/:name`) and created again (`POST
 *   .../protected_branches` with `push_access_level`, `merge_access_level`, `allow_force_push`), keeping
 *   what is not changed. If GitLab refuses the new rule, the old one is created again. For the moment
 *   between the two calls the branch is unprotected.
 * Either way the rule is read back (`GET .../protected_branches/:name`, or the PATCH answer) and compared
 * with what was asked: a change GitLab accepted but did not make is an error, never a success.
 */
import type { ProtectedBranch } from './types.js';
import { apiJson, apiSend } from '../client.js';
import { encodeRefSegment } from './file-path.js';

/** How a rule is changed: see the module comment. */
export type ProtectedBranchUpdateMode = 'patch' | 'reprotect';

/** One change to a protection rule; access changes update the rule's existing role entry. */
export interface ProtectedBranchChange {
  name: string;
  allowForcePush?: boolean;
  push?: { entryId?: number; accessLevel: number };
  merge?: { entryId?: number; accessLevel: number };
}

/** Thrown when the instance accepted a change but the rule read back does not have it. */
export class ProtectionNotChangedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtectionNotChangedError';
  }
}

/** The role level of a rule's access list (the first entry with a level), or null. Pure. */
export function roleLevel(entries: ProtectedBranch['push_access_levels'] | undefined): number | null {
  const entry = entries?.find((item) => item.access_level !== null && item.access_level !== undefined);
  return entry?.access_level ?? null;
}

/** What of `change` the rule `rule` does not have, as phrases ("push access", "force push"); [] when all. Pure. */
export function missingChanges(change: ProtectedBranchChange, rule: ProtectedBranch): string[] {
  const missing: string[] = [];
  if (change.push && roleLevel(rule.push_access_levels) !== change.push.accessLevel)
    missing.push('who may push');
  if (change.merge && roleLevel(rule.merge_access_levels) !== change.merge.accessLevel)
    missing.push('who may merge');
  if (change.allowForcePush !== undefined && rule.allow_force_push !== change.allowForcePush)
    missing.push('force push');
  return missing;
}

function notChanged(change: ProtectedBranchChange, rule: ProtectedBranch, why: string): void {
  const missing = missingChanges(change, rule);
  if (missing.length > 0)
    throw new ProtectionNotChangedError(
      `GitLab accepted the change to ${change.name} but the rule read back still has the old ${missing.join(' and ')}. ${why}`,
    );
}

/**
 * Applies `change` to the rule `current` (as last read) in `mode`, reads the rule back and checks it.
 * Resolves with the rule as the instance now has it. Errors: ApiError (the instance refused; in
 * `reprotect` mode after restoring the old rule), {@link ProtectionNotChangedError}.
 */
export async function updateProtectedBranch(
  profileId: string,
  projectId: number,
  change: ProtectedBranchChange,
  mode: ProtectedBranchUpdateMode,
  current: ProtectedBranch | null,
): Promise<ProtectedBranch> {
  const rulePath = `/projects/${projectId}/protected_branches/${encodeRefSegment(change.name)}`;
  if (mode === 'patch' || !current) {
    const entry = (item: { entryId?: number; accessLevel: number }) => [
      item.entryId !== undefined
        ? { id: item.entryId, access_level: item.accessLevel }
        : { access_level: item.accessLevel },
    ];
    const rule = await apiJson<ProtectedBranch>({
      method: 'PATCH',
      path: rulePath,
      body: {
        ...(change.allowForcePush !== undefined ? { allow_force_push: change.allowForcePush } : {}),
        ...(change.push ? { allowed_to_push: entry(change.push) } : {}),
        ...(change.merge ? { allowed_to_merge: entry(change.merge) } : {}),
      },
      profileId,
    });
    notChanged(
      change,
      rule,
      'Changing the roles of a protected branch in place needs GitLab Premium; unprotect the branch and protect it again with the roles wanted.',
    );
    return rule;
  }

  const before = {
    name: current.name,
    push_access_level: roleLevel(current.push_access_levels) ?? 40,
    merge_access_level: roleLevel(current.merge_access_levels) ?? 40,
    allow_force_push: current.allow_force_push,
  };
  const wanted = {
    ...before,
    ...(change.push ? { push_access_level: change.push.accessLevel } : {}),
    ...(change.merge ? { merge_access_level: change.merge.accessLevel } : {}),
    ...(change.allowForcePush !== undefined ? { allow_force_push: change.allowForcePush } : {}),
  };
  const create = (body: typeof before) =>
    apiJson<ProtectedBranch>({
      method: 'POST',
      path: `/projects/${projectId}/protected_branches`,
      body,
      profileId,
    });
  await apiSend<unknown>(profileId, 'DELETE', rulePath);
  try {
    await create(wanted);
  } catch (error) {
    try {
      await create(before);
    } catch {
      throw new ProtectionNotChangedError(
        `GitLab refused the new protection of ${change.name}, and protecting it again as before failed too: the branch is unprotected now. Protect it again from this screen.`,
      );
    }
    throw error;
  }
  const rule = await apiJson<ProtectedBranch>({ method: 'GET', path: rulePath, profileId });
  notChanged(change, rule, 'GitLab kept the old access levels after the branch was protected again.');
  return rule;
}
