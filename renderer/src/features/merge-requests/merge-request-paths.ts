/** Address of a project's merge request list, optionally with a query string (no `?`). */
export function mergeRequestsRoute(projectId: number | 'mine', query = ''): string {
  return `/merge-requests/${projectId}${query ? `?${query}` : ''}`;
}

/** Tabs of the review screen. */
export type MergeRequestTab = 'overview' | 'commits' | 'changes';

/** Address of one merge request's review screen, on a tab. */
export function mergeRequestRoute(projectId: number, iid: number, tab: MergeRequestTab = 'overview'): string {
  return tab === 'overview'
    ? `/merge-requests/${projectId}/${iid}`
    : `/merge-requests/${projectId}/${iid}/${tab}`;
}

/** Address of a project's labels. */
export function labelsRoute(projectId: number): string {
  return `/merge-requests/${projectId}/labels`;
}

/** Address of the project picker of the Merge requests area. */
export const MERGE_REQUESTS_PICK_ROUTE = '/merge-requests?pick=1';
