/**
 * Application statistics (doc/api/statistics.md "Get details on current application statistics";
 * GitLab's lib/api/statistics.rb and lib/api/entities/application_statistics.rb): instance-wide counts as
 * strings with thousands separators (`number_with_delimiter`: `"1,234"`), for administrators
 * (`authorize_read_application_statistics!`; the route is admin-only).
 *
 * `forks` (fork network members minus networks), `snippets` and `ssh_keys` are `"0"`: the core has no
 * forks, snippets or SSH keys. `users` counts every user; `active_users` those in the `active` state
 * (GitLab's `User.active`: active and not internal — the core has no internal users).
 */
import { countApplicationRows } from '../../db/application-statistics.js';
import type { ServiceContext } from '../context.js';

/** GitLab's Entities::ApplicationStatistics. */
export interface ApplicationStatistics {
  forks: string;
  issues: string;
  merge_requests: string;
  notes: string;
  snippets: string;
  ssh_keys: string;
  milestones: string;
  users: string;
  projects: string;
  groups: string;
  active_users: string;
}

/** Rails' `number_with_delimiter` with its defaults: `1234567` → `"1,234,567"`. Pure. */
export function numberWithDelimiter(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The counts, in GitLab's key order. */
export function applicationStatistics(ctx: ServiceContext): ApplicationStatistics {
  const c = countApplicationRows(ctx.db);
  const f = numberWithDelimiter;
  return {
    forks: f(0),
    issues: f(c.issues),
    merge_requests: f(c.mergeRequests),
    notes: f(c.notes),
    snippets: f(0),
    ssh_keys: f(0),
    milestones: f(c.milestones),
    users: f(c.users),
    projects: f(c.projects),
    groups: f(c.groups),
    active_users: f(c.activeUsers),
  };
}
