/**
 * Client compatibility (issue 16): @gitbeaker/rest, unchanged, against a real core over loopback — the
 * endpoints issue 16 added: project transfer and groups, repository blobs and archives, milestone edit and
 * delete, issue participants / closed_by / related merge requests, merge request pipelines and
 * merge-when-pipeline-succeeds, sudo, avatars (uploadAvatar) and the GitLab application settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, waitForPipeline } from '../helpers/pipelines.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { gitbeaker, gitbeakerError } from './gitbeaker-client.js';
import type { GitbeakerApi } from './gitbeaker-client.js';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('@gitbeaker/rest (unchanged): the endpoints issue 16 added', () => {
  let t: TestCore;
  let api: GitbeakerApi;
  let pid: number;

  beforeAll(async () => {
    t = await startTestCore();
    api = gitbeaker(t);
    pid = (await api.Projects.create({ name: 'gb-extras', initializeWithReadme: true })).id;
  });
  afterAll(async () => t.close());

  it('project transfer and groups; blobs and archives', async () => {
    const g = await api.Groups.create('GB Home', 'gb-home');
    const sub = await api.Groups.create('GB Sub', 'gb-sub', { parentId: g.id as number });
    const p = await api.Projects.create({ name: 'gb-moving', initializeWithReadme: true });
    const moved = await api.Projects.transfer(p.id, sub.id as number);
    expect(moved.path_with_namespace).toBe('gb-home/gb-sub/gb-moving');
    expect((await api.Projects.allGroups(p.id)).map((x) => x.full_path)).toEqual([
      'gb-home/gb-sub',
      'gb-home',
    ]);

    const [entry] = await api.Repositories.allRepositoryTrees(pid);
    const blob = await api.Repositories.showBlob(pid, entry!.id);
    expect(blob).toMatchObject({ sha: entry!.id, encoding: 'base64' });
    const raw: unknown = await api.Repositories.showBlobRaw(pid, entry!.id);
    expect(typeof raw === 'string' ? raw : await (raw as Blob).text()).toBe(
      Buffer.from(blob.content as string, 'base64').toString(),
    );
    const archive = await api.Repositories.showArchive(pid, { fileType: 'zip' });
    const bytes = Buffer.from(await archive.arrayBuffer());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('milestones edit and remove; issue participants, closed_by and related merge requests', async () => {
    const m = await api.ProjectMilestones.create(pid, 'gb-m1');
    expect(
      (await api.ProjectMilestones.edit(pid, m.id, { title: 'gb-m1.0', stateEvent: 'close' })).state,
    ).toBe('closed');
    expect((await api.ProjectMilestones.show(pid, m.id)).title).toBe('gb-m1.0');
    await api.ProjectMilestones.remove(pid, m.id);
    expect((await gitbeakerError(api.ProjectMilestones.show(pid, m.id))).status).toBe(404);

    const issue = await api.Issues.create(pid, 'GB closable');
    await api.Branches.create(pid, 'gb-fix', 'main');
    await api.RepositoryFiles.create(pid, 'fix.txt', 'gb-fix', 'fix\n', 'Fix');
    const mr = await api.MergeRequests.create(pid, 'gb-fix', 'main', 'Fix it', {
      description: `Closes #${issue.iid}`,
    });
    expect((await api.Issues.allParticipants(pid, issue.iid)).map((u) => u.username)).toEqual(['root']);
    expect((await api.Issues.allRelatedMergeRequests(pid, issue.iid)).map((x) => x.iid)).toEqual([mr.iid]);
    // While the issue is open, the merge requests that close it when merged (GitLab's rule; gitbeaker 43.8.0
    // spells the method allClosedByMergeRequestst).
    expect((await api.Issues.allClosedByMergeRequestst(pid, issue.iid)).map((x) => x.iid)).toEqual([mr.iid]);
    await t.core.idle();
    await api.MergeRequests.merge(pid, mr.iid);
    expect((await api.Issues.show(issue.iid, { projectId: pid })).state).toBe('closed');
    expect(await api.Issues.allClosedByMergeRequestst(pid, issue.iid)).toEqual([]);
  });

  it('merge request pipelines and merge when pipeline succeeds', async () => {
    const ci = [
      'test:',
      '  script: [echo mr pipeline]',
      '  rules:',
      '    - if: $CI_PIPELINE_SOURCE == "merge_request_event"',
    ].join('\n');
    await api.RepositoryFiles.create(pid, '.gitlab-ci.yml', 'main', `${ci}\n`, 'CI for merge requests');
    await api.Branches.create(pid, 'gb-auto', 'main');
    await api.RepositoryFiles.create(pid, 'auto.txt', 'gb-auto', 'auto\n', 'Auto');
    const mr = await api.MergeRequests.create(pid, 'gb-auto', 'main', 'Auto-merge me');
    await t.core.idle();
    const [first] = await api.MergeRequests.allPipelines(pid, mr.iid);
    expect(first).toBeTruthy();
    await waitForPipeline(t, pid, first!.id);

    const second = await api.MergeRequests.createPipeline(pid, mr.iid);
    expect(second).toMatchObject({ source: 'merge_request_event' });
    expect((await api.MergeRequests.show(pid, mr.iid)).head_pipeline).toMatchObject({ id: second.id });
    // While the head pipeline runs, the merge waits for it; cancelling and setting again works.
    const waiting = await api.MergeRequests.merge(pid, mr.iid, { mergeWhenPipelineSucceeds: true });
    if (waiting.state !== 'merged') {
      expect(waiting.merge_when_pipeline_succeeds).toBe(true);
      const cancelled = await api.MergeRequests.cancelOnPipelineSuccess(pid, mr.iid);
      expect(cancelled.merge_when_pipeline_succeeds).toBe(false);
      await api.MergeRequests.merge(pid, mr.iid, { mergeWhenPipelineSucceeds: true });
    }
    expect((await waitForPipeline(t, pid, second.id)).status).toBe('success');
    // The merge follows the pipeline's success in the background.
    await eventually('the automatic merge', async () =>
      (await api.MergeRequests.show(pid, mr.iid)).state === 'merged' ? true : undefined,
    );
  });

  it('sudo, avatars and GitLab application settings', async () => {
    const user = await createUserWithToken(t, { username: 'gb-sudo-target' });
    const sudoToken = (await api.Users.createPersonalAccessToken(1, 'gb-sudo', ['api', 'sudo']))
      .token as string;
    const asAdmin = gitbeaker(t, sudoToken);
    expect((await asAdmin.Users.showCurrentUser({ sudo: user.username })).username).toBe('gb-sudo-target');
    expect((await asAdmin.Users.showCurrentUser({ sudo: user.id })).id).toBe(user.id);

    const withAvatar = await api.Projects.uploadAvatar(pid, { content: new Blob([PNG]), filename: 'gb.png' });
    expect(withAvatar.avatar_url).toBe(`${t.url}/uploads/-/system/project/avatar/${pid}/gb.png`);
    const served = await fetch(withAvatar.avatar_url as string, {
      headers: { 'PRIVATE-TOKEN': t.rootToken },
    });
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    // Group avatars: gitbeaker 43.8.0's Groups.uploadAvatar calls PUT /groups/:id/avatar (GitLab 16.x) and
    // Groups.edit({ avatar }) sends POST /groups/:id; GitLab 13.10 (and the core) take PUT /groups/:id, so
    // neither works with gitbeaker (tested with curl-style multipart in test/api/avatars.test.ts).
    const tooBig = await gitbeakerError(
      api.Projects.uploadAvatar(pid, { content: new Blob([Buffer.alloc(300 * 1024)]), filename: 'x.png' }),
    );
    expect(tooBig.status).toBe(400);

    const s = await api.ApplicationSettings.edit({
      defaultProjectsLimit: 9,
      signupEnabled: true,
      restrictedVisibilityLevels: ['public'],
      homePageUrl: 'https://intranet.example.com',
    });
    expect(s).toMatchObject({
      default_projects_limit: 9,
      signup_enabled: true,
      restricted_visibility_levels: ['public'],
      home_page_url: 'https://intranet.example.com',
    });
    expect((await api.ApplicationSettings.show()).default_projects_limit).toBe(9);
  });
});
