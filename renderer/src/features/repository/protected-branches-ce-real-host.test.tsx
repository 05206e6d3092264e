/**
 * Changing who may push to a protected branch on GitLab 18.6 CE (issue 26), through the real browser host
 * and a stand-in GitLab (real HTTP on loopback, recorded answers citing GitLab's docs and source).
 * doc/api/protected_branches.md and lib/api/protected_branches.rb: CE's `PATCH .../protected_branches/:name`
 * declares only `allow_force_push` (the `allowed_to_push` / `allowed_to_merge` arrays are
 * `optional_params_ee`, GitLab Premium), so CE would answer 200 and change nothing. Outpost therefore
 * unprotects and protects again (`DELETE`, then `POST` with `push_access_level` / `merge_access_level`),
 * reads the rule back (`GET .../protected_branches/:name`) and reports whether the change happened.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cleanup } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { loadRecordedGitLab, type RecordedGitLab } from '../../../test-utils/recorded-gitlab.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { recordedProject } from '../../../test-utils/recorded-project.js';
import { recordedProtectedBranch } from '../../../test-utils/recorded-repository-documents.js';
import { routes } from '../../app/router.js';

const WAIT = { timeout: 15_000 };
const TOKEN = 'glpat-protected-branches-ce-0123';
const PROJECT_ID = 42;
const RULES = `/api/v4/projects/${PROJECT_ID}/protected_branches`;
const RULE = `${RULES}/main`;

/** `GET /projects/:id` (doc/api/projects.md "Get a single project"), the fields the repository layout reads. */
const PROJECT = recordedProject(PROJECT_ID);

/** A protected branch as doc/api/protected_branches.md "Get a single protected branch" shows it (CE). */
const rule = recordedProtectedBranch;

let session: RealHostSession;
let gitlab: RecordedGitLab;

beforeAll(async () => {
  const recorded = await loadRecordedGitLab();
  gitlab = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-18.6-ce'), {
    token: TOKEN,
    extraAnswers: {
      [`/api/v4/projects/${PROJECT_ID}`]: { status: 200, body: PROJECT },
      [RULES]: { status: 200, body: [rule(40, 40)] },
      [`/api/v4/projects/${PROJECT_ID}/repository/branches`]: { status: 200, body: [] },
    },
    cors: true,
  });
  session = await openRealHostSession();
  const added = await session.bridge.profiles.addRemote({ name: 'Shop CE', url: gitlab.url, token: TOKEN });
  expect(await session.bridge.profiles.check(added.id)).toMatchObject({ ok: true, version: '18.6.1' });
  await session.bridge.profiles.setActive(added.id);
});

afterAll(async () => {
  await session?.host.close();
  await gitlab?.close();
});

beforeEach(() => {
  gitlab.seen.length = 0;
});

async function changePushToDevelopers() {
  const router = createMemoryRouter(routes, {
    initialEntries: [`/repository/${PROJECT_ID}/protected-branches`],
  });
  renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });
  expect((await screen.findByTestId('reprotect-note', {}, WAIT)).textContent).toContain('Community Edition');
  const picker = (await screen.findAllByLabelText('Allowed to push to main', {}, WAIT)).find(
    (element) => element.tagName === 'INPUT',
  )!;
  fireEvent.click(picker);
  await waitFor(() => expect(picker.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(picker.getAttribute('aria-controls')!)!;
  fireEvent.click(await within(listbox).findByRole('option', { name: 'Developers + Maintainers' }));
}

const writes = () =>
  gitlab.seen.filter((r) => r.method !== 'GET' && r.method !== 'OPTIONS').map((r) => `${r.method} ${r.path}`);

describe('Protected branches on GitLab CE (real host, recorded GitLab 18.6 CE)', () => {
  it('unprotects and protects again, reads the rule back and says the change happened', async () => {
    gitlab.setAnswer(RULE, { status: 200, body: rule(30, 40) }); // what GitLab reads back after the POST
    await changePushToDevelopers();
    expect(await screen.findByText('Protection updated', {}, WAIT)).toBeTruthy();
    expect(writes()).toEqual([`DELETE ${RULE}`, `POST ${RULES}`]);
    expect(gitlab.seen.some((r) => r.method === 'GET' && r.path === RULE)).toBe(true);
    expect(gitlab.seen.some((r) => r.method === 'PATCH')).toBe(false);
    cleanup();
  });

  it('says so when the rule read back does not have the change', async () => {
    gitlab.setAnswer(RULE, { status: 200, body: rule(40, 40) });
    await changePushToDevelopers();
    expect(await screen.findByText('Protection not updated', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/still has the old who may push/)).toBeTruthy(), WAIT);
    cleanup();
  });
});
