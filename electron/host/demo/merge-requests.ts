/**
 * Demo step "Opening merge requests from real history": for each picked commit (see history-commits.ts)
 * a target branch at the commit's parent and a source branch at the commit (`POST
 * /projects/:id/repository/branches` with `ref=<sha>`), so the merge request's diff is exactly that
 * commit's diff; titles and descriptions from the commit; project labels; a line comment on a real
 * added line with a reply (doc/api/discussions.md "Create a new thread in the merge request diff");
 * approvals by another user (doc/api/merge_request_approvals.md); one merged, one left open and approved
 * for the administrator, one draft, the rest open with a review. Every action is made as a demo user.
 */
import { DemoStepError, enc, waitFor } from './demo-api.js';
import { need } from './demo-context.js';
import type { DemoContext, DemoMergeRequest, DemoStep, DemoUser } from './demo-context.js';
import {
  firstAddedLine,
  mergeRequestTitle,
  pickHistoryCommits,
  type HistoryCommit,
} from './history-commits.js';

/** Labels the demo project gets. */
export const DEMO_LABELS = [
  { name: 'feature', color: '#1f75cb', description: 'New behaviour' },
  { name: 'core', color: '#6699cc', description: 'The embedded v4 core' },
  { name: 'renderer', color: '#8fbc8f', description: 'Screens of the desktop app' },
  { name: 'documentation', color: '#f0ad4e', description: 'README and docs' },
  { name: 'needs review', color: '#dd2b0e', description: 'Waiting for a reviewer' },
] as const;

/** Roles of the merge requests, in the order the picked commits (newest first) get them. */
const ROLES: DemoMergeRequest['role'][] = ['ready', 'merged', 'draft', 'reviewed', 'merged'];

interface MergeRequestJson {
  iid: number;
  title: string;
  merge_status: string;
  diff_refs: { base_sha: string; head_sha: string; start_sha: string } | null;
}

interface ChangesJson extends MergeRequestJson {
  changes: Array<{ old_path: string; new_path: string; diff: string; deleted_file: boolean }>;
}

/** Area labels from the commit title's words. */
export function labelsFor(title: string): string[] {
  const t = title.toLowerCase();
  const labels: string[] = [];
  if (/\bcore\b|api|sqlite|storage|pipeline/.test(t)) labels.push('core');
  if (/renderer|screen|ui\b|e2e/.test(t)) labels.push('renderer');
  if (/readme|docs?\b|document/.test(t)) labels.push('documentation');
  if (labels.length === 0) labels.push('feature');
  return labels;
}

/** `demo/<short sha>-<slug of the title>` (at most 60 characters). */
function branchName(commit: HistoryCommit): string {
  const slug = commit.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)
    .replace(/-$/, '');
  return `demo/${commit.shortId}-${slug || 'change'}`;
}

async function createBranch(ctx: DemoContext, projectId: number, name: string, ref: string, as: DemoUser) {
  await ctx.api.expect(
    `Creating the branch ${name}`,
    { method: 'POST', path: `/projects/${projectId}/repository/branches`, body: { branch: name, ref } },
    { token: as.token },
  );
}

/** A line comment on the first added line of the merge request's diff, and the author's reply. */
async function discussOnALine(
  ctx: DemoContext,
  projectId: number,
  iid: number,
  reviewer: DemoUser,
  author: DemoUser,
): Promise<void> {
  const mrPath = `/projects/${projectId}/merge_requests/${iid}`;
  const changes = await ctx.api.expect<ChangesJson>('Reading the merge request changes', {
    method: 'GET',
    path: `${mrPath}/changes`,
  });
  const refs = changes.diff_refs;
  const file = changes.changes.find((c) => !c.deleted_file && firstAddedLine(c.diff) !== null);
  let discussionId: string;
  if (refs && file) {
    const discussion = await ctx.api.expect<{ id: string }>(
      'Commenting on a line',
      {
        method: 'POST',
        path: `${mrPath}/discussions`,
        body: {
          body: `Is this change in \`${file.new_path}\` covered by a test, or should we add one?`,
          position: {
            base_sha: refs.base_sha,
            start_sha: refs.start_sha,
            head_sha: refs.head_sha,
            position_type: 'text',
            old_path: file.old_path,
            new_path: file.new_path,
            new_line: firstAddedLine(file.diff),
          },
        },
      },
      { token: reviewer.token },
    );
    discussionId = discussion.id;
  } else {
    const discussion = await ctx.api.expect<{ id: string }>(
      'Starting a discussion',
      {
        method: 'POST',
        path: `${mrPath}/discussions`,
        body: { body: 'Looks good overall, one question below.' },
      },
      { token: reviewer.token },
    );
    discussionId = discussion.id;
  }
  await ctx.api.expect(
    'Replying to the discussion',
    {
      method: 'POST',
      path: `${mrPath}/discussions/${enc(discussionId)}/notes`,
      body: { body: 'Covered by the existing suite — the commit message has the details.' },
    },
    { token: author.token },
  );
}

/** Waits until the core has checked mergeability, then merges as `as`. */
async function merge(ctx: DemoContext, projectId: number, iid: number, as: DemoUser): Promise<void> {
  const mrPath = `/projects/${projectId}/merge_requests/${iid}`;
  await waitFor(`the merge check of !${iid}`, async () => {
    const res = await ctx.api.send<MergeRequestJson>({ method: 'GET', path: mrPath });
    return ['unchecked', 'checking'].includes(res.body.merge_status) ? undefined : true;
  });
  await ctx.api.expect(
    `Merging !${iid}`,
    { method: 'PUT', path: `${mrPath}/merge`, body: {} },
    { token: as.token },
  );
}

/**
 * Opens one merge request for `commit` in `role` and plays its story. @returns the record of it.
 */
export async function openHistoryMergeRequest(
  ctx: DemoContext,
  projectId: number,
  commit: HistoryCommit,
  role: DemoMergeRequest['role'],
): Promise<DemoMergeRequest> {
  const users = need(ctx.users, 'users');
  const author = role === 'draft' ? users.reviewer : users.developer;
  const reviewer = role === 'draft' ? users.developer : users.reviewer;
  const source = branchName(commit);
  const target = `${source}-base`;
  await createBranch(ctx, projectId, target, commit.parentId, author);
  await createBranch(ctx, projectId, source, commit.id, author);
  const body = commit.message.split('\n').slice(1).join('\n').trim();
  const title = mergeRequestTitle(role === 'draft' ? `Draft: ${commit.title}` : commit.title);
  const labels = [
    ...labelsFor(commit.title),
    ...(role === 'reviewed' || role === 'draft' ? ['needs review'] : []),
  ];
  const mr = await ctx.api.expect<MergeRequestJson>(
    `Opening a merge request for ${commit.shortId}`,
    {
      method: 'POST',
      path: `/projects/${projectId}/merge_requests`,
      body: {
        source_branch: source,
        target_branch: target,
        title,
        description:
          `${body ? `${body}\n\n` : ''}Real change from the imported history: commit ${commit.shortId} ` +
          `by ${commit.authorName} (${commit.total} lines changed).`,
        labels: labels.join(','),
        assignee_id: author.id,
        reviewer_ids: [reviewer.id],
      },
    },
    { token: author.token },
  );
  const mrPath = `/projects/${projectId}/merge_requests/${mr.iid}`;
  if (role !== 'draft') await discussOnALine(ctx, projectId, mr.iid, reviewer, author);
  if (role === 'merged' || role === 'ready') {
    await ctx.api.expect(
      `Approving !${mr.iid}`,
      { method: 'POST', path: `${mrPath}/approve` },
      { token: reviewer.token },
    );
  }
  if (role === 'merged') await merge(ctx, projectId, mr.iid, users.lead);
  return {
    iid: mr.iid,
    title,
    sourceBranch: source,
    targetBranch: target,
    commitSha: commit.id,
    parentSha: commit.parentId,
    role,
  };
}

export const mergeRequestsStep: DemoStep = {
  title: 'Opening merge requests from real history',
  async run(ctx) {
    const project = need(ctx.project, 'project');
    const users = need(ctx.users, 'users');
    for (const label of DEMO_LABELS) {
      await ctx.api.expect(
        `Creating the label ${label.name}`,
        { method: 'POST', path: `/projects/${project.id}/labels`, body: label },
        { token: users.lead.token },
      );
    }
    const commits = await pickHistoryCommits(ctx.api, project.id, project.defaultBranch, ROLES.length);
    if (commits.length < 3) {
      throw new DemoStepError(
        `The repository needs at least 3 commits with one parent and a small diff on ${project.defaultBranch}; found ${commits.length}.`,
      );
    }
    const made: DemoMergeRequest[] = [];
    for (const [i, commit] of commits.entries()) {
      made.push(await openHistoryMergeRequest(ctx, project.id, commit, ROLES[i]!));
    }
    ctx.mergeRequests = made;
  },
};
