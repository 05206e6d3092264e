import { Badge, type MantineSize } from '@mantine/core';
import { statusLook } from './pipeline-status.js';
import classes from './pipelines.module.css';

/** GitLab-style status badge (colour, icon, label) of a pipeline or job. */
export function StatusBadge({
  status,
  allowFailure = false,
  size = 'md',
}: {
  status: string;
  allowFailure?: boolean;
  size?: MantineSize;
}) {
  const look = statusLook(status, allowFailure);
  const Icon = look.icon;
  return (
    <Badge
      color={look.color}
      variant="light"
      size={size}
      radius="sm"
      leftSection={<Icon size={14} stroke={2} className={look.spinning ? classes.spin : undefined} />}
      data-testid="status-badge"
      data-status={status}
    >
      {look.label}
    </Badge>
  );
}

/** Just the status icon, coloured (job cards). */
export function StatusIcon({ status, allowFailure = false }: { status: string; allowFailure?: boolean }) {
  const look = statusLook(status, allowFailure);
  const Icon = look.icon;
  return (
    <Icon
      size={18}
      stroke={2}
      color={`var(--mantine-color-${look.color}-${look.color === 'dark' ? 4 : 6})`}
      className={look.spinning ? classes.spin : undefined}
      aria-label={look.label}
      role="img"
    />
  );
}
