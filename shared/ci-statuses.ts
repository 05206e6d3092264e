/**
 * GitLab's pipeline and job statuses (Ci::HasStatus::AVAILABLE_STATUSES, doc/api/pipelines.md `status`),
 * shared by the core's CI rules (electron/core/ci/status.ts) and the renderer's pipeline screens, so the
 * two can't drift.
 */
export const CI_STATUSES = [
  'created',
  'waiting_for_resource',
  'preparing',
  'pending',
  'running',
  'success',
  'failed',
  'canceled',
  'skipped',
  'manual',
  'scheduled',
] as const;
export type CiStatus = (typeof CI_STATUSES)[number];

/**
 * Statuses a pipeline or job may still leave on its own or be cancelled from (GitLab's
 * CANCELABLE_STATUSES): what `cancel` moves to `canceled`, and what the screens keep polling.
 */
export const CANCELABLE_STATUSES: readonly CiStatus[] = [
  'created',
  'waiting_for_resource',
  'preparing',
  'pending',
  'running',
  'scheduled',
];
