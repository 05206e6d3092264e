import { Button, Group } from '@mantine/core';
import { IconCheck, IconEye, IconEyeOff, IconRotate } from '@tabler/icons-react';
import type { AlertStatus } from '../../api/alerts/types.js';
import { statusActions, type StatusAction } from './alert-status.js';

const ICONS: Record<AlertStatus, typeof IconCheck> = {
  acknowledged: IconEye,
  resolved: IconCheck,
  ignored: IconEyeOff,
  triggered: IconRotate,
};

/** Props of {@link AlertStatusActions}. */
export interface AlertStatusActionsProps {
  status: AlertStatus;
  onChange: (action: StatusAction) => void;
  /** The status being set right now, if any (its button spins, the others wait). */
  pending: AlertStatus | null;
}

/** The status changes offered for an alert's current status, the first one as the primary button. */
export function AlertStatusActions({ status, onChange, pending }: AlertStatusActionsProps) {
  return (
    <Group gap="xs">
      {statusActions(status).map((action, index) => {
        const Icon = ICONS[action.to];
        return (
          <Button
            key={action.to}
            size="xs"
            variant={index === 0 ? 'filled' : 'default'}
            leftSection={<Icon size={14} stroke={1.8} />}
            loading={pending === action.to}
            disabled={pending !== null && pending !== action.to}
            onClick={() => onChange(action)}
          >
            {action.label}
          </Button>
        );
      })}
    </Group>
  );
}
