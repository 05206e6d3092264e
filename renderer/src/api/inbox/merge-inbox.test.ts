/**
 * The Inbox's pure logic (issue 29, "One inbox"): merging every instance's to-dos, review requests and
 * assigned merge requests into one list newest first, telling new items from a round to the next, and
 * deciding what to read per instance. Shapes: doc/api/todos.md "Get a list of to-do items" and
 * doc/api/merge_requests.md "List merge requests".
 */
import { describe, expect, it } from 'vitest';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import type { InstanceCapabilities } from '../../../../shared/instance-capabilities.js';
import {
  EMPTY_NEWS_STATE,
  findNewItems,
  mergeInbox,
  newsSummary,
  projectOfMergeRequest,
} from './merge-inbox.js';
import { planInboxReads } from './plan.js';
import type { InboxMergeRequest, InstanceInboxAnswers, TodoItem } from './types.js';

function todo(id: number, over: Partial<TodoItem> = {}): TodoItem {
  return {
    id,
    project: { id: 3, name: 'api', name_with_namespace: 'Backend / api', path_with_namespace: 'backend/api' },
    author: { id: 2, username: 'ana', name: 'Ana' },
    action_name: 'marked',
    target_type: 'MergeRequest',
    target: {
      id: 100 + id,
      iid: id,
      title: `To-do MR ${id}`,
      web_url: `https://g/backend/api/-/merge_requests/${id}`,
    },
    target_url: `https://g/backend/api/-/merge_requests/${id}`,
    body: `To-do MR ${id}`,
    state: 'pending',
    created_at: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

function mr(iid: number, updatedAt: string, over: Partial<InboxMergeRequest> = {}): InboxMergeRequest {
  return {
    id: 500 + iid,
    iid,
    project_id: 3,
    title: `MR ${iid}`,
    state: 'opened',
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: updatedAt,
    author: { id: 4, username: 'bo', name: 'Bo' },
    web_url: `https://g/backend/api/-/merge_requests/${iid}`,
    references: { full: `backend/api!${iid}`, short: `!${iid}` },
    ...over,
  };
}

const empty = (profileId: string, instanceName: string): InstanceInboxAnswers => ({
  profileId,
  instanceName,
  todos: null,
  review: null,
  assigned: null,
});

describe('mergeInbox', () => {
  it('puts every instance in one list, newest first, keeping same ids on two instances apart', () => {
    const items = mergeInbox([
      { ...empty('a', 'Alpha'), todos: [todo(1, { created_at: '2026-11-20T10:00:00Z' })] },
      { ...empty('b', 'Beta'), todos: [todo(1, { created_at: '2026-11-21T10:00:00Z' })] },
      { ...empty('c', 'Gamma'), assigned: [mr(9, '2026-11-22T09:00:00Z')] },
    ]);
    expect(items.map((item) => [item.instanceName, item.title])).toEqual([
      ['Gamma', 'MR 9'],
      ['Beta', 'To-do MR 1'],
      ['Alpha', 'To-do MR 1'],
    ]);
    expect(new Set(items.map((item) => item.key)).size).toBe(3);
  });

  it('makes one row of a merge request that is to review, assigned and has a to-do, with its newest time', () => {
    const items = mergeInbox([
      {
        ...empty('a', 'Alpha'),
        todos: [todo(7, { action_name: 'review_requested', created_at: '2026-11-23T00:00:00Z' })],
        review: [mr(7, '2026-11-22T00:00:00Z', { title: 'Renamed on the MR' })],
        assigned: [mr(7, '2026-11-22T00:00:00Z', { title: 'Renamed on the MR' })],
      },
    ]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kinds: ['todo', 'review', 'assigned'],
      title: 'Renamed on the MR',
      project: 'backend/api',
      author: 'Bo',
      at: '2026-11-23T00:00:00Z',
      mergeRequest: { projectId: 3, iid: 7 },
      todoIds: [7],
      todoActions: ['review_requested'],
    });
  });

  it('keeps a to-do on an issue as its own row with no merge request, and drops done to-dos', () => {
    const items = mergeInbox([
      {
        ...empty('a', 'Alpha'),
        todos: [
          todo(3, {
            target_type: 'Issue',
            target: { id: 1, iid: 3, title: 'Bug', web_url: 'https://g/i/3' },
          }),
          todo(4, { state: 'done' }),
        ],
      },
    ]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      key: 'a:todo:3',
      mergeRequest: null,
      webUrl: 'https://g/i/3',
      kinds: ['todo'],
    });
  });

  it('names the project from references.full, else from the web URL', () => {
    expect(projectOfMergeRequest(mr(2, '2026-01-01T00:00:00Z'))).toBe('backend/api');
    expect(
      projectOfMergeRequest(
        mr(2, '2026-01-01T00:00:00Z', {
          references: undefined,
          web_url: 'https://g/a/b/c/-/merge_requests/2',
        }),
      ),
    ).toBe('a/b/c');
  });
});

describe('findNewItems', () => {
  const round = (answers: InstanceInboxAnswers[]) => mergeInbox(answers);

  it('never counts the first load of an instance, then counts what appears later', () => {
    const first = round([{ ...empty('a', 'Alpha'), todos: [todo(1)] }]);
    const r1 = findNewItems(EMPTY_NEWS_STATE, first, ['a']);
    expect(r1.fresh).toEqual([]);
    const second = round([{ ...empty('a', 'Alpha'), todos: [todo(1), todo(2)] }]);
    const r2 = findNewItems(r1.state, second, ['a']);
    expect(r2.fresh.map((item) => item.key)).toEqual(['a:mr:3!2']);
    // A second instance answering for the first time later is not news either.
    const third = round([
      { ...empty('a', 'Alpha'), todos: [todo(1), todo(2)] },
      { ...empty('b', 'Beta'), assigned: [mr(5, '2026-11-25T00:00:00Z')] },
    ]);
    const r3 = findNewItems(r2.state, third, ['a', 'b']);
    expect(r3.fresh).toEqual([]);
  });

  it('sums a round up in one notification', () => {
    const items = round([
      { ...empty('a', 'Alpha'), todos: [todo(1)] },
      { ...empty('b', 'Beta'), assigned: [mr(5, '2026-11-25T00:00:00Z')] },
    ]);
    expect(newsSummary([])).toBeNull();
    expect(newsSummary(items.slice(0, 1))).toEqual({
      title: 'New in your Inbox: Assigned',
      body: 'MR 5 · Beta',
    });
    expect(newsSummary(items)).toEqual({ title: '2 new items in your Inbox', body: 'On Beta and Alpha' });
  });
});

describe('planInboxReads', () => {
  const caps = (over: Partial<InstanceCapabilities>): InstanceCapabilities => ({
    kind: 'gitlab',
    detectedAt: '2026-11-28T00:00:00Z',
    version: '18.6.0-ee',
    revision: 'abc',
    edition: 'ee',
    editionSource: 'metadata',
    gitlabCom: false,
    kas: null,
    user: { username: 'root', isAdmin: true },
    token: { scopes: ['api'], expiresAt: null, name: 't', known: true, unknownReason: null },
    adminMode: 'not-applicable',
    notes: [],
    ...over,
  });
  const remote = (capabilities?: InstanceCapabilities, hasToken = true): ProfileSummary => ({
    id: 'p',
    name: 'P',
    kind: 'remote',
    url: 'https://g',
    hasToken,
    active: false,
    ...(capabilities ? { capabilities } : {}),
  });

  it('takes the username from the capabilities and lists review requests from GitLab 13.8', () => {
    expect(planInboxReads(remote(caps({})))).toEqual({
      read: true,
      knownUsername: 'root',
      needsUsername: false,
      reviewSkipped: null,
    });
    expect(planInboxReads(remote(caps({ version: '13.8.0-ee' }))).reviewSkipped).toBeNull();
  });

  it('skips review requests before 13.8 (the filter would be ignored) and when the version is unknown', () => {
    expect(planInboxReads(remote(caps({ version: '13.7.4-ee' }))).reviewSkipped).toMatch(
      /GitLab 13\.7\.4-ee has no reviewer filter/,
    );
    expect(planInboxReads(remote(caps({ version: null }))).reviewSkipped).toMatch(/version is unknown/);
  });

  it('reads the username once where the capabilities have none (the embedded core), and skips tokenless profiles', () => {
    const embedded: ProfileSummary = {
      id: 'embedded',
      name: 'Local',
      kind: 'embedded',
      url: 'embedded:',
      hasToken: true,
      active: true,
    };
    expect(planInboxReads(embedded)).toMatchObject({
      read: true,
      knownUsername: null,
      needsUsername: true,
      reviewSkipped: null,
    });
    expect(planInboxReads(remote(caps({}), false)).read).toBe(false);
  });

  it('waits for the capabilities of a remote instance not checked yet: no GET /user, no review requests', () => {
    expect(planInboxReads(remote(undefined))).toEqual({
      read: true,
      knownUsername: null,
      needsUsername: false,
      reviewSkipped: 'Review requests wait for the instance check.',
    });
    expect(planInboxReads(remote(caps({ version: '13.0.0-ee', user: null }))).needsUsername).toBe(false);
  });
});
