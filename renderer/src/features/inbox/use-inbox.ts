import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import { ApiError } from '../../api/api-error.js';
import { describeError } from '../../api/describe-error.js';
import { mergeInbox } from '../../api/inbox/merge-inbox.js';
import { planInboxReads, type InboxPlan } from '../../api/inbox/plan.js';
import { inboxQueries } from '../../api/inbox/queries.js';
import type { InboxItem, InboxMergeRequest, InstanceInboxAnswers } from '../../api/inbox/types.js';
import { profileQueries } from '../../api/profiles/queries.js';

/** What the Inbox knows of one instance after its last round. */
export interface InstanceInboxState {
  profile: ProfileSummary;
  plan: InboxPlan;
  /** Pending to-dos (`X-Total`, else the count listed), null before the first answer or after a failure. */
  pendingTodos: number | null;
  reviewCount: number | null;
  assignedCount: number | null;
  /** True while its first round is running. */
  loading: boolean;
  /** One calm sentence when the instance could not be read (unreachable, refused), else null. */
  problem: string | null;
  /** Sentences about what is not listed there and why (no reviewer filter before 13.8…). */
  notes: string[];
  /** True when every list it reads has answered at least once. */
  loaded: boolean;
  isFetching: boolean;
}

function refusal(label: string, error: unknown): string | null {
  if (error instanceof ApiError && (error.status === 403 || error.status === 404))
    return `${label} answered ${error.status}; not asked again.`;
  return null;
}

/**
 * Every instance's Inbox lists (to-dos, review requests, assigned merge requests; at most 3 requests a
 * round each, every 2 minutes while visible), merged into one list newest first (`mergeInbox`), with
 * each instance's state for the status lines.
 */
export function useInbox(): {
  items: InboxItem[];
  instances: InstanceInboxState[];
  isFetching: boolean;
  profilesLoading: boolean;
} {
  const profiles = useQuery(profileQueries.list());
  const list = (profiles.data ?? []).map((profile) => ({ profile, plan: planInboxReads(profile) }));
  const read = list.filter(({ plan }) => plan.read);
  const usernames = useQueries({
    queries: read.map(({ profile, plan }) => ({
      ...inboxQueries.username(profile.id),
      enabled: plan.needsUsername,
    })),
  });
  const todos = useQueries({ queries: read.map(({ profile }) => inboxQueries.todos(profile.id)) });
  const assigned = useQueries({ queries: read.map(({ profile }) => inboxQueries.assigned(profile.id)) });
  const reviewers = read.map(({ plan }, index) => plan.knownUsername ?? usernames[index]?.data ?? null);
  const review = useQueries({
    queries: read.map(({ profile, plan }, index) => ({
      ...inboxQueries.review(profile.id, reviewers[index] ?? ''),
      enabled: plan.reviewSkipped === null && reviewers[index] !== null,
    })),
  });

  const answers: InstanceInboxAnswers[] = read.map(({ profile }, index) => ({
    profileId: profile.id,
    instanceName: profile.name,
    todos: todos[index]?.data?.items ?? null,
    review: (review[index]?.data as InboxMergeRequest[] | undefined) ?? null,
    assigned: assigned[index]?.data ?? null,
  }));
  const items = mergeInbox(answers);

  const instances: InstanceInboxState[] = read.map(({ profile, plan }, index) => {
    const t = todos[index] as UseQueryResult<{ items: unknown[]; total: number | null }>;
    const r = review[index] as UseQueryResult<InboxMergeRequest[]>;
    const a = assigned[index] as UseQueryResult<InboxMergeRequest[]>;
    const u = usernames[index] as UseQueryResult<string>;
    const reads = [t, a, ...(plan.reviewSkipped === null ? [r] : [])];
    const errors = [
      ['GET /todos', t.error],
      ['GET /merge_requests (assigned)', a.error],
      ['GET /merge_requests (review requests)', r.error],
      ['GET /user', u.error],
    ] as const;
    const failed = errors.filter(([, error]) => error);
    const refusals = failed
      .map(([label, error]) => refusal(label, error))
      .filter((s): s is string => s !== null);
    const otherFailure = failed.find(([label, error]) => refusal(label, error) === null);
    const notes = [...refusals];
    if (plan.reviewSkipped) notes.push(plan.reviewSkipped);
    const loading = reads.some((query) => query.isPending && query.fetchStatus === 'fetching');
    return {
      profile,
      plan,
      pendingTodos: t.data ? (t.data.total ?? t.data.items.length) : null,
      reviewCount: r.data ? r.data.length : null,
      assignedCount: a.data ? a.data.length : null,
      loading,
      problem: otherFailure ? describeError(otherFailure[1]) : null,
      notes,
      loaded: reads.every((query) => query.data !== undefined),
      isFetching: reads.some((query) => query.isFetching) || u.isFetching,
    };
  });

  return {
    items,
    instances,
    isFetching: instances.some((instance) => instance.isFetching),
    profilesLoading: profiles.isPending,
  };
}
