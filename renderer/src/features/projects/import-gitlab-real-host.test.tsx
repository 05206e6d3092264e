/**
 * The Import repository dialog on a GitLab profile (issue 26), through the real browser host and a stand-in
 * GitLab 16.11 EE (real HTTP on loopback; its administrator's token carries admin_mode, so the settings may
 * be read). GitLab imports by URL only (doc/user/project/import/repo_by_url.md; `import_url` of
 * doc/api/projects.md "Create a project"; http, https and git: app/models/project.rb
 * VALID_IMPORT_PROTOCOLS); a path on this computer is Outpost's. The dialog asks for a URL, says what
 * GitLab needs, reads `import_sources` (doc/api/settings.md) and says when "Repository by URL" (`git`) is
 * off, and refuses a local path without sending anything.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { loadRecordedGitLab, type RecordedGitLab } from '../../../test-utils/recorded-gitlab.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { routes } from '../../app/router.js';

const WAIT = { timeout: 15_000 };
const TOKEN = 'glpat-import-by-url-0123';

let session: RealHostSession;
let gitlab: RecordedGitLab;

beforeAll(async () => {
  const recorded = await loadRecordedGitLab();
  gitlab = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-16.11-ee'), {
    token: TOKEN,
    extraAnswers: {
      '/api/v4/projects': { status: 200, body: [] },
      // doc/api/settings.md: import_sources lists the enabled importers; `git` is "Repository by URL".
      '/api/v4/application/settings': {
        status: 200,
        body: { id: 1, import_sources: ['github', 'gitlab_project'], default_branch_protection: 2 },
      },
    },
    cors: true,
  });
  session = await openRealHostSession();
  const added = await session.bridge.profiles.addRemote({
    name: 'GitLab 16.11',
    url: gitlab.url,
    token: TOKEN,
  });
  expect(await session.bridge.profiles.check(added.id)).toMatchObject({ ok: true });
  await session.bridge.profiles.setActive(added.id);
});

afterAll(async () => {
  await session?.host.close();
  await gitlab?.close();
});

describe('Import repository on GitLab (real host, recorded GitLab 16.11 EE)', () => {
  it('asks for a URL, says what GitLab needs and refuses a local path without sending it', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/projects'] });
    renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Import repository' }, WAIT))[0]!);
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const note = await within(dialog).findByTestId('gitlab-import-note', {}, WAIT);
    expect(note.textContent).toContain('GitLab 16.11 imports by URL');
    await waitFor(
      () => expect(note.textContent).toContain('“Repository by URL” is not among the import sources'),
      WAIT,
    );
    expect(within(dialog).getByText(/http:\/\/, https:\/\/ or git:\/\/ URL/)).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Repository' }), {
      target: { value: '/srv/git/app.git' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      await within(dialog).findByText(/a path on this computer can’t be imported into GitLab/, {}, WAIT),
    ).toBeTruthy();
    expect(gitlab.seen.some((r) => r.method === 'POST')).toBe(false);
  });
});
