/**
 * Run pipeline on GitLab.com for a project that refuses pipeline variables (issue 26), through the real
 * browser host and a stand-in GitLab.com (real HTTP on loopback, recorded answers citing GitLab's docs).
 * doc/ci/variables/index.md "Restrict pipeline variables": new GitLab.com projects get
 * `ci_pipeline_variables_minimum_override_role` = `no_one_allowed` (doc/api/projects.md shows the field);
 * GitLab then refuses a pipeline created with variables. The form reads the field, shows why instead of
 * the variable rows, and runs the pipeline without variables. A project that allows them keeps the rows.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { cleanup } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { loadRecordedGitLab, type RecordedGitLab } from '../../../test-utils/recorded-gitlab.js';
import { recordedProject } from '../../../test-utils/recorded-project.js';
import { RECORDED_CREATED_PIPELINE } from '../../../test-utils/recorded-project-documents.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { routes } from '../../app/router.js';

const WAIT = { timeout: 15_000 };
const TOKEN = 'glpat-run-pipeline-variables-0123';

/**
 * `GET /projects/:id` (doc/api/projects.md "Get a single project"), with the pipeline variable fields: the
 * recorded project (test-utils/recorded-project.ts, schema-validated) as maria's on gitlab.com.
 */
function project(id: number, role: string) {
  return recordedProject(id, {
    name: `App ${id}`,
    name_with_namespace: `Maria / App ${id}`,
    path: `app-${id}`,
    path_with_namespace: `maria/app-${id}`,
    created_at: '2025-11-10T10:00:00.000Z',
    ssh_url_to_repo: `git@gitlab.com:maria/app-${id}.git`,
    http_url_to_repo: `https://gitlab.com/maria/app-${id}.git`,
    web_url: `https://gitlab.com/maria/app-${id}`,
    namespace: { id: 7, name: 'Maria', path: 'maria', kind: 'user', full_path: 'maria', parent_id: null },
    restrict_user_defined_variables: true,
    ci_pipeline_variables_minimum_override_role: role,
    permissions: { project_access: { access_level: 50, notification_level: 3 }, group_access: null },
  });
}

const PIPELINE = RECORDED_CREATED_PIPELINE;

let session: RealHostSession;
let gitlab: RecordedGitLab;

beforeAll(async () => {
  const recorded = await loadRecordedGitLab();
  gitlab = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-com'), {
    token: TOKEN,
    extraAnswers: {
      '/api/v4/projects/11': { status: 200, body: project(11, 'no_one_allowed') },
      '/api/v4/projects/11/pipeline': { status: 201, body: PIPELINE },
      '/api/v4/projects/12': { status: 200, body: project(12, 'developer') },
    },
    cors: true,
  });
  session = await openRealHostSession();
  const added = await session.bridge.profiles.addRemote({
    name: 'GitLab.com',
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

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });
}

describe('Run pipeline and pipeline variables on GitLab.com (real host, recorded GitLab.com)', () => {
  it('explains no_one_allowed instead of the variable rows, and runs without variables', async () => {
    renderAt('/pipelines/11/new');
    const reason = await screen.findByTestId('pipeline-variables-refused', {}, WAIT);
    expect(reason.textContent).toContain('no_one_allowed');
    expect(screen.queryByRole('button', { name: 'Add variable' })).toBeNull();
    expect(screen.queryAllByTestId('variable-row')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Run pipeline' }));
    await waitFor(
      () =>
        expect(
          gitlab.seen.some((r) => r.method === 'POST' && r.path === '/api/v4/projects/11/pipeline'),
        ).toBe(true),
      WAIT,
    );
    expect(await screen.findByText('Pipeline #900 created', {}, WAIT)).toBeTruthy();
    cleanup();
  });

  it('keeps the variable rows where the user’s role reaches the minimum', async () => {
    renderAt('/pipelines/12/new');
    expect(await screen.findByRole('button', { name: 'Add variable' }, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('pipeline-variables-refused')).toBeNull();
    cleanup();
  });
});
