/**
 * Admin → Security's default branch protection on GitLab profiles (issue 26), through the real browser
 * host and stand-in GitLab instances (real HTTP on loopback, recorded answers citing GitLab's docs):
 * GitLab 18.6 returns `default_branch_protection_defaults` (doc/api/settings.md, the 17.0 object form)
 * beside the deprecated integer, and the screen shows the level the object stands for (the integer is
 * stale there); GitLab 13.10 returns only the integer, which the screen shows. Which form each PUT
 * carries is unit-tested in security-form-values.test.ts.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealHostSession, type RealHostSession } from '../../../../test-utils/real-host-session.js';
import {
  loadRecordedGitLab,
  type RecordedGitLab,
  type RecordedGitLabModule,
} from '../../../../test-utils/recorded-gitlab.js';
import { renderWithProviders } from '../../../../test-utils/render.js';
import { routes } from '../../../app/router.js';

const WAIT = { timeout: 15_000 };
const TOKEN = 'glpat-branch-protection-0123';

let session: RealHostSession;
let recorded: RecordedGitLabModule;
const servers: RecordedGitLab[] = [];

async function connect(fixture: string, name: string, settings: unknown) {
  const gitlab = await recorded.startRecordedGitLab(recorded.loadFixture(fixture), {
    token: TOKEN,
    extraAnswers: { '/api/v4/application/settings': { status: 200, body: settings } },
    cors: true,
  });
  servers.push(gitlab);
  const added = await session.bridge.profiles.addRemote({ name, url: gitlab.url, token: TOKEN });
  expect(await session.bridge.profiles.check(added.id)).toMatchObject({ ok: true });
  await session.bridge.profiles.setActive(added.id);
  return gitlab;
}

beforeAll(async () => {
  recorded = await loadRecordedGitLab();
  session = await openRealHostSession();
});

afterAll(async () => {
  await session?.host.close();
  await Promise.all(servers.map((server) => server.close()));
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });
}

async function shownLevel(): Promise<string> {
  const select = (await screen.findByTestId('branch-protection-select', {}, WAIT)) as HTMLInputElement;
  return select.value;
}

describe('Default branch protection on GitLab (real host, recorded GitLab)', () => {
  it('GitLab 18.6: the object form is read (doc/api/settings.md example shape)', async () => {
    await connect('gitlab-18.6-ee', 'Protection 18.6', {
      id: 1,
      default_branch_protection: 2,
      default_branch_protection_defaults: {
        allowed_to_push: [{ access_level: 40 }],
        allowed_to_merge: [{ access_level: 30 }],
        allow_force_push: false,
        developer_can_initial_push: false,
      },
      allow_local_requests_from_web_hooks_and_services: false,
    });
    renderAt('/admin/security');
    await waitFor(async () => expect(await shownLevel()).toBe('Protected against pushes'), WAIT);
    cleanup();
  });

  it('GitLab 13.10: the integer is read', async () => {
    await connect('gitlab-13.10-ee', 'Protection 13.10', {
      id: 1,
      default_branch_protection: 1,
      allow_local_requests_from_web_hooks_and_services: false,
    });
    renderAt('/admin/security');
    await waitFor(async () => expect(await shownLevel()).toBe('Partially protected'), WAIT);
    cleanup();
  });
});
