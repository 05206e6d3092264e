/**
 * Setup shared by the review tests (notes, discussions, approvals, subscriptions, to-dos, award emoji):
 * an imported private project with a Developer, Reporter, Guest and Maintainer, a signed-in stranger, and
 * an open merge request by the Developer from `review` (a real commit adding `src/app.ts`) into `trunk`.
 */
import { commitFile, openMergeRequest } from './merge-request-git.js';
import type { MrJson } from './merge-request-git.js';
import { addProjectMember, importFixtureProject } from './repository-projects.js';
import type { ImportedProject } from './repository-projects.js';
import { createUserWithToken } from './test-core.js';
import type { TestCore } from './test-core.js';

export type ReviewUser = { id: number; username: string; token: string };

export interface ReviewSetup {
  p: ImportedProject;
  dev: ReviewUser;
  reporter: ReviewUser;
  guest: ReviewUser;
  maint: ReviewUser;
  stranger: ReviewUser;
  mr: MrJson;
  /** `/projects/:id/merge_requests/:iid` of the merge request. */
  path: string;
}

export const APP_TS = 'export const a = 1;\nexport const b = 2;\nexport const c = 3;\n';

export async function setUpReview(
  t: TestCore,
  name: string,
  mrExtra: Record<string, unknown> = {},
): Promise<ReviewSetup> {
  const p = await importFixtureProject(t, name);
  const [dev, reporter, guest, maint, stranger] = await Promise.all([
    createUserWithToken(t),
    createUserWithToken(t),
    createUserWithToken(t),
    createUserWithToken(t),
    createUserWithToken(t),
  ]);
  await addProjectMember(t, p.id, dev.id, 30);
  await addProjectMember(t, p.id, reporter.id, 20);
  await addProjectMember(t, p.id, guest.id, 10);
  await addProjectMember(t, p.id, maint.id, 40);
  await commitFile(t, p.id, 'review', 'src/app.ts', APP_TS, { startBranch: 'trunk' });
  const created = await t.api<{ iid: number }>('POST', `/projects/${p.id}/merge_requests`, {
    token: dev.token,
    json: { source_branch: 'review', target_branch: 'trunk', title: 'Review me', ...mrExtra },
  });
  if (created.status !== 201) throw new Error(`MR create failed: ${created.status} ${created.text}`);
  await t.core.idle();
  const mr = await openMergeRequestRead(t, p.id, created.body.iid);
  return { p, dev, reporter, guest, maint, stranger, mr, path: `/projects/${p.id}/merge_requests/${mr.iid}` };
}

async function openMergeRequestRead(t: TestCore, projectId: number, iid: number): Promise<MrJson> {
  const res = await t.api<MrJson>('GET', `/projects/${projectId}/merge_requests/${iid}`);
  if (res.status !== 200) throw new Error(`MR read failed: ${res.status} ${res.text}`);
  return res.body;
}

export { commitFile, openMergeRequest };
