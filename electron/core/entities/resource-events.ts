/**
 * Resource event presenters (GitLab 13.10's Entities::ResourceLabelEvent, ResourceStateEvent,
 * ResourceMilestoneEvent; doc/api/resource_label_events.md, resource_state_events.md,
 * resource_milestone_events.md): `id`, `user` (UserBasic, null when deleted), `created_at`,
 * `resource_type` (`MergeRequest`), `resource_id` (the merge request's id), then `label` + `action`,
 * `state`, or `milestone` + `action` + `state`. A deleted label or milestone is `null`. Pure: no queries.
 */
import type {
  ResourceEventBase,
  ResourceLabelEvent,
  ResourceMilestoneEvent,
  ResourceStateEvent,
} from '../../../shared/api-types/merge-requests.js';
import type { LabelRow } from '../db/labels.js';
import type { MilestoneRow } from '../db/milestones.js';
import type {
  ResourceLabelEventRow,
  ResourceMilestoneEventRow,
  ResourceStateEventRow,
} from '../db/resource-events.js';
import type { UserRow } from '../db/users.js';
import { presentMilestone } from './issues.js';
import { presentLabelBasic } from './labels.js';
import { presentUserBasic } from './users.js';

export interface ResourceEventContext {
  users: Map<number, UserRow>;
  labels: Map<number, LabelRow>;
  milestones: Map<number, MilestoneRow>;
  baseUrl: string;
  projectWebUrl: string;
}

function head(
  e: { id: number; user_id: number | null; created_at: string; merge_request_id: number },
  c: ResourceEventContext,
): ResourceEventBase {
  const u = e.user_id !== null ? c.users.get(e.user_id) : undefined;
  return {
    id: e.id,
    user: u ? presentUserBasic(u, c.baseUrl) : null,
    created_at: e.created_at,
    resource_type: 'MergeRequest',
    resource_id: e.merge_request_id,
  };
}

export function presentLabelEvent(e: ResourceLabelEventRow, c: ResourceEventContext): ResourceLabelEvent {
  const l = e.label_id !== null ? c.labels.get(e.label_id) : undefined;
  return { ...head(e, c), label: l ? presentLabelBasic(l) : null, action: e.action };
}

export function presentStateEvent(e: ResourceStateEventRow, c: ResourceEventContext): ResourceStateEvent {
  return { ...head(e, c), state: e.state };
}

export function presentMilestoneEvent(
  e: ResourceMilestoneEventRow,
  c: ResourceEventContext,
): ResourceMilestoneEvent {
  const m = e.milestone_id !== null ? c.milestones.get(e.milestone_id) : undefined;
  return {
    ...head(e, c),
    milestone: m ? presentMilestone(m, c.projectWebUrl) : null,
    action: e.action,
    state: e.state,
  };
}
