/**
 * Reading a merge request's resource events (GitLab 13.10 lib/api/resource_label_events.rb,
 * resource_state_events.rb, resource_milestone_events.rb): oldest first, paginated; one event by id,
 * `404 Not found` (ActiveRecord::RecordNotFound) when the merge request has no such event. Read access to
 * the merge request is checked by the caller (findReadableProject + findMergeRequest).
 */
import { findLabelsByIds } from '../../db/labels.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import { findMilestonesByIds } from '../../db/milestones.js';
import type { ProjectRow } from '../../db/projects.js';
import { countResourceEvents, findResourceEvent, listResourceEvents } from '../../db/resource-events.js';
import { findUsersByIds } from '../../db/users.js';
import type { ResourceEventContext } from '../../entities/resource-events.js';
import { projectPlace } from '../access/project-place.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError } from '../errors.js';

export type ResourceEventKind = 'label' | 'state' | 'milestone';

const TABLE = {
  label: 'resource_label_events',
  state: 'resource_state_events',
  milestone: 'resource_milestone_events',
} as const;

type AnyEvent = {
  id: number;
  merge_request_id: number;
  user_id: number | null;
  created_at: string;
  label_id?: number | null;
  milestone_id?: number | null;
};

/** A page of `kind` events of `mr`, oldest first. */
export function listEvents<T extends AnyEvent>(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  kind: ResourceEventKind,
  page: { limit: number; offset: number },
): { total: number; rows: T[] } {
  return {
    total: countResourceEvents(ctx.db, TABLE[kind], mr.id),
    rows: listResourceEvents<T>(ctx.db, TABLE[kind], mr.id, page.limit, page.offset),
  };
}

/** @throws NotFoundError `404 Not found` for an event of another merge request or none. */
export function findEvent<T extends AnyEvent>(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  kind: ResourceEventKind,
  id: number,
): T {
  const row = Number.isSafeInteger(id) ? findResourceEvent<T>(ctx.db, TABLE[kind], mr.id, id) : undefined;
  if (!row) throw new NotFoundError('Not', '404 Not found');
  return row;
}

/** What the presenters need for `events` (users, labels, milestones batch-loaded). */
export function eventContext(
  ctx: ServiceContext,
  project: ProjectRow,
  events: readonly AnyEvent[],
): ResourceEventContext {
  const ids = (f: (e: AnyEvent) => number | null | undefined) =>
    [...new Set(events.map(f))].filter((x): x is number => typeof x === 'number');
  return {
    users: findUsersByIds(
      ctx.db,
      ids((e) => e.user_id),
    ),
    labels: findLabelsByIds(
      ctx.db,
      ids((e) => e.label_id),
    ),
    milestones: findMilestonesByIds(
      ctx.db,
      ids((e) => e.milestone_id),
    ),
    baseUrl: ctx.externalUrl(),
    projectWebUrl: projectPlace(ctx, project).webUrl,
  };
}
