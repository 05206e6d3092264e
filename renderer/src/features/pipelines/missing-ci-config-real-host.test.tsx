/**
 * Run pipeline on a project without `.gitlab-ci.yml`, against a real core behind the real browser host
 * (issue 30, defect 19): the core refuses as GitLab does ("Missing CI config file", 400), and the screen
 * now offers the way out — a link to the repository's new-file screen on that branch with the name
 * `.gitlab-ci.yml` filled in (GitLab's "Set up CI/CD" links to `-/new/<branch>?file_name=.gitlab-ci.yml`).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { routes } from '../../app/router.js';

const WAIT = { timeout: 15_000 };
let session: RealHostSession;
let projectId: number;

beforeAll(async () => {
  session = await openRealHostSession();
  projectId = (
    await session.api<{ id: number }>('POST', '/projects', {
      name: 'No CI yet',
      initialize_with_readme: true,
    })
  ).id;
}, 60_000);

afterAll(async () => {
  await session?.host.close();
});

describe('Run pipeline without a CI file on the real browser host', () => {
  it('says the CI file is missing and links to creating .gitlab-ci.yml on the branch', async () => {
    const router = createMemoryRouter(routes, { initialEntries: [`/pipelines/${projectId}/new`] });
    renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });
    const run = await screen.findByRole('button', { name: 'Run pipeline' }, WAIT);
    await waitFor(() => expect((run as HTMLButtonElement).disabled).toBe(false), WAIT);
    fireEvent.click(run);
    expect((await screen.findByRole('alert', {}, WAIT)).textContent).toMatch(/Missing CI config file/);
    const link = await screen.findByRole('link', { name: 'Create .gitlab-ci.yml on main' }, WAIT);
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/repository/${projectId}/new`), WAIT);
    expect(router.state.location.search).toBe('?ref=main&file_name=.gitlab-ci.yml');
    await waitFor(
      () =>
        expect(
          (screen.getAllByRole('textbox').find((el) => (el as HTMLInputElement).value === '.gitlab-ci.yml') ??
            null) as HTMLInputElement | null,
        ).not.toBeNull(),
      WAIT,
    );
  });
});
