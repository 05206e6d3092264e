import { Alert, Stack, Switch } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { RISKY_SWITCHES, type RiskySwitchKey } from './security-setting-labels.js';

/** Props of {@link RiskySwitch}. */
export interface RiskySwitchProps {
  setting: RiskySwitchKey;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
  error: string | undefined;
  /** Class of the whole field (the "changed" mark). */
  className: string | undefined;
}

/** A setting that widens what the instance allows: its switch, and its warning while it is on. */
export function RiskySwitch({ setting, checked, onChange, disabled, error, className }: RiskySwitchProps) {
  const labels = RISKY_SWITCHES[setting];
  return (
    <Stack gap="xs" className={className}>
      <Switch
        label={labels.label}
        description={labels.description}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        color={labels.color}
        disabled={disabled}
        error={error}
        data-testid={labels.testId}
      />
      {checked ? (
        <Alert
          color={labels.warning.color}
          variant="light"
          icon={<IconAlertTriangle />}
          title={labels.warning.title}
          data-testid={labels.warning.testId}
        >
          {labels.warning.text}
        </Alert>
      ) : null}
    </Stack>
  );
}
