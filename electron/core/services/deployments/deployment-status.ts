/**
 * GitLab's deployment state machine (app/models/deployment.rb), pure: `run` only from created; `succeed`,
 * `drop`, `cancel` and `skip` from any other status; nothing goes back to created. success, failed and
 * canceled are finished (they set `finished_at`). An update to a status the machine refuses is a
 * validation error in state_machines' words: `cannot transition via "run"`.
 */
import type { DeploymentStatus } from '../../db/deployments.js';

/** The statuses the API accepts in POST/PUT and as a list filter (spec "States"). */
export const API_DEPLOYMENT_STATUSES = ['created', 'running', 'success', 'failed', 'canceled'] as const;

/** Every stored status; `skipped` only comes from a skipped job. */
export const DEPLOYMENT_STATUSES = [...API_DEPLOYMENT_STATUSES, 'skipped'] as const;

const EVENTS: Record<DeploymentStatus, string> = {
  created: 'create',
  running: 'run',
  success: 'succeed',
  failed: 'drop',
  canceled: 'cancel',
  skipped: 'skip',
};

/** The state machine event that leads to `to`. */
export function deploymentEvent(to: DeploymentStatus): string {
  return EVENTS[to];
}

/** True when the state machine allows `from` → `to`. */
export function canTransitionDeployment(from: DeploymentStatus, to: DeploymentStatus): boolean {
  if (to === 'created') return false;
  if (to === 'running') return from === 'created';
  return from !== to;
}

/** True for the statuses that set `finished_at`. */
export function isFinishedDeploymentStatus(status: DeploymentStatus): boolean {
  return status === 'success' || status === 'failed' || status === 'canceled';
}
