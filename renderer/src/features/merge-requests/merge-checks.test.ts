import { describe, expect, it } from 'vitest';
import type { Discussion } from '../../api/merge-requests/types.js';
import { mergeChecks, unresolvedThreadCount } from './merge-checks.js';

const clean = {
  merge_status: 'can_be_merged',
  has_conflicts: false,
  blocking_discussions_resolved: true,
  head_pipeline: { id: 9, status: 'success' },
  target_branch: 'main',
  draft: false,
};

const thread = (resolved: boolean | undefined, resolvable = true): Discussion => ({
  id: Math.random().toString(36),
  individual_note: false,
  notes: [
    {
      id: 1,
      type: 'DiscussionNote',
      body: 'x',
      author: { id: 1, username: 'a', name: 'A' },
      created_at: '2026-11-24T00:00:00Z',
      system: false,
      resolvable,
      resolved,
    },
  ],
});

const byId = (checks: ReturnType<typeof mergeChecks>) => Object.fromEntries(checks.map((c) => [c.id, c]));

describe('mergeChecks', () => {
  it('passes every check of a clean, approved merge request, in GitLab’s order', () => {
    const checks = mergeChecks(
      clean,
      { approvals_left: 0, approved_by: [{ user: { id: 2, username: 'b', name: 'Bo' } }] },
      [],
    );
    expect(checks.map((check) => check.id)).toEqual([
      'draft',
      'conflicts',
      'threads',
      'approvals',
      'pipeline',
    ]);
    expect(checks.every((check) => check.status === 'passed' && check.action === null)).toBe(true);
    expect(byId(checks).approvals!.detail).toBe('Approved by Bo.');
  });

  it('fails the draft, conflicts, threads and approvals checks with what to do', () => {
    const checks = byId(
      mergeChecks(
        { ...clean, draft: true, has_conflicts: true, blocking_discussions_resolved: false },
        { approvals_left: 2, approved_by: [] },
        [thread(false), thread(true), thread(undefined, false)],
      ),
    );
    expect(checks.draft!.status).toBe('failed');
    expect(checks.draft!.action).toMatch(/Mark as ready/);
    expect(checks.conflicts!.status).toBe('failed');
    expect(checks.conflicts!.action).toMatch(/Rebase/);
    expect(checks.threads!.detail).toBe('1 unresolved thread.');
    expect(checks.threads!.action).toMatch(/Resolve/);
    expect(checks.approvals!.detail).toBe('2 more approvals required.');
  });

  it('says what is still running and what only informs', () => {
    const checks = byId(
      mergeChecks(
        { ...clean, merge_status: 'checking', head_pipeline: { id: 3, status: 'running' } },
        null,
        [],
      ),
    );
    expect(checks.conflicts!.status).toBe('pending');
    expect(checks.pipeline!.status).toBe('pending');
    expect(checks.approvals!.status).toBe('info');
    const failed = byId(mergeChecks({ ...clean, head_pipeline: { id: 4, status: 'failed' } }, undefined, []));
    expect(failed.pipeline!).toMatchObject({ status: 'info', detail: 'Pipeline #4 failed.' });
    expect(failed.approvals!.status).toBe('pending');
    expect(byId(mergeChecks({ ...clean, head_pipeline: null }, null, [])).pipeline!.detail).toMatch(
      /No pipeline/,
    );
  });

  it('counts only resolvable threads that are not resolved', () => {
    expect(
      unresolvedThreadCount([thread(false), thread(true), thread(undefined, false), thread(undefined)]),
    ).toBe(2);
  });
});

describe('mergeChecks with detailed_merge_status (GitLab 15.6+)', () => {
  const sentence = (status: string) => `sentence for ${status}`;
  it('ci_must_pass fails the pipeline check (16.11, 18.x); before 15.6 the field is not read', () => {
    const failed = {
      ...clean,
      head_pipeline: { id: 9, status: 'failed' },
      detailed_merge_status: 'ci_must_pass',
    };
    expect(byId(mergeChecks(failed, null, [], 'detailed', sentence)).pipeline!.status).toBe('failed');
    expect(byId(mergeChecks(failed, null, [], 'legacy', sentence)).pipeline!.status).toBe('info');
    const none = { ...clean, head_pipeline: null, detailed_merge_status: 'ci_must_pass' };
    const check = byId(mergeChecks(none, null, [], 'detailed', sentence)).pipeline!;
    expect(check.status).toBe('failed');
    expect(check.detail).toMatch(/requires a successful pipeline/);
  });
  it('a status no line covers adds a failed GitLab line; covered ones do not', () => {
    const rebase = mergeChecks(
      { ...clean, detailed_merge_status: 'need_rebase' },
      null,
      [],
      'detailed',
      sentence,
    );
    expect(byId(rebase).status).toMatchObject({ status: 'failed', detail: 'sentence for need_rebase' });
    for (const covered of ['mergeable', 'draft_status', 'conflict', 'discussions_not_resolved', 'checking']) {
      const checks = mergeChecks(
        { ...clean, detailed_merge_status: covered },
        null,
        [],
        'detailed',
        sentence,
      );
      expect(byId(checks).status).toBeUndefined();
    }
    expect(
      byId(mergeChecks({ ...clean, detailed_merge_status: 'need_rebase' }, null, [], 'legacy', sentence))
        .status,
    ).toBeUndefined();
  });
});
