/**
 * The token notice against the real browser host (issue 27): a remote profile pointing at a stand-in
 * GitLab 18.6 EE whose `GET /personal_access_tokens/self` (doc/api/personal_access_tokens.md, 15.5+)
 * says the token expires in 3 days shows a warning with "Replace token"; once the instance answers 401
 * to a read (doc/api/rest/troubleshooting.md: "401 Unauthorized" for an expired or revoked token), the
 * notice says the token is refused; the embedded instance never shows one. The OS notification is asked
 * for once per day.
 */
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationInput, OutpostBridge, ProfileSummary } from '../../../shared/ipc-contract.js';
import { openRealHostSession, type RealHostSession } from '../../test-utils/real-host-session.js';
import { loadRecordedGitLab, type RecordedGitLab } from '../../test-utils/recorded-gitlab.js';
import { renderWithProviders } from '../../test-utils/render.js';
import { apiJson } from '../api/client.js';
import { profileKeys } from '../api/profiles/keys.js';
import { TokenNotice } from './token-notice.js';
import { notifiedKey } from './token-notice-state.js';

const WAIT = { timeout: 15_000 };
const TOKEN = 'glpat-token-notice-test-0123456';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let session: RealHostSession;
let gitlab: RecordedGitLab;
let remote: ProfileSummary;
const notified: NotificationInput[] = [];
let bridge: OutpostBridge;

beforeAll(async () => {
  const recorded = await loadRecordedGitLab();
  const fixture = recorded.loadFixture('gitlab-18.6-ee') as { answers: Record<string, { body: object }> };
  const self = fixture.answers['/api/v4/personal_access_tokens/self']?.body;
  gitlab = await recorded.startRecordedGitLab(fixture, {
    token: TOKEN,
    extraAnswers: {
      '/api/v4/personal_access_tokens/self': { status: 200, body: { ...self, expires_at: inDays(3) } },
      '/api/v4/projects/7': { status: 200, body: { id: 7, name: 'Checkout' } },
    },
    cors: true,
  });
  session = await openRealHostSession();
  // The host's bridge, with notify:show recorded (the browser host has no OS notifications).
  bridge = {
    ...session.bridge,
    notify: {
      show: async (input: NotificationInput) => {
        notified.push(input);
        return { shown: false };
      },
    },
  };
  const added = await session.bridge.profiles.addRemote({
    name: 'Shop GitLab',
    url: gitlab.url,
    token: TOKEN,
  });
  // As the Add instance dialog does: add, then check (the host waits for the capability detection).
  await session.bridge.profiles.check(added.id);
  const list = await session.bridge.profiles.list();
  remote = list.find((profile) => profile.name === 'Shop GitLab') as ProfileSummary;
  expect(remote.capabilities?.token.expiresAt).toBe(inDays(3));
});

afterAll(async () => {
  await session?.host.close();
  await gitlab?.close();
});

beforeEach(() => {
  notified.length = 0;
  window.localStorage.clear();
});

/** A screen's read of project 7 on `profileId`, keyed as every screen's reads are. */
function ProjectRead({ profileId }: { profileId: string }) {
  const project = useQuery({
    queryKey: [...profileKeys.scope(profileId), 'projects', 'detail', 7],
    queryFn: () => apiJson<{ name: string }>({ profileId, method: 'GET', path: '/projects/7' }),
  });
  return <p>{project.isError ? 'read failed' : (project.data?.name ?? 'loading')}</p>;
}

describe('TokenNotice on the real browser host', () => {
  it('warns 3 days before the expiry, with Replace token opening the Edit dialog, and notifies once a day', async () => {
    const first = renderWithProviders(<TokenNotice profile={remote} />, { bridge });
    const notice = await screen.findByTestId('token-notice');
    expect(notice.textContent).toContain(`expires in 3 days (${inDays(3)})`);
    expect(notice.getAttribute('role')).toBe('status');
    await waitFor(() => expect(notified).toHaveLength(1));
    expect(notified[0]?.body).toContain('expires in 3 days');
    expect(window.localStorage.getItem(notifiedKey(remote.id))).toBe(new Date().toISOString().slice(0, 10));

    fireEvent.click(screen.getByRole('button', { name: 'Replace token' }));
    expect(await screen.findByLabelText(/New personal access token/)).toBeTruthy();
    first.unmount();

    // Shown again the same day: the notice, but no second OS notification.
    renderWithProviders(<TokenNotice profile={remote} />, { bridge });
    await screen.findByTestId('token-notice');
    expect(notified).toHaveLength(1);
  });

  it('says the token is refused once a read of that instance answers 401', async () => {
    gitlab.setAnswer('/api/v4/projects/7', { status: 401, body: { message: '401 Unauthorized' } });
    try {
      renderWithProviders(
        <>
          <TokenNotice profile={remote} />
          <ProjectRead profileId={remote.id} />
        </>,
        { bridge },
      );
      await screen.findByText('read failed', {}, WAIT);
      await waitFor(() =>
        expect(screen.getByTestId('token-notice').textContent).toContain(
          'no longer accepts the stored access token',
        ),
      );
      expect(screen.getByTestId('token-notice').getAttribute('role')).toBe('alert');
    } finally {
      gitlab.setAnswer('/api/v4/projects/7', null);
    }
  });

  it('shows nothing for the embedded instance, even when one of its reads answers 401', async () => {
    const embedded = (await session.bridge.profiles.list()).find(
      (p) => p.kind === 'embedded',
    ) as ProfileSummary;
    renderWithProviders(<TokenNotice profile={embedded} />, { bridge });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('token-notice')).toBeNull();
    expect(notified).toHaveLength(0);
  });
});
