/**
 * Client compatibility for the Releases API (issue 26): @gitbeaker/rest, unchanged, against a real core
 * over loopback — ProjectReleases.create (existing tag; tag from `ref`), all (with pagination and
 * order_by), show, showLatest (follows GitLab's 302 from `permalink/latest`), edit, remove, and
 * gitbeaker's errors for 409, 403 and 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { gitbeaker, gitbeakerError } from './gitbeaker-client.js';
import type { GitbeakerApi } from './gitbeaker-client.js';

describe('@gitbeaker/rest (unchanged): releases', () => {
  let t: TestCore;
  let api: GitbeakerApi;
  let pid: number;

  beforeAll(async () => {
    t = await startTestCore();
    api = gitbeaker(t);
    pid = (await api.Projects.create({ name: 'gb-releases', initializeWithReadme: true })).id;
    await api.Tags.create(pid, 'gb-1.0', 'main');
  });
  afterAll(async () => t.close());

  it('create, all, show, showLatest, edit, remove', async () => {
    const first = await api.ProjectReleases.create(pid, {
      tagName: 'gb-1.0',
      name: 'GB One',
      description: 'From gitbeaker',
      releasedAt: '2021-06-01T00:00:00Z',
    });
    expect(first).toMatchObject({
      tag_name: 'gb-1.0',
      name: 'GB One',
      description: 'From gitbeaker',
      released_at: '2021-06-01T00:00:00.000Z',
      upcoming_release: false,
    });
    const second = await api.ProjectReleases.create(pid, {
      tagName: 'gb-2.0',
      ref: 'main',
      description: 'Two',
    });
    expect(second).toMatchObject({ tag_name: 'gb-2.0', name: 'gb-2.0' });
    expect((await api.Tags.show(pid, 'gb-2.0')).name).toBe('gb-2.0');

    const all = await api.ProjectReleases.all(pid);
    expect(all.map((r) => r.tag_name)).toEqual(['gb-2.0', 'gb-1.0']);
    const byCreatedAsc = await api.ProjectReleases.all(pid, { orderBy: 'created_at', sort: 'asc' } as never);
    expect(byCreatedAsc.map((r) => r.tag_name)).toEqual(['gb-1.0', 'gb-2.0']);
    const paged = await api.ProjectReleases.all(pid, { perPage: 1, showExpanded: true, maxPages: 1 });
    expect(paged.data).toHaveLength(1);
    expect(paged.paginationInfo).toMatchObject({ total: 2, totalPages: 2, next: 2 });

    expect((await api.ProjectReleases.show(pid, 'gb-1.0')).description).toBe('From gitbeaker');
    expect((await api.ProjectReleases.showLatest(pid)).tag_name).toBe('gb-2.0');

    const edited = await api.ProjectReleases.edit(pid, 'gb-1.0', { description: 'Edited by gitbeaker' });
    expect(edited.description).toBe('Edited by gitbeaker');
    expect((await api.Tags.show(pid, 'gb-1.0')).release).toEqual({
      tag_name: 'gb-1.0',
      description: 'Edited by gitbeaker',
    });

    await api.ProjectReleases.remove(pid, 'gb-2.0');
    expect(await gitbeakerError(api.ProjectReleases.show(pid, 'gb-2.0'))).toEqual({
      status: 404,
      description: '404 Not Found',
    });
    expect((await api.Tags.show(pid, 'gb-2.0')).name).toBe('gb-2.0');
  });

  it('answers 409 for a second release of a tag and 403 to a Reporter', async () => {
    expect(await gitbeakerError(api.ProjectReleases.create(pid, { tagName: 'gb-1.0' }))).toEqual({
      status: 409,
      description: 'Release already exists',
    });
    const reporter = await createUserWithToken(t);
    await api.ProjectMembers.add(pid, 20, { userId: reporter.id });
    const asReporter = gitbeaker(t, reporter.token);
    expect((await asReporter.ProjectReleases.show(pid, 'gb-1.0')).tag_name).toBe('gb-1.0');
    expect(
      await gitbeakerError(asReporter.ProjectReleases.edit(pid, 'gb-1.0', { description: 'no' })),
    ).toEqual({ status: 403, description: '403 Forbidden' });
  });
});
