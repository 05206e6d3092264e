import { describe, expect, it } from 'vitest';
import {
  EMBEDDED_CAPABILITIES,
  type InstanceCapabilities,
} from '../../../../shared/instance-capabilities.js';
import { ApiError } from '../../api/api-error.js';
import {
  autoMergeOffer,
  autoMergeParameter,
  describeMergeRefusal,
  MERGE_STATUS_MAX_POLLS,
  MERGE_STATUS_POLL_MS,
  mergeBlockedReason,
  mergeStatusPollInterval,
  mergeStatusSource,
} from './merge-readiness.js';

/** A GitLab instance of `version` as the host learns it (an administrator's token, known scopes). */
function gitlab(version: string | null): InstanceCapabilities {
  return {
    kind: 'gitlab',
    detectedAt: '2026-11-28T00:00:00.000Z',
    version,
    revision: 'abc',
    edition: 'ee',
    editionSource: 'version-suffix',
    gitlabCom: false,
    kas: null,
    user: { username: 'root', isAdmin: true },
    token: { scopes: ['api'], expiresAt: null, name: 't', known: true, unknownReason: null },
    adminMode: 'not-applicable',
    notes: [],
  };
}

const VERSIONS = {
  '13.10': gitlab('13.10.0-ee'),
  '15.5': gitlab('15.5.3-ee'),
  '16.11': gitlab('16.11.1-ee'),
  '18.x': gitlab('18.6.0-ee'),
};

const ready = {
  state: 'opened' as const,
  merge_status: 'can_be_merged',
  has_conflicts: false,
  blocking_discussions_resolved: true,
  user: { can_merge: true },
  draft: false,
  target_branch: 'main',
};

describe('which field decides, per GitLab version (capability model)', () => {
  it('detailed_merge_status from 15.6 on and on the embedded core; merge_status before and when unknown', () => {
    expect(mergeStatusSource(VERSIONS['13.10'])).toBe('legacy');
    expect(mergeStatusSource(VERSIONS['15.5'])).toBe('legacy');
    expect(mergeStatusSource(gitlab('15.6.0'))).toBe('detailed');
    expect(mergeStatusSource(VERSIONS['16.11'])).toBe('detailed');
    expect(mergeStatusSource(VERSIONS['18.x'])).toBe('detailed');
    expect(mergeStatusSource(EMBEDDED_CAPABILITIES)).toBe('detailed');
    expect(mergeStatusSource(null)).toBe('legacy');
    expect(mergeStatusSource(gitlab(null))).toBe('legacy');
  });

  it('auto_merge from 17.11 on and on the embedded core; merge_when_pipeline_succeeds before', () => {
    expect(autoMergeParameter(VERSIONS['13.10'])).toBe('merge_when_pipeline_succeeds');
    expect(autoMergeParameter(VERSIONS['15.5'])).toBe('merge_when_pipeline_succeeds');
    expect(autoMergeParameter(VERSIONS['16.11'])).toBe('merge_when_pipeline_succeeds');
    expect(autoMergeParameter(gitlab('17.10.4'))).toBe('merge_when_pipeline_succeeds');
    expect(autoMergeParameter(gitlab('17.11.0'))).toBe('auto_merge');
    expect(autoMergeParameter(VERSIONS['18.x'])).toBe('auto_merge');
    expect(autoMergeParameter(EMBEDDED_CAPABILITIES)).toBe('auto_merge');
    expect(autoMergeParameter(null)).toBe('merge_when_pipeline_succeeds');
  });
});

describe('mergeBlockedReason with merge_status (13.10, 15.5)', () => {
  for (const version of ['13.10', '15.5'] as const) {
    const source = mergeStatusSource(VERSIONS[version]);
    it(`${version}: allows a clean request and names each blocker in the widget's order`, () => {
      expect(mergeBlockedReason(ready, { approvals_left: 0 }, source)).toBeNull();
      expect(mergeBlockedReason(ready, null, source)).toBeNull();
      expect(mergeBlockedReason({ ...ready, state: 'merged' }, null, source)).toMatch(/Already merged/);
      expect(mergeBlockedReason({ ...ready, state: 'closed' }, null, source)).toMatch(/Only open/);
      expect(mergeBlockedReason({ ...ready, user: { can_merge: false } }, null, source)).toMatch(
        /not allowed/,
      );
      expect(mergeBlockedReason({ ...ready, draft: true }, null, source)).toMatch(/draft/);
      expect(mergeBlockedReason({ ...ready, draft: true, has_conflicts: true }, null, source)).toMatch(
        /draft/,
      );
      expect(mergeBlockedReason({ ...ready, merge_status: 'cannot_be_merged' }, null, source)).toMatch(
        /conflicts/,
      );
      expect(mergeBlockedReason(ready, { approvals_left: 2 }, source)).toBe('It needs 2 more approvals.');
      expect(mergeBlockedReason({ ...ready, merge_status: 'checking' }, null, source)).toMatch(/Checking/);
      expect(mergeBlockedReason({ ...ready, blocking_discussions_resolved: false }, null, source)).toMatch(
        /threads/,
      );
    });
    it(`${version}: a detailed_merge_status the instance does not have is not read`, () => {
      // A value that would block under the detailed reading is ignored before 15.6.
      expect(
        mergeBlockedReason({ ...ready, detailed_merge_status: 'ci_must_pass' }, null, source),
      ).toBeNull();
    });
  }
});

describe('mergeBlockedReason with detailed_merge_status (16.11, 18.x)', () => {
  for (const version of ['16.11', '18.x'] as const) {
    const source = mergeStatusSource(VERSIONS[version]);
    it(`${version}: the status decides, including what merge_status can't tell`, () => {
      const d = (status: string, extra = {}) =>
        mergeBlockedReason({ ...ready, detailed_merge_status: status, ...extra }, null, source);
      expect(d('mergeable')).toBeNull();
      // merge_status says can_be_merged; GitLab 15.6+ knows better.
      expect(d('ci_must_pass')).toMatch(/pipeline must succeed/);
      expect(d('ci_still_running')).toMatch(/still running/);
      expect(d('need_rebase')).toMatch(/rebased onto main/);
      expect(d('requested_changes')).toMatch(/requested changes/);
      expect(d('blocked_status')).toMatch(/blocked by another merge request/);
      expect(d('merge_request_blocked')).toMatch(/blocked by another merge request/);
      expect(d('draft_status')).toMatch(/draft/);
      expect(d('conflict')).toMatch(/conflicts/);
      expect(d('broken_status')).toMatch(/conflicts, no commits, or its source branch is gone/);
      expect(d('discussions_not_resolved')).toMatch(/threads/);
      expect(d('not_approved')).toBe('It needs approval first.');
      expect(
        mergeBlockedReason(
          { ...ready, detailed_merge_status: 'not_approved' },
          { approvals_left: 1 },
          source,
        ),
      ).toBe('It needs 1 more approval.');
      expect(d('checking')).toMatch(/Checking/);
      expect(d('not_open', { state: 'merged' })).toBe('Already merged.');
      expect(d('some_future_check')).toBe('GitLab reports “some_future_check”: it can’t be merged yet.');
      // Permission and a running rebase come before the status.
      expect(d('mergeable', { user: { can_merge: false } })).toMatch(/not allowed/);
      expect(d('mergeable', { rebase_in_progress: true })).toMatch(/rebase is in progress/);
    });
    it(`${version}: an answer without detailed_merge_status falls back to merge_status`, () => {
      expect(mergeBlockedReason({ ...ready, merge_status: 'cannot_be_merged' }, null, source)).toMatch(
        /conflicts/,
      );
    });
  }
});

describe('autoMergeOffer', () => {
  const running = { ...ready, head_pipeline: { status: 'running' } };
  it('18.x: offers auto_merge while the pipeline runs (ci_still_running, or mergeable when not required)', () => {
    const caps = VERSIONS['18.x'];
    const args = [null, mergeStatusSource(caps), autoMergeParameter(caps)] as const;
    expect(autoMergeOffer({ ...running, detailed_merge_status: 'ci_still_running' }, ...args)).toEqual({
      kind: 'set',
      parameter: 'auto_merge',
    });
    expect(autoMergeOffer({ ...running, detailed_merge_status: 'mergeable' }, ...args).kind).toBe('set');
    expect(autoMergeOffer({ ...running, detailed_merge_status: 'draft_status' }, ...args).kind).toBe('none');
    expect(autoMergeOffer({ ...ready, detailed_merge_status: 'mergeable' }, ...args).kind).toBe('none');
    expect(
      autoMergeOffer(
        { ...running, detailed_merge_status: 'mergeable', merge_when_pipeline_succeeds: true },
        ...args,
      ),
    ).toEqual({ kind: 'cancel' });
  });
  it('16.11: merge_when_pipeline_succeeds; 13.10: the same from merge_status', () => {
    const c16 = VERSIONS['16.11'];
    expect(
      autoMergeOffer(
        { ...running, detailed_merge_status: 'ci_still_running' },
        null,
        mergeStatusSource(c16),
        autoMergeParameter(c16),
      ),
    ).toEqual({ kind: 'set', parameter: 'merge_when_pipeline_succeeds' });
    const c13 = VERSIONS['13.10'];
    const args = [null, mergeStatusSource(c13), autoMergeParameter(c13)] as const;
    expect(autoMergeOffer(running, ...args)).toEqual({
      kind: 'set',
      parameter: 'merge_when_pipeline_succeeds',
    });
    expect(autoMergeOffer({ ...running, draft: true }, ...args).kind).toBe('none');
    expect(autoMergeOffer({ ...running, head_pipeline: { status: 'failed' } }, ...args).kind).toBe('none');
    expect(autoMergeOffer({ ...running, user: { can_merge: false } }, ...args).kind).toBe('none');
    expect(autoMergeOffer({ ...running, merge_when_pipeline_succeeds: true }, ...args)).toEqual({
      kind: 'cancel',
    });
    expect(
      autoMergeOffer({ ...running, merge_when_pipeline_succeeds: true, user: { can_merge: false } }, ...args)
        .kind,
    ).toBe('none');
  });
});

describe('mergeStatusPollInterval', () => {
  it('polls a pending status, and stops on a final one (each version by its own field)', () => {
    for (const version of ['13.10', '15.5'] as const) {
      const source = mergeStatusSource(VERSIONS[version]);
      expect(mergeStatusPollInterval({ ...ready, merge_status: 'unchecked' }, source, 1)).toBe(
        MERGE_STATUS_POLL_MS,
      );
      expect(mergeStatusPollInterval({ ...ready, merge_status: 'can_be_merged' }, source, 1)).toBe(false);
      expect(mergeStatusPollInterval({ ...ready, merge_status: 'cannot_be_merged' }, source, 1)).toBe(false);
    }
    for (const version of ['16.11', '18.x'] as const) {
      const source = mergeStatusSource(VERSIONS[version]);
      const at = (status: string) =>
        mergeStatusPollInterval(
          { ...ready, merge_status: 'unchecked', detailed_merge_status: status },
          source,
          1,
        );
      expect(at('checking')).toBe(MERGE_STATUS_POLL_MS);
      expect(at('unchecked')).toBe(MERGE_STATUS_POLL_MS);
      expect(at('preparing')).toBe(MERGE_STATUS_POLL_MS);
      // merge_status still says unchecked, but the detailed status is final: nothing will change by itself.
      expect(at('discussions_not_resolved')).toBe(false);
      expect(at('ci_must_pass')).toBe(false);
      expect(at('mergeable')).toBe(false);
    }
  });

  it('stops for a viewer without merge rights (15.11+ never rechecks for them) and for closed requests', () => {
    const viewer = { ...ready, merge_status: 'unchecked', user: { can_merge: false } };
    for (const caps of Object.values(VERSIONS)) {
      expect(mergeStatusPollInterval(viewer, mergeStatusSource(caps), 1)).toBe(false);
      expect(
        mergeStatusPollInterval(
          { ...ready, state: 'closed', merge_status: 'unchecked' },
          mergeStatusSource(caps),
          1,
        ),
      ).toBe(false);
    }
  });

  it('a status stuck unchecked is read at most MERGE_STATUS_MAX_POLLS times', () => {
    const stuck = { ...ready, merge_status: 'unchecked' };
    expect(mergeStatusPollInterval(stuck, 'legacy', MERGE_STATUS_MAX_POLLS - 1)).toBe(MERGE_STATUS_POLL_MS);
    expect(mergeStatusPollInterval(stuck, 'legacy', MERGE_STATUS_MAX_POLLS)).toBe(false);
  });

  it('a running rebase is polled until it ends, even for a viewer', () => {
    expect(
      mergeStatusPollInterval(
        { ...ready, rebase_in_progress: true, user: { can_merge: false } },
        'detailed',
        500,
      ),
    ).toBe(MERGE_STATUS_POLL_MS);
    expect(mergeStatusPollInterval(undefined, 'detailed', 0)).toBe(false);
  });
});

describe('describeMergeRefusal', () => {
  const mr = { target_branch: 'main' };
  it('GitLab 405/406/409/422/401 bodies become sentences, never "HTTP status 405"', () => {
    const bare405 = describeMergeRefusal(new ApiError(405, { message: '405 Method Not Allowed' }), mr);
    expect(bare405).toMatch(
      /^GitLab refused the merge: the merge request can’t be merged in its current state/,
    );
    expect(bare405).not.toMatch(/HTTP status/);
    expect(describeMergeRefusal(new ApiError(405, { message: '405 Method Not Allowed' }), mr, true)).toMatch(
      /refused to set auto-merge.*no running or successful pipeline/,
    );
    expect(describeMergeRefusal(new ApiError(422, { message: 'Branch cannot be merged' }), mr)).toMatch(
      /can’t be merged into main because of conflicts/,
    );
    expect(describeMergeRefusal(new ApiError(406, { message: 'Branch cannot be merged' }), mr)).toMatch(
      /because of conflicts/,
    );
    expect(
      describeMergeRefusal(
        new ApiError(409, {
          message: 'SHA does not match HEAD of source branch: 0123456789abcdef0123456789abcdef01234567',
        }),
        mr,
      ),
    ).toBe(
      'GitLab refused the merge: the source branch changed since this page was loaded (its head is now 01234567). Review the new commits, then merge again.',
    );
    expect(describeMergeRefusal(new ApiError(401, { message: '401 Unauthorized' }), mr)).toMatch(
      /not allowed to merge/,
    );
    // A message of GitLab's own is kept.
    expect(describeMergeRefusal(new ApiError(422, { message: 'Merge request is blocked' }), mr)).toBe(
      'GitLab refused the merge: Merge request is blocked.',
    );
    expect(describeMergeRefusal(new ApiError(405, { message: 'Not all pipelines succeeded' }), mr)).toBe(
      'GitLab refused the merge: Not all pipelines succeeded.',
    );
  });
});
