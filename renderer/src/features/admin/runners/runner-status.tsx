import { Badge } from '@mantine/core';
import type { Runner } from '../../../api/admin/runners/types.js';

/**
 * Label and colour of a runner's state: paused first (it takes no jobs, with its contact status when it is
 * not online), else its contact status (GitLab 14.8+: online, offline, stale, never_contacted).
 * GitLab's REST `status` is still `Ci::Runner#deprecated_rest_status` until API v5 (app/models/ci/runner.rb;
 * lib/api/entities/ci/runner.rb, gitlab#375709): a paused runner that has been in contact reports
 * `paused`, so its contact comes from `online` then.
 */
export function runnerState(runner: Pick<Runner, 'paused' | 'status' | 'online'>): {
  label: string;
  color: string;
} {
  const status = runner.status === 'paused' ? (runner.online ? 'online' : 'offline') : runner.status;
  const contact = contactState(status);
  if (runner.paused || runner.status === 'paused')
    return {
      label: status === 'online' ? 'Paused' : `Paused · ${contact.label.toLowerCase()}`,
      color: 'yellow',
    };
  return contact;
}

function contactState(status: Runner['status']): { label: string; color: string } {
  switch (status) {
    case 'online':
      return { label: 'Online', color: 'teal' };
    case 'offline':
      return { label: 'Offline', color: 'gray' };
    case 'stale':
      return { label: 'Stale', color: 'orange' };
    default:
      return { label: 'Never contacted', color: 'gray' };
  }
}

/** The runner's state badge ("Online", "Paused", "Offline", "Stale", "Never contacted"). */
export function RunnerStateBadge({ runner }: { runner: Pick<Runner, 'paused' | 'status' | 'online'> }) {
  const state = runnerState(runner);
  return (
    <Badge size="sm" variant="light" color={state.color} data-testid="runner-state">
      {state.label}
    </Badge>
  );
}

/** GitLab's runner types in words. */
export const RUNNER_TYPE_LABELS: Record<Runner['runner_type'], string> = {
  instance_type: 'Instance',
  group_type: 'Group',
  project_type: 'Project',
};
