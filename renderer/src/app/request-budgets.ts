/**
 * Request budgets per screen (issue 27): how many requests a screen may send to a remote GitLab on its
 * first view, counted at the instance (every `GET`/`HEAD`, layout and capability reads included, the
 * host's own version/user checks excluded as they happen once per connection, not per screen).
 *
 * Why: every request costs on a real instance. GitLab.com allows 2,000 authenticated API requests a
 * minute per user and 30 searches a minute (doc/user/gitlab_com/index.md "GitLab.com-specific rate
 * limits"; doc/security/rate_limits.md), and WAN round trips take 50–300 ms. A list screen that sends
 * one request per row spends a user's minute in a few page views and is slow to paint.
 *
 * The table is the one place the budgets live; renderer/src/app/request-budgets-real-host.test.tsx walks
 * each screen against the recorded stand-in GitLab (renderer/test-utils/recorded-gitlab.ts) and asserts
 * the count stays within it.
 */

/** A screen whose first view has a budget. */
export type BudgetedScreen =
  | 'projects-list'
  | 'pipelines-list'
  | 'repository-tree'
  | 'merge-requests-list'
  | 'admin-plan-limits'
  | 'admin-storage-moves'
  | 'merge-request-review'
  | 'pipeline-page';

/** One row of the table. */
export interface RequestBudget {
  /** Requests to the instance on first view, at most. */
  firstView: number;
  /** GitLab search requests (`search=` on a list; 30/min on GitLab.com) on first view, at most. */
  searches: number;
  /** What the screen spends them on, for the reader of the table. */
  note: string;
}

/** List screens: at most 6 requests on first view. */
export const LIST_SCREEN_BUDGET = 6;
/** A detail screen (merge request review, one pipeline): at most 12 requests on first view. */
export const DETAIL_SCREEN_BUDGET = 12;

/** The budgets, one row per screen. */
export const REQUEST_BUDGETS: Readonly<Record<BudgetedScreen, RequestBudget>> = {
  'projects-list': {
    firstView: LIST_SCREEN_BUDGET,
    searches: 0,
    note: 'one page of GET /projects (membership=true on a remote instance)',
  },
  'pipelines-list': {
    firstView: LIST_SCREEN_BUDGET,
    searches: 0,
    note:
      'the project, one page of GET /projects/:id/pipelines (rows use its fields); the chart shares ' +
      'that page and reads pipeline details only on request',
  },
  'repository-tree': {
    firstView: LIST_SCREEN_BUDGET,
    searches: 0,
    note:
      'the project, branches for the ref switcher, one tree page, the last commit of the ref; the last ' +
      'commit of each row only on request',
  },
  'merge-requests-list': {
    firstView: LIST_SCREEN_BUDGET,
    searches: 0,
    note: 'the project, one page of merge requests, state counts from X-Total headers (no search in counts)',
  },
  'admin-plan-limits': {
    firstView: LIST_SCREEN_BUDGET,
    searches: 0,
    note: 'one GET /application/plan_limits per plan the instance kind has (CE: default only)',
  },
  'admin-storage-moves': {
    firstView: LIST_SCREEN_BUDGET,
    searches: 0,
    note: 'one page of each move list shown; one poll request while a move runs and the screen is visible',
  },
  'merge-request-review': {
    firstView: DETAIL_SCREEN_BUDGET,
    searches: 0,
    note: 'the project, the merge request, its discussions, pipelines and approvals',
  },
  'pipeline-page': {
    firstView: DETAIL_SCREEN_BUDGET,
    searches: 0,
    note: 'the project, the pipeline, its jobs, test report, variables and CI configuration',
  },
};
