/**
 * Schema v13 (issue 18): GitLab 13.10's resource events of merge requests, kept beside system notes as
 * GitLab keeps them (label changes are `resource_label_events`, close/reopen/merge are
 * `resource_state_events`, milestone changes `resource_milestone_events`; none of them is a note).
 * Rows go with their merge request (ON DELETE CASCADE); a deleted label or milestone leaves the event
 * with a NULL reference, a deleted user a NULL `user_id`, as GitLab's nullify.
 */
export const migration013ResourceEvents = {
  version: 13,
  name: 'resource-events',
  sql: `
CREATE TABLE resource_label_events (
  id INTEGER PRIMARY KEY,
  merge_request_id INTEGER NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
  label_id INTEGER REFERENCES labels(id) ON DELETE SET NULL,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  action TEXT NOT NULL CHECK (action IN ('add', 'remove')),
  created_at TEXT NOT NULL
);
CREATE INDEX resource_label_events_mr ON resource_label_events(merge_request_id, id);
CREATE TABLE resource_state_events (
  id INTEGER PRIMARY KEY,
  merge_request_id INTEGER NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  state TEXT NOT NULL CHECK (state IN ('closed', 'reopened', 'merged', 'locked')),
  created_at TEXT NOT NULL
);
CREATE INDEX resource_state_events_mr ON resource_state_events(merge_request_id, id);
CREATE TABLE resource_milestone_events (
  id INTEGER PRIMARY KEY,
  merge_request_id INTEGER NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
  milestone_id INTEGER REFERENCES milestones(id) ON DELETE SET NULL,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  action TEXT NOT NULL CHECK (action IN ('add', 'remove')),
  state TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX resource_milestone_events_mr ON resource_milestone_events(merge_request_id, id);
`,
};
