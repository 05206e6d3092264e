/**
 * The review screen's merge decisions on GitLab profiles (issue 26), through the real browser host: two
 * remote profiles point at stand-in GitLab instances (real HTTP servers on loopback answering from the
 * recorded, doc-cited fixtures of electron/host/capabilities/fixtures, plus the merge request answers
 * below, written from doc/api/merge_requests.md "Get single MR" and "Merge a merge request"). The host
 * detects each version on connect; the screen then
 * - on GitLab 13.10, for a viewer who may not merge (`user.can_merge: false`) whose `merge_status` stays
 *   `unchecked` (GitLab never rechecks for them): reads the merge request and does not poll it;
 * - on GitLab 18.6: decides from `detailed_merge_status` (`ci_must_pass` blocks although `merge_status`
 *   says `can_be_merged`), and shows GitLab's bare 405 refusal of `PUT …/merge` as a sentence.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { loadRecordedGitLab, type RecordedGitLab } from '../../../test-utils/recorded-gitlab.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { recordedMergeRequest } from '../../../test-utils/recorded-merge-request.js';
import { recordedProject } from '../../../test-utils/recorded-project.js';
import { routes } from '../../app/router.js';
import { MERGE_STATUS_POLL_MS } from './merge-readiness.js';
import { mergeRequestRoute } from './merge-request-paths.js';

const WAIT = { timeout: 15_000 };
const TOKEN = 'glpat-merge-decisions-test-01234';
const PROJECT_ID = 42;
const IID = 7;
const MR_PATH = `/api/v4/projects/${PROJECT_ID}/merge_requests/${IID}`;

/** `GET /projects/:id` (doc/api/projects.md), the fields the layout reads. */
const PROJECT = recordedProject(PROJECT_ID);

/** `GET /projects/:id/merge_requests/:iid` (doc/api/merge_requests.md "Get single MR"), with `extra`. */
function mergeRequest(extra: Record<string, unknown>) {
  return recordedMergeRequest(PROJECT_ID, IID, extra);
}

let session: RealHostSession;
let gitlab13: RecordedGitLab;
let gitlab18: RecordedGitLab;
let remote13: string;
let remote18: string;

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
  gitlab13 = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-13.10-ee'), {
    token: TOKEN,
    cors: true,
    extraAnswers: {
      ...common,
      // A viewer (Reporter): GitLab does not recheck the merge status for them, so it stays unchecked.
      [MR_PATH]: {
        status: 200,
        body: mergeRequest({ merge_status: 'unchecked', user: { can_merge: false } }),
      },
    },
  });
  gitlab18 = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-18.6-ee'), {
    token: TOKEN,
    cors: true,
    extraAnswers: {
      ...common,
      [MR_PATH]: {
        status: 200,
        body: mergeRequest({ draft: false, detailed_merge_status: 'ci_must_pass' }),
      },
      // lib/api/merge_requests.rb answers a request it won't merge with `not_allowed!`.
      [`${MR_PATH}/merge`]: { status: 405, body: { message: '405 Method Not Allowed' } },
    },
  });
  session = await openRealHostSession();
  remote13 = await addRemote('Old GitLab', gitlab13, '13.10.0-ee');
  remote18 = await addRemote('Shop GitLab', gitlab18, '18.6.0-ee');
}, 60_000);

afterAll(async () => {
  await session?.host.close();
  await gitlab13?.close();
  await gitlab18?.close();
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });
}

const reads = (gitlab: RecordedGitLab) =>
  gitlab.seen.filter((request) => request.method === 'GET' && request.path === MR_PATH).length;

describe('Merge decisions on GitLab profiles (real host, recorded instances)', () => {
  it('GitLab 13.10: a viewer whose merge_status stays unchecked is not polled', async () => {
    await session.bridge.profiles.setActive(remote13);
    renderAt(mergeRequestRoute(PROJECT_ID, IID));
    await screen.findByTestId('mr-title', {}, WAIT);
    await waitFor(
      () => expect(screen.getByTestId('mr-merge-blocked').textContent).toMatch(/not allowed/),
      WAIT,
    );
    const first = reads(gitlab13);
    expect(first).toBeGreaterThan(0);
    // Before issue 26 the screen read it again every second for as long as it stayed open.
    await new Promise((resolve) => setTimeout(resolve, MERGE_STATUS_POLL_MS * 4));
    expect(reads(gitlab13)).toBe(first);
  });

  it('GitLab 18.6: detailed_merge_status decides (ci_must_pass blocks although merge_status says can_be_merged)', async () => {
    await session.bridge.profiles.setActive(remote18);
    renderAt(mergeRequestRoute(PROJECT_ID, IID));
    await screen.findByTestId('mr-title', {}, WAIT);
    // merge_status says can_be_merged; GitLab 18.6's detailed status says a pipeline must succeed.
    await waitFor(
      () =>
        expect(screen.getByTestId('mr-merge-blocked').textContent).toMatch(/A pipeline must succeed first/),
      WAIT,
    );
    expect(screen.getByTestId('mr-merge').hasAttribute('disabled')).toBe(true);
    // The status is final: no poll.
    const first = reads(gitlab18);
    await new Promise((resolve) => setTimeout(resolve, MERGE_STATUS_POLL_MS * 3));
    expect(reads(gitlab18)).toBe(first);
  });

  it('GitLab 18.6: a bare 405 refusal of PUT …/merge is shown as a sentence', async () => {
    // The pipeline succeeded (GitLab now says mergeable), but GitLab still refuses the merge.
    gitlab18.setAnswer(MR_PATH, {
      status: 200,
      body: mergeRequest({ draft: false, detailed_merge_status: 'mergeable' }),
    });
    await session.bridge.profiles.setActive(remote18);
    renderAt(mergeRequestRoute(PROJECT_ID, IID));
    const merge = await screen.findByTestId('mr-merge', {}, WAIT);
    await waitFor(() => expect(merge.hasAttribute('disabled')).toBe(false), WAIT);
    fireEvent.click(merge);
    fireEvent.click(await screen.findByTestId('mr-merge-confirm', {}, WAIT));
    const alert = await screen.findByTestId('mr-merge-error', {}, WAIT);
    expect(alert.textContent).toContain(
      'GitLab refused the merge: the merge request can’t be merged in its current state',
    );
    expect(alert.textContent).not.toMatch(/HTTP status|405/);
    expect(
      gitlab18.seen.some((request) => request.method === 'PUT' && request.path === `${MR_PATH}/merge`),
    ).toBe(true);
  });
});
