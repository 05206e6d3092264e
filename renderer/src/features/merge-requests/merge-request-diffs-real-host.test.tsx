/**
 * How the Changes tab reads a merge request's diff (issue 26), through the real browser host:
 * - on GitLab 18.6 (a stand-in answering from the recorded 18.6 fixture plus the answers below, written
 *   from doc/api/merge_requests.md "List merge request diffs" and lib/api/entities/diff.rb) it reads
 *   `GET …/diffs` with `per_page=100` and never the deprecated `…/changes`; a file sent `too_large` says
 *   it is not shown and links to the file in the repository;
 * - on GitLab 15.4 (before "List merge request diffs", 15.7) it reads `GET …/changes` and never `…/diffs`,
 *   and says when GitLab cut the diff (`overflow: true`, doc/api/merge_requests.md "Get single merge
 *   request changes");
 * - on the real core (the embedded profile, every capability) a 450-file merge request is read page by
 *   page: the first 400 files on their own (page 1, then pages 2–4 at once), the rest when asked.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRequest, OutpostBridge } from '../../../../shared/ipc-contract.js';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { loadRecordedGitLab, type RecordedGitLab } from '../../../test-utils/recorded-gitlab.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { recordedMergeRequest } from '../../../test-utils/recorded-merge-request.js';
import { recordedProject } from '../../../test-utils/recorded-project.js';
import { routes } from '../../app/router.js';
import { mergeRequestRoute } from './merge-request-paths.js';

const WAIT = { timeout: 20_000 };
const TOKEN = 'glpat-merge-request-diffs-test-0123';
const PROJECT_ID = 42;
const IID = 7;
const MR_PATH = `/api/v4/projects/${PROJECT_ID}/merge_requests/${IID}`;
const HEAD_SHA = '1f3c2e4d5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d';
const BASE_SHA = '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567';

/** `GET /projects/:id` (doc/api/projects.md), the fields the layout reads. */
const PROJECT = recordedProject(PROJECT_ID);

/**
 * `GET /projects/:id/merge_requests/:iid` (doc/api/merge_requests.md "Get single MR"), with `extra`: the
 * recorded merge request (test-utils/recorded-merge-request.ts, head HEAD_SHA on base BASE_SHA), two files.
 */
function mergeRequest(extra: Record<string, unknown> = {}) {
  return recordedMergeRequest(PROJECT_ID, IID, { changes_count: '2', ...extra });
}

/** `GET …/versions` (doc/api/merge_requests.md "Get merge request diff versions"). */
const versions = (state: string, realSize: string) => [
  {
    id: 110,
    head_commit_sha: HEAD_SHA,
    base_commit_sha: BASE_SHA,
    start_commit_sha: BASE_SHA,
    created_at: '2025-11-27T10:00:00.000Z',
    merge_request_id: 1007,
    state,
    real_size: realSize,
  },
];

/** A file of `…/changes` (13.x–15.x Entities::Diff). */
const change = (path: string, diff: string) => ({
  old_path: path,
  new_path: path,
  a_mode: '100644',
  b_mode: '100644',
  diff,
  new_file: false,
  renamed_file: false,
  deleted_file: false,
});

let session: RealHostSession;
let gitlab18: RecordedGitLab;
let gitlab15: RecordedGitLab;
let remote18: string;
let remote15: string;
let embedded: string;
/** Every v4 request the screen sent through the bridge. */
const sent: ApiRequest[] = [];
let counting: OutpostBridge;

async function addRemote(name: string, gitlab: RecordedGitLab, version: string): Promise<string> {
  const added = await session.bridge.profiles.addRemote({ name, url: gitlab.url, token: TOKEN });
  expect(await session.bridge.profiles.check(added.id)).toMatchObject({ ok: true, version });
  return added.id;
}

beforeAll(async () => {
  const recorded = await loadRecordedGitLab();
  const common = {
    [`/api/v4/projects/${PROJECT_ID}`]: { status: 200, body: PROJECT },
    [`${MR_PATH}/discussions`]: { status: 200, body: [] },
  };
  gitlab18 = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-18.6-ee'), {
    token: TOKEN,
    cors: true,
    extraAnswers: {
      ...common,
      [MR_PATH]: { status: 200, body: mergeRequest({ detailed_merge_status: 'mergeable' }) },
      [`${MR_PATH}/versions`]: { status: 200, body: versions('collected', '2') },
      // One page (doc/api/rest/_index.md §Pagination headers); the second file over diff_max_patch_bytes.
      [`${MR_PATH}/diffs`]: {
        status: 200,
        headers: {
          'x-total': '2',
          'x-total-pages': '1',
          'x-per-page': '100',
          'x-page': '1',
          'x-next-page': '',
          'x-prev-page': '',
        },
        body: [
          {
            ...change('app/checkout.rb', '@@ -1 +1 @@\n-slow\n+fast\n'),
            collapsed: false,
            too_large: false,
            generated_file: false,
          },
          { ...change('db/huge.sql', ''), collapsed: false, too_large: true, generated_file: false },
        ],
      },
    },
  });
  gitlab15 = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-15.4-ce'), {
    token: TOKEN,
    cors: true,
    extraAnswers: {
      ...common,
      [MR_PATH]: { status: 200, body: mergeRequest({ changes_count: '1000+' }) },
      [`${MR_PATH}/versions`]: { status: 200, body: versions('overflow', '1000+') },
      [`${MR_PATH}/changes`]: {
        status: 200,
        body: {
          ...mergeRequest({ changes_count: '1000+' }),
          changes: [change('app/checkout.rb', '@@ -1 +1 @@\n-slow\n+fast\n')],
          overflow: true,
        },
      },
    },
  });
  session = await openRealHostSession();
  embedded = (await session.bridge.profiles.list()).find((p) => p.kind === 'embedded')!.id;
  counting = {
    ...session.bridge,
    api: {
      ...session.bridge.api,
      request: (req) => {
        sent.push(req);
        return session.bridge.api.request(req);
      },
    },
  };
  remote18 = await addRemote('Shop GitLab', gitlab18, '18.6.0-ee');
  remote15 = await addRemote('Old GitLab', gitlab15, '15.4.6');
}, 60_000);

afterAll(async () => {
  await session?.host.close();
  await gitlab18?.close();
  await gitlab15?.close();
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { bridge: counting, withRouter: false });
}

const gets = (gitlab: RecordedGitLab, path: string) =>
  gitlab.seen.filter((request) => request.method === 'GET' && request.path === path).length;

describe('Merge request diffs: /diffs on GitLab 15.7+, /changes before (real host)', () => {
  it('GitLab 18.6: reads GET …/diffs, never …/changes; a too_large file says so and links to the file', async () => {
    await session.bridge.profiles.setActive(remote18);
    renderAt(mergeRequestRoute(PROJECT_ID, IID, 'changes'));
    const tooLarge = await screen.findByTestId('mr-file-too-large', {}, WAIT);
    expect(tooLarge.textContent).toContain('This file’s diff is too large to show');
    expect(screen.getByTestId('mr-file-too-large-link').getAttribute('href')).toBe(
      `/repository/${PROJECT_ID}/blob/db/huge.sql?ref=${HEAD_SHA}`,
    );
    expect(screen.getAllByTestId('mr-file-diff').map((el) => el.dataset.path)).toEqual(
      expect.arrayContaining(['app/checkout.rb', 'db/huge.sql']),
    );
    expect(gets(gitlab18, `${MR_PATH}/diffs`)).toBe(1);
    expect(gets(gitlab18, `${MR_PATH}/changes`)).toBe(0);
    const diffRead = sent.find((r) => r.path === `/projects/${PROJECT_ID}/merge_requests/${IID}/diffs`);
    expect(diffRead?.query).toMatchObject({ page: 1, per_page: 100 });
    expect(screen.queryByTestId('mr-diff-overflow')).toBeNull();

    // GitLab 18.6 has …/raw_diffs; this stand-in does not (404): the screen says the file can only be read
    // in the repository.
    fireEvent.click(screen.getByTestId('mr-file-load-raw'));
    expect((await screen.findByTestId('mr-file-raw-unavailable', {}, WAIT)).textContent).toMatch(
      /no raw diff endpoint/,
    );
    expect(gets(gitlab18, `${MR_PATH}/raw_diffs`)).toBe(1);
  });

  it('GitLab 15.4: reads GET …/changes, never …/diffs, and says GitLab cut the diff (overflow)', async () => {
    await session.bridge.profiles.setActive(remote15);
    renderAt(mergeRequestRoute(PROJECT_ID, IID, 'changes'));
    const overflow = await screen.findByTestId('mr-diff-overflow', {}, WAIT);
    expect(overflow.textContent).toContain('Some changes are not shown');
    expect(overflow.textContent).toContain('1000+ files');
    expect(gets(gitlab15, `${MR_PATH}/changes`)).toBeGreaterThan(0);
    expect(gets(gitlab15, `${MR_PATH}/diffs`)).toBe(0);
  });

  it('the real core: a 450-file merge request loads 400 files in the first view, the rest on request', async () => {
    await session.bridge.profiles.setActive(embedded);
    const api = <T,>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) =>
      session.api<T>(method, path, body);
    const project = await api<{ id: number }>('POST', '/projects', {
      name: 'Wide diff',
      initialize_with_readme: true,
    });
    // Three commits of 150 files (one commit of 450 outlasts the bridge's 15 s on a loaded machine).
    for (let part = 0; part < 3; part++) {
      await api('POST', `/projects/${project.id}/repository/commits`, {
        branch: 'wide',
        start_branch: part === 0 ? 'main' : undefined,
        commit_message: `Add files, part ${part + 1}`,
        actions: Array.from({ length: 150 }, (_, n) => {
          const i = part * 150 + n;
          return {
            action: 'create',
            file_path: `wide/file-${String(i).padStart(3, '0')}.txt`,
            content: `file ${i}\n`,
          };
        }),
      });
    }
    const mr = await api<{ iid: number }>('POST', `/projects/${project.id}/merge_requests`, {
      source_branch: 'wide',
      target_branch: 'main',
      title: 'Wide',
    });
    const diffsPath = `/projects/${project.id}/merge_requests/${mr.iid}/diffs`;
    const pagesRead = () =>
      sent.filter((r) => r.path === diffsPath).map((r) => Number((r.query as { page: number }).page));

    renderAt(mergeRequestRoute(project.id, mr.iid, 'changes'));
    const progress = await screen.findByTestId('mr-diff-load-rest', {}, WAIT);
    expect(screen.getByTestId('mr-diff-progress').textContent).toContain('Showing 400 of 450 files');
    expect(screen.getByTestId('mr-viewed-count').textContent).toBe('0/400 viewed');
    expect(pagesRead().sort()).toEqual([1, 2, 3, 4]);
    expect(sent.some((r) => r.path.endsWith(`/merge_requests/${mr.iid}/changes`))).toBe(false);

    fireEvent.click(progress);
    await waitFor(() => expect(screen.getByTestId('mr-viewed-count').textContent).toBe('0/450 viewed'), WAIT);
    expect(screen.queryByTestId('mr-diff-progress')).toBeNull();
    expect(pagesRead().sort()).toEqual([1, 2, 3, 4, 5]);
  }, 240_000);
});
