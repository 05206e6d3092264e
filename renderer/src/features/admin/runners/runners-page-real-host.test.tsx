/**
 * Admin → Runners against a real core behind the real browser host (issue 28): the built-in runner is
 * listed online with Outpost's version; pausing it from the drawer keeps a new pipeline's job pending
 * (seen in the Jobs tab, the instance job list `GET /jobs`), resuming lets it run in the real job sandbox
 * to success, and the finished job is retried from the Jobs tab. Every change is checked in the core
 * through the v4 API (doc/api/runners.md, doc/api/jobs.md).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileSummary } from '../../../../../shared/ipc-contract.js';
import { openRealHostSession, type RealHostSession } from '../../../../test-utils/real-host-session.js';
import { renderWithProviders } from '../../../../test-utils/render.js';
import { RunnersPage } from './runners-page.js';

const WAIT = { timeout: 20_000 };
let session: RealHostSession;
let profile: ProfileSummary;

beforeAll(async () => {
  session = await openRealHostSession();
  profile = (await session.bridge.profiles.list()).find((candidate) => candidate.id === session.profileId)!;
}, 60_000);

afterAll(async () => {
  await session?.host.close();
});

interface JobJson {
  id: number;
  name: string;
  status: string;
}

const runner = () => session.api<{ paused: boolean }>('GET', '/runners/1');

describe('Admin → Runners on the real browser host', () => {
  it('pauses the built-in runner (a new job stays pending), resumes it (the job runs), retries the job', async () => {
    renderWithProviders(<RunnersPage />, { bridge: session.bridge, profile });
    const row = await screen.findByTestId('runner-row', {}, WAIT);
    expect(within(row).getByTestId('runner-description').textContent).toBe('Outpost local executor');
    expect(within(row).getByTestId('runner-state').textContent).toBe('Online');
    await waitFor(
      () => expect(within(row).getByTestId('runner-version').textContent).toMatch(/^\d+\.\d+/),
      WAIT,
    );

    fireEvent.click(within(row).getByTestId('runner-description'));
    const drawer = await screen.findByTestId('runner-drawer');
    expect(await within(drawer).findByTestId('runner-built-in-note', {}, WAIT)).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Pause' }, WAIT));
    expect(await screen.findByText('Runner paused', {}, WAIT)).toBeTruthy();
    expect((await runner()).paused).toBe(true);
    await waitFor(() => expect(within(row).getByTestId('runner-state').textContent).toBe('Paused'), WAIT);

    const project = await session.api<{ id: number }>('POST', '/projects', {
      name: 'runner-screen',
      initialize_with_readme: true,
    });
    await session.api('POST', `/projects/${project.id}/repository/files/.gitlab-ci.yml`, {
      branch: 'main',
      content: 'build:\n  script:\n    - echo from-the-runners-screen\n',
      commit_message: 'Add CI',
    });
    const jobs = () => session.api<JobJson[]>('GET', `/projects/${project.id}/jobs`);
    await waitFor(async () => expect((await jobs()).map((job) => job.status)).toEqual(['pending']), WAIT);
    const jobId = (await jobs())[0]!.id;

    fireEvent.keyDown(drawer, { key: 'Escape' });
    fireEvent.click(screen.getByRole('tab', { name: 'Jobs' }));
    const pendingRow = await waitFor(() => {
      const found = screen
        .getAllByTestId('instance-job')
        .find((node) => node.getAttribute('data-job-id') === String(jobId));
      expect(found).toBeTruthy();
      return found!;
    }, WAIT);
    expect(within(pendingRow).getByTestId('status-badge').getAttribute('data-status')).toBe('pending');
    // Still pending while paused: the runner started nothing.
    expect((await jobs())[0]!.status).toBe('pending');

    fireEvent.click(screen.getByRole('tab', { name: 'Runners' }));
    fireEvent.click(
      within(await screen.findByTestId('runner-row', {}, WAIT)).getByTestId('runner-description'),
    );
    const reopened = await screen.findByTestId('runner-drawer');
    fireEvent.click(await within(reopened).findByRole('button', { name: 'Resume' }, WAIT));
    expect(await screen.findByText('Runner resumed', {}, WAIT)).toBeTruthy();
    await waitFor(async () => expect((await jobs())[0]!.status).toBe('success'), WAIT);
    fireEvent.keyDown(reopened, { key: 'Escape' });

    fireEvent.click(screen.getByRole('tab', { name: 'Jobs' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Success' }, WAIT));
    fireEvent.click(await screen.findByRole('button', { name: `Retry build #${jobId}` }, WAIT));
    expect(await screen.findByText('Job retried', {}, WAIT)).toBeTruthy();
    await waitFor(async () => expect((await jobs()).length).toBe(2), WAIT);
  }, 90_000);
});
