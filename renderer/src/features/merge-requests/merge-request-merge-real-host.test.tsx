/**
 * Merging on the review screen against a real core behind the real browser host (issue 26): GitLab's
 * refusals of `PUT …/merge` reach the administrator as sentences (a 405 for a request made a draft
 * after the dialog opened, a 409 for a source branch that moved), and the merge-status poll stops once
 * nothing will change (every `GET` of the merge request through the bridge is counted). A viewer who
 * may not merge, on GitLab instances: merge-request-gitlab-real-host.test.tsx.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRequest, OutpostBridge } from '../../../../shared/ipc-contract.js';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import type { MergeRequestDetail } from '../../api/merge-requests/types.js';
import { routes } from '../../app/router.js';
import { MERGE_STATUS_POLL_MS } from './merge-readiness.js';
import { mergeRequestRoute } from './merge-request-paths.js';

const WAIT = { timeout: 15_000 };

let session: RealHostSession;
let projectId: number;
/** Every v4 request the screen sent through the bridge. */
const sent: ApiRequest[] = [];
let counting: OutpostBridge;

const api = <T,>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: Record<string, unknown>) =>
  session.api<T>(method, path, body);

const readMr = (iid: number) =>
  api<MergeRequestDetail>('GET', `/projects/${projectId}/merge_requests/${iid}`);

/** A branch off main with one commit of its own, and a merge request from it. */
async function openMergeRequest(branch: string): Promise<number> {
  await api('POST', `/projects/${projectId}/repository/files/${branch}.md`, {
    branch,
    start_branch: 'main',
    content: `${branch}\n`,
    commit_message: `Add ${branch}`,
  });
  return (
    await api<{ iid: number }>('POST', `/projects/${projectId}/merge_requests`, {
      source_branch: branch,
      target_branch: 'main',
      title: `Merge ${branch}`,
    })
  ).iid;
}

/** Reads of one merge request's detail (not its sub-resources) the screen sent. */
const detailReads = (iid: number) =>
  sent.filter((r) => r.method === 'GET' && r.path === `/projects/${projectId}/merge_requests/${iid}`).length;

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderWithProviders(<RouterProvider router={router} />, { bridge: counting, withRouter: false });
}

/** Wait until the merge request's status is final on the core (the background check finished). */
async function settled(iid: number): Promise<MergeRequestDetail> {
  let mr = await readMr(iid);
  for (let i = 0; i < 100 && ['unchecked', 'checking'].includes(mr.merge_status); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    mr = await readMr(iid);
  }
  return mr;
}

/** Open the merge dialog of a mergeable request. */
async function openMergeDialog(iid: number) {
  renderAt(mergeRequestRoute(projectId, iid));
  const merge = await screen.findByTestId('mr-merge', {}, WAIT);
  await waitFor(() => expect(merge.hasAttribute('disabled')).toBe(false), WAIT);
  fireEvent.click(merge);
  return screen.findByTestId('mr-merge-confirm', {}, WAIT);
}

beforeAll(async () => {
  session = await openRealHostSession();
  counting = {
    ...session.bridge,
    api: {
      request: (req) => {
        sent.push(req);
        return session.bridge.api.request(req);
      },
      graphql: session.bridge.api.graphql,
    },
  };
  projectId = (
    await api<{ id: number }>('POST', '/projects', { name: 'Merging', initialize_with_readme: true })
  ).id;
}, 120_000);

afterAll(async () => {
  await session?.host.close();
});

describe('Merging on the real browser host', () => {
  it('a 405 refusal (made a draft after the dialog opened) is shown as a sentence, not an HTTP status', async () => {
    const iid = await openMergeRequest('refused');
    expect((await settled(iid)).detailed_merge_status).toBe('mergeable');
    const confirm = await openMergeDialog(iid);
    // Another administrator marks it as a draft meanwhile.
    await api('PUT', `/projects/${projectId}/merge_requests/${iid}`, { title: 'Draft: not yet' });
    fireEvent.click(confirm);
    const alert = await screen.findByTestId('mr-merge-error', {}, WAIT);
    expect(alert.textContent).toContain(
      'GitLab refused the merge: the merge request can’t be merged in its current state',
    );
    expect(alert.textContent).not.toMatch(/HTTP status|405/);
    expect((await readMr(iid)).state).toBe('opened');
  });

  it('a 409 refusal (the source branch moved) names the new head', async () => {
    const iid = await openMergeRequest('moved');
    await settled(iid);
    const confirm = await openMergeDialog(iid);
    await api('PUT', `/projects/${projectId}/repository/files/moved.md`, {
      branch: 'moved',
      content: 'moved again\n',
      commit_message: 'Move the branch',
    });
    const head = (
      await api<{ commit: { id: string } }>('GET', `/projects/${projectId}/repository/branches/moved`)
    ).commit.id;
    fireEvent.click(confirm);
    const alert = await screen.findByTestId('mr-merge-error', {}, WAIT);
    expect(alert.textContent).toContain(
      `GitLab refused the merge: the source branch changed since this page was loaded (its head is now ${head.slice(0, 8)}).`,
    );
    expect((await readMr(iid)).state).toBe('opened');
  });

  it('polls while the merge status is being checked and stops once it is final', async () => {
    const iid = await openMergeRequest('polled');
    renderAt(mergeRequestRoute(projectId, iid));
    const merge = await screen.findByTestId('mr-merge', {}, WAIT);
    await waitFor(() => expect(merge.hasAttribute('disabled')).toBe(false), WAIT);
    const checks = screen.getByTestId('mr-merge-checks');
    expect(within(checks).getByTestId('mr-check-conflicts').getAttribute('data-status')).toBe('passed');
    const reads = detailReads(iid);
    expect(reads).toBeGreaterThan(0);
    // Five poll intervals later, nothing more was read: the status (mergeable) will not change by itself.
    await new Promise((resolve) => setTimeout(resolve, MERGE_STATUS_POLL_MS * 5));
    expect(detailReads(iid)).toBe(reads);
  });

  it('does not poll for a closed request', async () => {
    const closed = await openMergeRequest('closed');
    await settled(closed);
    await api('PUT', `/projects/${projectId}/merge_requests/${closed}`, { state_event: 'close' });
    renderAt(mergeRequestRoute(projectId, closed));
    await screen.findByTestId('mr-title', {}, WAIT);
    await waitFor(() => expect(detailReads(closed)).toBeGreaterThan(0), WAIT);
    const closedReads = detailReads(closed);
    await new Promise((resolve) => setTimeout(resolve, MERGE_STATUS_POLL_MS * 3));
    expect(detailReads(closed)).toBe(closedReads);
  });
});
