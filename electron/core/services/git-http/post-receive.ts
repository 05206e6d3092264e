/**
 * The work after an accepted push (GitLab's `PostReceive` worker → `Git::BranchPushService`,
 * `Git::TagPushService`, `MergeRequests::RefreshService`), once `git receive-pack` has exited 0. For every
 * ref the pre-receive check accepted, the ref is read back and only the updates that really landed count:
 * - created/updated branch or tag: `createPipelinesForRefUpdate` (source `push`, and the merge request
 *   pipelines of open merge requests from a pushed branch; none with the `ci.skip` push option; `[skip ci]`
 *   in the head commit is honoured by pipeline creation); a pushed branch also aborts the automatic merge
 *   of requests from it that were set for another commit (merge-requests/auto-merge.ts);
 * - created/updated/deleted branch: `onBranchMoved` (merge_status re-checked, a new merge request diff
 *   version recorded for merge requests whose source moved);
 * - a non-fast-forward update of a protected branch: an audit event `force_push_protected_branch`;
 * - the first branch pushed into an empty repository becomes the default branch (the project's
 *   `default_branch` when that one was pushed, else the first pushed), as GitLab does on first push,
 *   and is protected per `default_branch_protection` (protected-branches/protect-default-branch.ts);
 * - the project's `last_activity_at`;
 * - the pushed commits are added to the commit-graph in the background (git/repository.ts
 *   `refreshCommitGraph`: incremental, coalesced per repository), so `log -- <path>` and blame keep
 *   using changed-path Bloom filters on new history.
 * Nothing here caches refs: branch and tag lists, commit counts and `empty_repo` are read from git.
 */
import { nowIso } from '../../db/database.js';
import { findNamespaceById } from '../../db/namespaces.js';
import { findProjectById, updateProject } from '../../db/projects.js';
import type { ProjectChanges } from '../../db/projects.js';
import { refreshCommitGraph, setDefaultBranch } from '../../git/repository.js';
import { readRefValues } from '../../git/smart-http.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { onBranchMoved } from '../merge-requests/merge-status.js';
import { createPipelinesForRefUpdate, onBranchPushedWithoutPipeline } from '../pipelines/create-pipeline.js';
import { protectDefaultBranch } from '../protected-branches/protect-default-branch.js';
import type { PushSession } from './push-sessions.js';
import { changeKind, isZeroId, refTarget, skipsCi } from './ref-changes.js';
import type { CheckedChange } from './ref-changes.js';

/** What a push changed, for logs and tests. */
export interface PushOutcome {
  /** The accepted updates that landed (ref now at `newId`, or gone for a deletion). */
  applied: CheckedChange[];
  /** The default branch set by this push (first push into an empty repository), else null. */
  defaultBranchSet: string | null;
}

/**
 * Run the post-receive work of a finished push (see the module comment). Never called for a refused
 * push. Pipeline creation runs in the background (`core.idle()` waits for it).
 * @throws only on a git or database failure reading the refs back.
 */
export async function processPush(session: PushSession): Promise<PushOutcome> {
  const { ctx, repoPath } = session;
  const accepted = session.accepted ?? [];
  const project = findProjectById(ctx.db, session.project.id) ?? session.project;
  const now = await readRefValues(
    repoPath,
    accepted.map((c) => c.ref),
  );
  const applied = accepted.filter((c) => {
    const value = now.get(c.ref) ?? null;
    return isZeroId(c.newId) ? value === null : value === c.newId;
  });

  const changes: ProjectChanges = { last_activity_at: nowIso() };
  let defaultBranchSet: string | null = null;
  if (session.wasEmpty) {
    const created = applied
      .filter((c) => changeKind(c) === 'create')
      .map((c) => refTarget(c.ref))
      .filter((t) => t?.kind === 'branch')
      .map((t) => t!.name);
    const first = created.find((b) => b === project.default_branch) ?? created[0];
    if (first) {
      await setDefaultBranch(repoPath, first);
      defaultBranchSet = first;
      if (project.default_branch !== first) changes.default_branch = first;
    }
  }
  const fullPath = `${findNamespaceById(ctx.db, project.namespace_id)?.full_path ?? ''}/${project.path}`;
  ctx.db.transaction(() => {
    updateProject(ctx.db, project.id, changes, nowIso());
    if (defaultBranchSet) protectDefaultBranch(ctx, project.id);
    for (const c of applied) {
      const target = refTarget(c.ref);
      if (!c.forced || c.protectedRuleId === null || target?.kind !== 'branch') continue;
      recordAuditEvent(ctx, {
        entityType: 'Project',
        entityId: project.id,
        entityPath: fullPath,
        targetId: c.protectedRuleId,
        targetType: 'ProtectedBranch',
        targetDetails: target.name,
        action: { custom_message: `Force pushed to protected branch ${target.name}` },
        extra: {
          event_name: 'force_push_protected_branch',
          ref: c.ref,
          before: c.oldId,
          after: c.newId,
        },
      });
    }
  })();

  const updated = findProjectById(ctx.db, project.id) ?? project;
  const skipCi = skipsCi(session.pushOptions);
  for (const c of applied) {
    const target = refTarget(c.ref);
    if (!target) continue;
    const kind = changeKind(c);
    if (kind !== 'delete' && !skipCi)
      createPipelinesForRefUpdate(ctx, updated, target.name, c.newId, {
        tag: target.kind === 'tag',
        before: kind === 'create' ? null : c.oldId,
      });
    else if (kind !== 'delete' && target.kind === 'branch')
      onBranchPushedWithoutPipeline(ctx, updated, target.name, c.newId);
    if (target.kind === 'branch') onBranchMoved(ctx, updated, target.name);
  }
  if (applied.some((c) => !isZeroId(c.newId)))
    ctx.tasks.run(
      `commit-graph of project ${project.id}`,
      () => refreshCommitGraph(repoPath),
      () => undefined,
    );
  return { applied, defaultBranchSet };
}
