import {
  IconBan,
  IconCircleCheck,
  IconCircleDashed,
  IconCircleX,
  IconClock,
  IconClockPause,
  IconAlertTriangle,
  IconHandClick,
  IconLoader2,
  IconPlayerSkipForward,
  type Icon,
} from '@tabler/icons-react';
import { CANCELABLE_STATUSES, CI_STATUSES } from '../../../../shared/ci-statuses.js';

/** How a CI status looks: GitLab's label, a Mantine colour close to GitLab's and an icon. */
export interface StatusLook {
  label: string;
  /** Mantine colour name. */
  color: string;
  icon: Icon;
  /** True for statuses GitLab animates (running). */
  spinning: boolean;
}

const LOOKS: Record<string, StatusLook> = {
  created: { label: 'Created', color: 'gray', icon: IconCircleDashed, spinning: false },
  waiting_for_resource: { label: 'Waiting', color: 'orange', icon: IconClockPause, spinning: false },
  preparing: { label: 'Preparing', color: 'orange', icon: IconClockPause, spinning: false },
  pending: { label: 'Pending', color: 'orange', icon: IconClockPause, spinning: false },
  running: { label: 'Running', color: 'blue', icon: IconLoader2, spinning: true },
  success: { label: 'Passed', color: 'green', icon: IconCircleCheck, spinning: false },
  failed: { label: 'Failed', color: 'red', icon: IconCircleX, spinning: false },
  canceled: { label: 'Canceled', color: 'dark', icon: IconBan, spinning: false },
  skipped: { label: 'Skipped', color: 'gray', icon: IconPlayerSkipForward, spinning: false },
  manual: { label: 'Manual', color: 'gray', icon: IconHandClick, spinning: false },
  scheduled: { label: 'Scheduled', color: 'grape', icon: IconClock, spinning: false },
};

const ALLOWED_FAILURE: StatusLook = {
  label: 'Warning',
  color: 'orange',
  icon: IconAlertTriangle,
  spinning: false,
};

/**
 * The look of a pipeline or job status, as GitLab draws it (success green, failed red, running blue,
 * pending orange, the rest neutral). A failed job with `allow_failure` shows GitLab's orange warning.
 */
export function statusLook(status: string, allowFailure = false): StatusLook {
  if (status === 'failed' && allowFailure) return ALLOWED_FAILURE;
  return (
    LOOKS[status] ?? { label: statusLabel(status), color: 'gray', icon: IconCircleDashed, spinning: false }
  );
}

/** GitLab's text for a status ("success" → "Passed"); unknown ones are capitalised. */
export function statusLabel(status: string): string {
  const known = LOOKS[status];
  if (known) return known.label;
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** True while a pipeline or job may still change (GitLab's CANCELABLE_STATUSES, shared/ci-statuses.ts). */
export function isActiveStatus(status: string): boolean {
  return (CANCELABLE_STATUSES as readonly string[]).includes(status);
}

/** Scopes and statuses the pipeline list filters by (doc/api/pipelines.md). */
export const PIPELINE_SCOPES = ['running', 'pending', 'finished', 'branches', 'tags'] as const;
export const PIPELINE_STATUSES = CI_STATUSES;
