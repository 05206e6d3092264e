/**
 * The renderer's pure readers of GitLab documents (issue 26), fed the recorded documents that the node
 * contract test (electron/core/test/contract/recorded-gitlab-schemas.test.ts) proves valid against
 * GitLab 18's own response schemas, and every value those schemas or GitLab's docs allow for the fields
 * the screens show:
 * - a user's `state` (user/admin.json enum `active`, `blocked`; doc/api/users.md also lists `ldap_blocked`,
 *   `banned`, `deactivated`, `blocked_pending_approval`) → a badge in words and the actions GitLab allows;
 * - `detailed_merge_status` (doc/api/merge_requests.md "Merge status", 15.6–18.x) → a sentence of its own,
 *   never the catch-all "GitLab reports …" reserved for values GitLab adds later;
 * - a runner's `status` (doc/api/runners.md, 14.8+: online, offline, stale, never_contacted; and `paused`,
 *   see the todo below) and `paused` → a badge;
 * - the pagination headers GitLab sends with a list (doc/api/rest/index.md "Pagination") → a page.
 */
import { describe, expect, it } from 'vitest';
import { recordedMergeRequest } from '../../test-utils/recorded-merge-request.js';
import { RECORDED_RUNNERS } from '../../test-utils/recorded-runners.js';
import { toPage } from '../api/pagination.js';
import type { Runner } from '../api/admin/runners/types.js';
import type { MergeRequestDetail } from '../api/merge-requests/types.js';
import { runnerState } from './admin/runners/runner-status.js';
import { stateActionsFor, stateBadge } from './admin/users/user-state-actions.js';
import { detailedSentence, mergeBlockedReason } from './merge-requests/merge-readiness.js';

/** user/admin.json's `state` enum (spec/fixtures/api/schemas/public_api/v4/user/admin.json, GitLab 18.9). */
const SCHEMA_USER_STATES = ['active', 'blocked'];
/** The other states doc/api/users.md names (filters `blocked`, `banned`, …; "Approve a user", "Ban a user"). */
const DOC_USER_STATES = ['ldap_blocked', 'banned', 'deactivated', 'blocked_pending_approval'];

describe('user state (user/admin.json, doc/api/users.md)', () => {
  it.each([...SCHEMA_USER_STATES, ...DOC_USER_STATES])('%s gets a badge in words', (state) => {
    const badge = stateBadge(state);
    expect(badge.label).not.toBe(state);
    expect(badge.label).toMatch(/^[A-Z]/);
  });

  it('every state the schema allows offers the actions GitLab allows from it', () => {
    expect(stateActionsFor('active')).toEqual(['block', 'ban', 'deactivate']);
    expect(stateActionsFor('blocked')).toEqual(['unblock']);
  });

  it('an LDAP-blocked user is unblocked only through LDAP (lib/api/users.rb: 403 on unblock)', () => {
    expect(stateActionsFor('ldap_blocked')).toEqual([]);
  });
});

/**
 * `detailed_merge_status` values of doc/api/merge_requests.md "Merge status" (18.x), and the earlier names
 * GitLab 15.6–17.x sent (`blocked_status`, `broken_status`, `external_status_checks`, `policies_denied`).
 */
const DETAILED_MERGE_STATUSES = [
  'approvals_syncing',
  'checking',
  'ci_must_pass',
  'ci_still_running',
  'commits_status',
  'conflict',
  'discussions_not_resolved',
  'draft_status',
  'jira_association_missing',
  'locked_lfs_files',
  'locked_paths',
  'merge_request_blocked',
  'merge_time',
  'need_rebase',
  'not_approved',
  'not_open',
  'preparing',
  'requested_changes',
  'security_policy_violations',
  'status_checks_must_pass',
  'title_regex',
  'unchecked',
  'blocked_status',
  'broken_status',
  'external_status_checks',
  'policies_denied',
];

type Readiness = Parameters<typeof mergeBlockedReason>[0];
const asReadiness = (doc: Record<string, unknown>) => doc as unknown as Readiness & MergeRequestDetail;

describe('detailed_merge_status (doc/api/merge_requests.md "Merge status")', () => {
  const mr = asReadiness(recordedMergeRequest(42, 7, { draft: false }));

  it('`mergeable` needs no sentence', () => {
    expect(detailedSentence('mergeable', mr, 0)).toBeNull();
  });

  it.each(DETAILED_MERGE_STATUSES)('%s gets a sentence of its own', (status) => {
    const sentence = detailedSentence(status, mr, 1);
    expect(sentence).toBeTruthy();
    expect(sentence).not.toMatch(/GitLab reports/);
  });

  it('a value GitLab adds later is named as sent', () => {
    expect(detailedSentence('some_new_check', mr, 0)).toContain('some_new_check');
  });

  it('the recorded 18.6 answers decide the Merge button', () => {
    const blocked = asReadiness(
      recordedMergeRequest(42, 7, { draft: false, detailed_merge_status: 'ci_must_pass' }),
    );
    // merge_status says can_be_merged, yet the detailed status blocks (the real-host test's case).
    expect(blocked.merge_status).toBe('can_be_merged');
    expect(mergeBlockedReason(blocked, null, 'detailed')).toBe(
      'A pipeline must succeed first: the project requires it.',
    );
    const mergeable = asReadiness(
      recordedMergeRequest(42, 7, { draft: false, detailed_merge_status: 'mergeable' }),
    );
    expect(mergeBlockedReason(mergeable, null, 'detailed')).toBeNull();
  });

  it('the recorded 13.10 answer (no detailed status, viewer may not merge) reads the legacy fields', () => {
    const legacy = asReadiness(
      recordedMergeRequest(42, 7, { merge_status: 'unchecked', user: { can_merge: false } }),
    );
    expect(mergeBlockedReason(legacy, null, 'legacy')).toBe(
      'You are not allowed to merge into the target branch.',
    );
    // With `detailed` chosen but no detailed_merge_status in the answer, the legacy fields still decide.
    expect(mergeBlockedReason(legacy, null, 'detailed')).toBe(
      'You are not allowed to merge into the target branch.',
    );
  });
});

describe('runner status (doc/api/runners.md)', () => {
  it.each([
    ['online', 'Online'],
    ['offline', 'Offline'],
    ['stale', 'Stale'],
    ['never_contacted', 'Never contacted'],
  ])('%s gets the badge %s', (status, label) => {
    expect(
      runnerState({ paused: false, status: status as Runner['status'], online: status === 'online' }).label,
    ).toBe(label);
  });

  // GitLab's REST `status` is Ci::Runner#deprecated_rest_status until API v5 (app/models/ci/runner.rb;
  // lib/api/entities/ci/runner.rb "TODO Remove in v5", gitlab#375709): stale, never_contacted, else
  // `paused` for a paused runner that has been in contact, online/offline only for an active one.
  it('a paused runner GitLab reports as status "paused" reads its contact from `online`', () => {
    expect(runnerState({ paused: true, status: 'paused', online: true }).label).toBe('Paused');
    expect(runnerState({ paused: true, status: 'paused', online: false }).label).toBe('Paused · offline');
    expect(runnerState({ paused: false, status: 'stale', online: false }).label).toBe('Stale');
  });

  it('the recorded runners read as the screen shows them', () => {
    const labels = RECORDED_RUNNERS.map(
      (runner) => runnerState(runner as unknown as Pick<Runner, 'paused' | 'status' | 'online'>).label,
    );
    expect(labels).toEqual(['Online', 'Paused · offline']);
  });

  it('a list page reads GitLab’s pagination headers', () => {
    const page = toPage({
      status: 200,
      body: RECORDED_RUNNERS,
      headers: {
        'x-page': '1',
        'x-per-page': '100',
        'x-total': '2',
        'x-total-pages': '1',
        'x-next-page': '',
      },
    } as unknown as Parameters<typeof toPage>[0]);
    expect(page).toMatchObject({
      page: 1,
      perPage: 100,
      total: 2,
      totalPages: 1,
      nextPage: null,
      prevPage: null,
    });
    expect(page.items).toHaveLength(2);
  });
});
