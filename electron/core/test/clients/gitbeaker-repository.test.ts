/**
 * Client compatibility (issue 16): @gitbeaker/rest, unchanged, against a real core over loopback —
 * branches, tags, protected branches, repository files, tree, commits (with actions), compare, and merge
 * requests with notes, discussions, approvals, rebase and merge. One core and one project for the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { gitbeaker, gitbeakerError } from './gitbeaker-client.js';
import type { GitbeakerApi } from './gitbeaker-client.js';

describe('@gitbeaker/rest (unchanged): repository and merge requests', () => {
  let t: TestCore;
  let api: GitbeakerApi;
  let pid: number;

  beforeAll(async () => {
    t = await startTestCore();
    api = gitbeaker(t);
    pid = (await api.Projects.create({ name: 'gb-repo', initializeWithReadme: true })).id;
  });
  afterAll(async () => t.close());

  it('repository files: create, show (base64), raw, edit, remove; tree; commits list and show', async () => {
    const created = await api.RepositoryFiles.create(pid, 'src/app.txt', 'main', 'hello\n', 'Add app');
    expect(created).toEqual({ file_path: 'src/app.txt', branch: 'main' });
    const file = await api.RepositoryFiles.show(pid, 'src/app.txt', 'main');
    expect(file).toMatchObject({ file_name: 'app.txt', encoding: 'base64', ref: 'main' });
    expect(Buffer.from(file.content, 'base64').toString()).toBe('hello\n');
    expect(await api.RepositoryFiles.showRaw(pid, 'src/app.txt', 'main')).toBe('hello\n');
    await api.RepositoryFiles.edit(pid, 'src/app.txt', 'main', 'hello again\n', 'Edit app');
    await api.RepositoryFiles.create(pid, 'src/gone.txt', 'main', 'x', 'Add gone');
    await api.RepositoryFiles.remove(pid, 'src/gone.txt', 'main', 'Remove gone');
    expect((await gitbeakerError(api.RepositoryFiles.show(pid, 'src/gone.txt', 'main'))).status).toBe(404);

    const tree = await api.Repositories.allRepositoryTrees(pid, { recursive: true });
    expect(tree.map((e) => [e.path, e.type]).sort()).toEqual([
      ['README.md', 'blob'],
      ['src', 'tree'],
      ['src/app.txt', 'blob'],
    ]);

    const commits = await api.Commits.all(pid, { refName: 'main' });
    expect(commits.map((c) => c.title)).toEqual([
      'Remove gone',
      'Add gone',
      'Edit app',
      'Add app',
      'Initial commit',
    ]);
    const head = await api.Commits.show(pid, 'main');
    expect(head).toMatchObject({ id: commits[0]!.id, title: 'Remove gone' });
  });

  it('commits with actions, compare and merge base', async () => {
    const base = await api.Commits.show(pid, 'main');
    const c = await api.Commits.create(
      pid,
      'gb-actions',
      'Several changes',
      [
        { action: 'create', filePath: 'docs/a.md', content: '# A\n' },
        { action: 'move', previousPath: 'src/app.txt', filePath: 'src/moved.txt' },
        { action: 'update', filePath: 'README.md', content: 'changed\n' },
      ],
      { startBranch: 'main', authorName: 'GB Author', authorEmail: 'gb@example.com' },
    );
    expect(c).toMatchObject({ title: 'Several changes', author_name: 'GB Author', parent_ids: [base.id] });

    const cmp = await api.Repositories.compare(pid, 'main', 'gb-actions');
    expect(cmp.commits!.map((x) => x.id)).toEqual([c.id]);
    expect(cmp.diffs!.map((d) => [d.old_path, d.new_path]).sort()).toEqual([
      ['README.md', 'README.md'],
      ['docs/a.md', 'docs/a.md'],
      ['src/app.txt', 'src/moved.txt'],
    ]);
    expect((await api.Repositories.mergeBase(pid, ['main', 'gb-actions'])).id).toBe(base.id);
  });

  it('branches and tags: create, show, list, remove; protected branches: protect, show, unprotect', async () => {
    const b = await api.Branches.create(pid, 'gb-feature', 'main');
    // A new branch at main's head counts as merged into it, as in GitLab (`git branch --merged`).
    expect(b).toMatchObject({ name: 'gb-feature', merged: true, protected: false });
    expect((await api.Branches.show(pid, 'gb-feature')).commit.id).toBe(b.commit.id);
    expect((await api.Branches.all(pid, { search: 'gb-' })).map((x) => x.name).sort()).toEqual([
      'gb-actions',
      'gb-feature',
    ]);

    const tag = await api.Tags.create(pid, 'v1.0.0', 'main', { message: 'Release 1' });
    expect(tag).toMatchObject({ name: 'v1.0.0', message: 'Release 1' });
    expect((await api.Tags.show(pid, 'v1.0.0')).target).toBe(tag.target);
    expect((await api.Tags.all(pid)).map((x) => x.name)).toEqual(['v1.0.0']);
    await api.Tags.remove(pid, 'v1.0.0');
    expect(await api.Tags.all(pid)).toEqual([]);

    const pb = await api.ProtectedBranches.protect(pid, 'gb-*', {
      pushAccessLevel: 40,
      mergeAccessLevel: 30,
      allowForcePush: false,
    });
    expect(pb).toMatchObject({ name: 'gb-*', allow_force_push: false });
    expect(pb.push_access_levels!.map((l) => l.access_level)).toEqual([40]);
    expect((await api.ProtectedBranches.show(pid, 'gb-*')).merge_access_levels![0]!.access_level).toBe(30);
    expect((await api.Branches.show(pid, 'gb-feature')).protected).toBe(true);
    // Outpost refuses to delete a protected branch (issue 3; stricter than GitLab, which lets Maintainers).
    expect((await gitbeakerError(api.Branches.remove(pid, 'gb-feature'))).status).toBe(400);
    await api.ProtectedBranches.unprotect(pid, 'gb-*');
    await api.Branches.remove(pid, 'gb-feature');
    expect((await gitbeakerError(api.Branches.show(pid, 'gb-feature'))).status).toBe(404);
  });

  it('merge requests: create, list, show, edit, notes, discussions, approvals, rebase, merge', async () => {
    const dev = await createUserWithToken(t, { username: 'gbdev' });
    await api.ProjectMembers.add(pid, 30, { userId: dev.id });
    const asDev = gitbeaker(t, dev.token);

    await api.Branches.create(pid, 'gb-mr', 'main');
    await api.RepositoryFiles.create(pid, 'mr.txt', 'gb-mr', 'mr\n', 'MR change');
    // main moves on, so the MR needs a rebase before a fast-forward merge.
    await api.RepositoryFiles.create(pid, 'main-only.txt', 'main', 'm\n', 'Main moves');

    const mr = await asDev.MergeRequests.create(pid, 'gb-mr', 'main', 'GB merge request', {
      description: 'from gitbeaker',
      labels: 'gb,client',
    });
    expect(mr).toMatchObject({ iid: 1, state: 'opened', source_branch: 'gb-mr', target_branch: 'main' });
    expect([...mr.labels].sort()).toEqual(['client', 'gb']);
    expect((await api.MergeRequests.all({ projectId: pid, state: 'opened' })).map((m) => m.iid)).toEqual([
      mr.iid,
    ]);
    const edited = await api.MergeRequests.edit(pid, mr.iid, { title: 'GB merge request (edited)' });
    expect(edited.title).toBe('GB merge request (edited)');
    expect((await api.MergeRequests.show(pid, mr.iid)).title).toBe('GB merge request (edited)');

    const note = await api.MergeRequestNotes.create(pid, mr.iid, 'A note');
    expect(note).toMatchObject({ body: 'A note', noteable_iid: mr.iid });
    await api.MergeRequestNotes.edit(pid, mr.iid, note.id, { body: 'An edited note' });
    expect((await api.MergeRequestNotes.show(pid, mr.iid, note.id)).body).toBe('An edited note');
    expect((await api.MergeRequestNotes.all(pid, mr.iid)).map((n) => n.body)).toContain('An edited note');

    const d = await api.MergeRequestDiscussions.create(pid, mr.iid, 'Start a thread');
    const reply = await api.MergeRequestDiscussions.addNote(pid, mr.iid, d.id, 'A reply');
    expect(reply.body).toBe('A reply');
    const shown = await api.MergeRequestDiscussions.show(pid, mr.iid, d.id);
    expect(shown.notes!.map((n) => n.body)).toEqual(['Start a thread', 'A reply']);
    const threads = await api.MergeRequestDiscussions.all(pid, mr.iid);
    expect(threads.map((x) => x.id)).toContain(d.id);

    await api.MergeRequestApprovals.approve(pid, mr.iid);
    const approvals = await api.MergeRequestApprovals.showConfiguration(pid, { mergerequestIId: mr.iid });
    expect(approvals).toMatchObject({ approved: true, approved_by: [{ user: { username: 'root' } }] });
    // approval_state is a Premium (EE) endpoint: 404 as on GitLab CE.
    const eeOnly = await gitbeakerError(api.MergeRequestApprovals.showApprovalState(pid, mr.iid));
    expect(eeOnly.status).toBe(404);
    await api.MergeRequestApprovals.unapprove(pid, mr.iid);
    await api.MergeRequestApprovals.approve(pid, mr.iid);

    const rebase = await api.MergeRequests.rebase(pid, mr.iid);
    expect(rebase).toEqual({ rebase_in_progress: true });
    await t.core.idle();
    const rebased = await api.MergeRequests.show(pid, mr.iid, { includeRebaseInProgress: true });
    expect(rebased).toMatchObject({ rebase_in_progress: false, merge_error: null });

    const merged = await api.MergeRequests.merge(pid, mr.iid, { squash: false });
    expect(merged).toMatchObject({ state: 'merged', iid: mr.iid });
    expect((await api.RepositoryFiles.showRaw(pid, 'mr.txt', 'main')).toString()).toBe('mr\n');
    const again = await gitbeakerError(api.MergeRequests.merge(pid, mr.iid));
    expect(again.status).toBe(405);
  });
});
