/**
 * Labels moved to one module per operation (issue 19): label-scope.ts, label-rules.ts, read-labels.ts,
 * create-label.ts, update-label.ts, delete-label.ts, label-subscription.ts, promote-label.ts and
 * find-or-create-labels.ts; `groupProjectIds` lives in services/access/group-projects.ts.
 * TODO(issue 19): only services/merge-requests/list-merge-requests.ts still imports from here; remove this
 * file when it imports services/access/group-projects.js.
 */
export { groupProjectIds } from '../access/group-projects.js';
