/**
 * The slow-down notice against the real browser host (issue 27): a stand-in GitLab answers 429 with
 * `Retry-After: 2` to a burst of requests of a remote profile; the host's limiter waits it out and the
 * page shows one calm notice for that instance, never for another, and removes it when the pause ends.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutpostBridge } from '../../../shared/ipc-contract.js';
import { openRealHostSession, type RealHostSession } from '../../test-utils/real-host-session.js';
import { startThrottlingGitLab, type ThrottlingGitLab } from '../../test-utils/real-host.js';
import { renderWithProviders } from '../../test-utils/render.js';
import { SlowDownNotice } from './slow-down-notice.js';

const TOKEN = 'glpat-slow-down-renderer-test';
let session: RealHostSession;
let bridge: OutpostBridge;
let gitlab: ThrottlingGitLab;

beforeAll(async () => {
  session = await openRealHostSession();
  ({ bridge } = session);
  // The first 3 project reads get GitLab's throttle answer (429 + Retry-After: 2); everything else 200.
  gitlab = await startThrottlingGitLab(3, 2);
}, 60_000);

afterAll(async () => {
  await gitlab?.close();
  await session?.host.close();
});

const NOTICE = /^GitLab asked Outpost to slow down; retrying in [12] s\.$/;

describe('SlowDownNotice on the real browser host', () => {
  it('shows one calm notice for the throttled instance while the pause runs, then removes it', async () => {
    const remote = await bridge.profiles.addRemote({ name: 'busy', url: gitlab.url, token: TOKEN });
    // Every notice element that ever enters the page, so a flicker or a second notice would count.
    const appeared = new Set<Element>();
    const observer = new MutationObserver(() => {
      document.querySelectorAll('[data-testid="slow-down-notice"]').forEach((n) => appeared.add(n));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderWithProviders(
      <>
        <div data-testid="busy">
          <SlowDownNotice profileId={remote.id} />
        </div>
        <div data-testid="embedded">
          <SlowDownNotice profileId={session.profileId} />
        </div>
      </>,
      { bridge },
    );

    const burst = Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        bridge.api.request({ profileId: remote.id, method: 'GET', path: `/projects/${i + 1}` }),
      ),
    );
    const notice = await screen.findByRole('status', {}, { timeout: 10_000 });
    expect(notice.textContent).toMatch(NOTICE);
    expect(screen.getByTestId('busy').contains(notice)).toBe(true);
    expect(screen.getByTestId('embedded').textContent).toBe('');
    // Not an error: a status (polite), no alert role.
    expect(screen.queryByRole('alert')).toBeNull();

    // The requests were queued, not failed, and the notice goes away once the pause is over.
    expect((await burst).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(gitlab.refused()).toBe(3);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), { timeout: 5_000 });
    observer.disconnect();
    expect(appeared.size).toBe(1);
  }, 30_000);
});
