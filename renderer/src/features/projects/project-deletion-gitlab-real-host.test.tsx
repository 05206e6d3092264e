/**
 * Deleting a project on GitLab 18.6 (issue 26), through the real browser host and a stand-in GitLab
 * (real HTTP on loopback, recorded answers citing GitLab's docs). doc/api/projects.md "Delete a project":
 * from 18.0, on every tier, `DELETE /projects/:id` marks the project for deletion; the project stays
 * readable with `marked_for_deletion_on` and GitLab removes it after `deletion_adjourned_period` days.
 * The delete dialog says so beforehand, the notification names the date instead of claiming the project
 * is gone, and the project list shows the mark. The administrator's token here lacks `admin_mode`, so
 * the retention period is not read (no /application/settings request) and the default is named instead.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { loadRecordedGitLab, type RecordedGitLab } from '../../../test-utils/recorded-gitlab.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { routes } from '../../app/router.js';

const WAIT = { timeout: 15_000 };
const TOKEN = 'glpat-project-deletion-0123';
const PROJECT_ID = 42;

/** `GET /projects/:id` as doc/api/projects.md "Get a single project" shows it (fields the screens read). */
const PROJECT = {
  id: PROJECT_ID,
  description: 'Old service',
  name: 'Legacy',
  name_with_namespace: 'Shop / Legacy',
  path: 'legacy',
  path_with_namespace: 'shop/legacy',
  created_at: '2025-01-10T10:00:00.000Z',
  default_branch: 'main',
  tag_list: [],
  topics: [],
  ssh_url_to_repo: 'git@gitlab.example.com:shop/legacy.git',
  http_url_to_repo: 'https://gitlab.example.com/shop/legacy.git',
  web_url: 'https://gitlab.example.com/shop/legacy',
  readme_url: null,
  avatar_url: null,
  visibility: 'private',
  archived: false,
  empty_repo: false,
  import_status: 'none',
  namespace: {
    id: 3,
    name: 'Shop',
    path: 'shop',
    kind: 'group',
    full_path: 'shop',
    parent_id: null,
    avatar_url: null,
    web_url: 'https://gitlab.example.com/shop',
  },
  last_activity_at: '2025-11-27T10:00:00.000Z',
  forks_count: 0,
  star_count: 0,
  marked_for_deletion_at: null,
  marked_for_deletion_on: null,
};

/** The same project once marked (18.0+ also renames it; doc/api/projects.md). */
const MARKED = {
  ...PROJECT,
  name: 'Legacy-deletion_scheduled-42',
  path: 'legacy-deletion_scheduled-42',
  path_with_namespace: 'shop/legacy-deletion_scheduled-42',
  marked_for_deletion_at: '2026-11-28',
  marked_for_deletion_on: '2026-11-28',
};

let session: RealHostSession;
let gitlab: RecordedGitLab;

beforeAll(async () => {
  const recorded = await loadRecordedGitLab();
  gitlab = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-18.6-ee'), {
    token: TOKEN,
    extraAnswers: {
      [`/api/v4/projects/${PROJECT_ID}`]: { status: 200, body: PROJECT },
      '/api/v4/projects': { status: 200, body: [MARKED] },
    },
    cors: true,
  });
  session = await openRealHostSession();
  const added = await session.bridge.profiles.addRemote({ name: 'Shop 18.6', url: gitlab.url, token: TOKEN });
  expect(await session.bridge.profiles.check(added.id)).toMatchObject({ ok: true });
  await session.bridge.profiles.setActive(added.id);
});

afterAll(async () => {
  await session?.host.close();
  await gitlab?.close();
});

describe('Project deletion on GitLab 18.6 (real host, recorded GitLab)', () => {
  it('says the project is marked for deletion, with the date, and lists it as marked', async () => {
    const router = createMemoryRouter(routes, { initialEntries: [`/projects/${PROJECT_ID}/settings`] });
    renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete project' }, WAIT));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('This marks shop/legacy for deletion');
    fireEvent.change(within(dialog).getByLabelText('Type the project path to confirm'), {
      target: { value: 'shop/legacy' },
    });

    // From here GitLab reports the project marked (its answer to the DELETE and the read after it).
    gitlab.setAnswer(`/api/v4/projects/${PROJECT_ID}`, { status: 200, body: MARKED });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete project' }));

    const notice = await screen.findByText(/was marked for deletion on 2026-11-28/, {}, WAIT);
    expect(notice.textContent).toContain(
      'shop/legacy was marked for deletion on 2026-11-28; GitLab removes it after',
    );
    expect(notice.textContent).toContain('deletion_adjourned_period, 30 days');
    expect(screen.queryByText(/^Deleted shop\/legacy/)).toBeNull();
    expect(
      gitlab.seen.some((r) => r.method === 'DELETE' && r.path === `/api/v4/projects/${PROJECT_ID}`),
    ).toBe(true);
    expect(gitlab.seen.some((r) => r.path === '/api/v4/application/settings')).toBe(false);

    // Back on the list: the marked project carries the mark.
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'), WAIT);
    const badge = await screen.findByTestId('marked-for-deletion', {}, WAIT);
    expect(badge.textContent).toBe('Marked for deletion');
  });
});
