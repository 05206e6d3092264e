/**
 * Admin → Audit events on GitLab profiles (issues 26 and 27), end to end through the real browser host
 * against stand-in GitLabs (real HTTP servers on loopback answering from the recorded, doc-cited
 * fixtures of electron/host/capabilities/fixtures, plus the audit event pages below):
 * - GitLab 18.6 EE pages by keyset (`pagination=keyset&order_by=id&sort=desc`, doc/api/audit_events.md
 *   "Support for keyset pagination introduced in GitLab 15.11"; doc/api/rest/index.md "Keyset-based
 *   pagination": no X-Total, `Link: <…cursor=…>; rel="next"`). The screen says the count is unavailable,
 *   draws its chart from the events read (at most 3 pages, saying so) and sends no per-day count.
 * - GitLab 13.10 EE (before 15.11) pages by offset (`page`/`per_page`, doc/api/rest/index.md
 *   "Offset-based pagination": X-Total, X-Total-Pages, Link rel="next") and uses its X-Total.
 * - GitLab 18.6 CE: instance audit events are Premium (doc/api/audit_events.md "Tier: Premium,
 *   Ultimate"): the screen explains it and sends no audit request, not even after a while.
 */
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../../shared/audit-events.js';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import {
  loadRecordedGitLab,
  type RecordedAnswer,
  type RecordedGitLab,
} from '../../../test-utils/recorded-gitlab.js';
import { recordedAuditEvent } from '../../../test-utils/recorded-audit-events.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { CHART_MAX_PAGES } from '../../api/audit-events/queries.js';
import { createQueryClient } from '../../app/query-client.js';
import { LIST_SCREEN_BUDGET } from '../../app/request-budgets.js';
import { routes } from '../../app/router.js';

const WAIT = { timeout: 20_000 };
/** After the screen painted, how long late requests (chart pages, polls) may still start, ms. */
const SETTLE_MS = 2_500;
const TOKEN = 'glpat-audit-events-real-host-0123';
const LIST = '/api/v4/audit_events';
const BASE = 'https://gitlab.example.com/api/v4/audit_events';
/** Paths the host reads when it connects and checks the instance (not the screen's requests). */
const HOST_CHECKS = new Set([
  '/api/v4/version',
  '/api/v4/metadata',
  '/api/v4/user',
  '/api/v4/personal_access_tokens/self',
]);

const auditEvent = recordedAuditEvent;

/** `count` events, newest first, ids from `topId` down, one every `stepMinutes` back from now. */
function eventsBackFromNow(count: number, topId: number, stepMinutes: number): AuditEvent[] {
  const now = Date.now() - 60_000;
  return Array.from({ length: count }, (_, i) =>
    auditEvent(topId - i, new Date(now - i * stepMinutes * 60_000)),
  );
}

/** GitLab's keyset cursor: Base64 of `{"id":"<last id>","_kd":"n"}` (Gitlab::Pagination::Keyset). */
const cursorAfter = (id: number) =>
  Buffer.from(JSON.stringify({ id: String(id), _kd: 'n' })).toString('base64');

/**
 * Keyset pages of 100 as GitLab 18.6 answers them: no X-Total/X-Total-Pages, `Link` rel="next" carrying
 * the cursor and the paging parameters (GitLab's links also carry `page=1`; the time filter GitLab would
 * repeat there is left out, as these answers are recorded before the screen picks its range and the
 * stand-in ignores it). The last page given still links on: the list goes on past what the screen may
 * read.
 */
function keysetPages(events: AuditEvent[]): Record<string, RecordedAnswer> {
  const answers: Record<string, RecordedAnswer> = {};
  for (let start = 0; start < events.length; start += 100) {
    const page = events.slice(start, start + 100);
    const next = encodeURIComponent(cursorAfter(page[page.length - 1]!.id));
    // The stand-in matches the cursor as decoded from the request's query.
    const key = start === 0 ? LIST : `${LIST}?cursor=${cursorAfter(events[start - 1]!.id)}`;
    answers[key] = {
      status: 200,
      body: page,
      headers: {
        link: `<${BASE}?cursor=${next}&order_by=id&page=1&pagination=keyset&per_page=100&sort=desc>; rel="next"`,
      },
    };
  }
  return answers;
}

/** Offset pages of 100 as GitLab 13.10 answers them, of a list of `total` events (X-Total and Link). */
function offsetPages(events: AuditEvent[], total: number): Record<string, RecordedAnswer> {
  const answers: Record<string, RecordedAnswer> = {};
  const totalPages = Math.ceil(total / 100);
  for (let n = 1; n * 100 <= events.length; n += 1) {
    const link = (p: number, rel: string) => `<${BASE}?page=${p}&per_page=100>; rel="${rel}"`;
    const links = [n < totalPages ? link(n + 1, 'next') : null, link(1, 'first'), link(totalPages, 'last')];
    answers[n === 1 ? LIST : `${LIST}?page=${n}`] = {
      status: 200,
      body: events.slice((n - 1) * 100, n * 100),
      headers: {
        'x-total': String(total),
        'x-total-pages': String(totalPages),
        'x-page': String(n),
        'x-per-page': '100',
        'x-next-page': n < totalPages ? String(n + 1) : '',
        link: links.filter(Boolean).join(', '),
      },
    };
  }
  return answers;
}

let session: RealHostSession;
const gitlabs: RecordedGitLab[] = [];
const profiles: Record<'ee18' | 'ee13' | 'ce18', { id: string; gitlab: RecordedGitLab }> = {} as never;

async function addInstance(
  key: keyof typeof profiles,
  fixture: string,
  name: string,
  extraAnswers: Record<string, RecordedAnswer>,
  version: string,
) {
  const recorded = await loadRecordedGitLab();
  const gitlab = await recorded.startRecordedGitLab(recorded.loadFixture(fixture), {
    token: TOKEN,
    extraAnswers,
    cors: true, // the host runs inside happy-dom here, whose fetch enforces CORS (see recorded-gitlab.ts)
  });
  gitlabs.push(gitlab);
  const added = await session.bridge.profiles.addRemote({ name, url: gitlab.url, token: TOKEN });
  expect(await session.bridge.profiles.check(added.id)).toMatchObject({ ok: true, version });
  profiles[key] = { id: added.id, gitlab };
}

beforeAll(async () => {
  session = await openRealHostSession();
  await addInstance(
    'ee18',
    'gitlab-18.6-ee',
    'GitLab 18',
    keysetPages(eventsBackFromNow(300, 9000, 20)),
    '18.6.0-ee',
  );
  await addInstance(
    'ee13',
    'gitlab-13.10-ee',
    'GitLab 13',
    offsetPages(eventsBackFromNow(300, 5000, 30), 1250),
    '13.10.0-ee',
  );
  await addInstance('ce18', 'gitlab-18.6-ce', 'GitLab CE', {}, '18.6.1');
});

afterAll(async () => {
  await session?.host.close();
  for (const gitlab of gitlabs) await gitlab.close();
});

async function openAuditEvents(key: keyof typeof profiles): Promise<RecordedGitLab> {
  const { id, gitlab } = profiles[key];
  await session.bridge.profiles.setActive(id);
  gitlab.seen.length = 0;
  const router = createMemoryRouter(routes, { initialEntries: ['/admin/audit-events'] });
  renderWithProviders(<RouterProvider router={router} />, {
    bridge: session.bridge,
    withRouter: false,
    queryClient: createQueryClient(),
  });
  return gitlab;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
const auditRequests = (gitlab: RecordedGitLab) => gitlab.seen.filter((r) => r.path.startsWith(LIST));
const screenRequests = (gitlab: RecordedGitLab) => gitlab.seen.filter((r) => !HOST_CHECKS.has(r.path));

describe('Audit events on GitLab profiles (real host, recorded GitLab)', () => {
  it('18.6 EE: keyset pages, "count unavailable", a chart of the latest events read, within the budget', async () => {
    const gitlab = await openAuditEvents('ee18');
    const coverage = await screen.findByText(/^Chart covers the latest 300 events/, {}, WAIT);
    // 300 events 20 minutes apart reach back about 4 of the 7 days: the days before are named, not drawn.
    expect(coverage.textContent).toMatch(
      /older events in the last 7 days were not read \(\d days left empty\)/,
    );
    await waitFor(() => expect(screen.getByText(/^Count unavailable/)).toBeTruthy(), WAIT);
    expect(screen.getByText(/^Count unavailable/).textContent).toBe(
      'Count unavailable (GitLab does not count keyset pages) · 300+ read so far in the last 7 days on GitLab 18',
    );
    expect(screen.getByTestId('audit-events-chart').textContent).toContain('latest 300 read');
    expect(document.body.textContent).not.toMatch(/10,000/);
    await settle();

    const audit = auditRequests(gitlab);
    expect(audit).toHaveLength(CHART_MAX_PAGES);
    const first = new URLSearchParams(audit[0]!.query);
    expect(Object.fromEntries(first)).toMatchObject({
      pagination: 'keyset',
      order_by: 'id',
      sort: 'desc',
      per_page: '100',
    });
    expect(first.get('created_after')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(first.has('page')).toBe(false);
    // Pages 2 and 3 are the Link rel="next" URLs as GitLab wrote them, cursor and all; no count request.
    expect(audit.slice(1).map((r) => new URLSearchParams(r.query).get('cursor'))).toEqual([
      cursorAfter(8901),
      cursorAfter(8801),
    ]);
    expect(audit.every((r) => new URLSearchParams(r.query).get('per_page') === '100')).toBe(true);
    expect(screenRequests(gitlab).length).toBeLessThanOrEqual(LIST_SCREEN_BUDGET);
  });

  it('13.10 EE: offset pages (no keyset before 15.11) and the instance’s X-Total', async () => {
    const gitlab = await openAuditEvents('ee13');
    const coverage = await screen.findByText(/^Chart covers the latest 300 events of 1,250/, {}, WAIT);
    expect(coverage).toBeTruthy();
    await waitFor(
      () => expect(screen.getByText('1,250 events in the last 7 days on GitLab 13')).toBeTruthy(),
      WAIT,
    );
    await settle();
    const audit = auditRequests(gitlab);
    expect(audit).toHaveLength(CHART_MAX_PAGES);
    const queries = audit.map((r) => Object.fromEntries(new URLSearchParams(r.query)));
    expect(queries[0]).toMatchObject({ page: '1', per_page: '100' });
    expect(queries.every((q) => q.pagination === undefined && q.cursor === undefined)).toBe(true);
    expect(queries.slice(1).map((q) => q.page)).toEqual(['2', '3']);
    expect(screenRequests(gitlab).length).toBeLessThanOrEqual(LIST_SCREEN_BUDGET);
  });

  it('18.6 CE: audit events need Premium; no audit request is sent, not even after a while', async () => {
    const gitlab = await openAuditEvents('ce18');
    const state = await screen.findByTestId('audit-events-unavailable', {}, WAIT);
    expect(state.textContent).toContain('Audit events are not available on GitLab 18.6');
    expect(state.textContent).toContain('Premium');
    expect(state.textContent).toContain('Community Edition');
    await settle();
    expect(auditRequests(gitlab)).toEqual([]);
  });
});
