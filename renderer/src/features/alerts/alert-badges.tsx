import { Badge, type BadgeProps } from '@mantine/core';
import {
  IconAlertCircle,
  IconAlertOctagon,
  IconAlertTriangle,
  IconCircleArrowDown,
  IconHelpCircle,
  IconInfoCircle,
  type Icon,
} from '@tabler/icons-react';
import type { AlertSeverity, AlertStatus } from '../../api/alerts/types.js';
import { severityStyle } from './alert-severity.js';
import { statusStyle } from './alert-status.js';

const SEVERITY_ICONS: Record<AlertSeverity, Icon> = {
  critical: IconAlertOctagon,
  high: IconAlertTriangle,
  medium: IconAlertCircle,
  low: IconCircleArrowDown,
  info: IconInfoCircle,
  unknown: IconHelpCircle,
};

/** A severity as a coloured badge with its own icon (so it reads without colour, too). */
export function SeverityBadge({
  severity,
  size = 'md',
}: {
  severity: AlertSeverity;
  size?: BadgeProps['size'];
}) {
  const style = severityStyle(severity);
  const Icon = SEVERITY_ICONS[severity];
  return (
    <Badge
      color={style.color}
      variant={style.variant}
      size={size}
      leftSection={<Icon size={12} stroke={2} />}
      data-severity={severity}
      style={{ minWidth: 'max-content' }}
    >
      {style.label}
    </Badge>
  );
}

/** A status as a badge with a dot: red triggered, yellow acknowledged, teal resolved, grey ignored. */
export function StatusBadge({ status, size = 'md' }: { status: AlertStatus; size?: BadgeProps['size'] }) {
  const style = statusStyle(status);
  return (
    <Badge
      color={style.color}
      variant="dot"
      size={size}
      data-status={status}
      style={{ minWidth: 'max-content' }}
    >
      {style.label}
    </Badge>
  );
}
