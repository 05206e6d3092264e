import {
  ActionIcon,
  Button,
  CloseButton,
  Group,
  Text,
  TextInput,
  Tooltip,
  type TextInputProps,
} from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { describeError } from '../../api/describe-error.js';

const RULE = '1px solid var(--mantine-color-default-border)';

/** Props of {@link ListFilterBar}. */
export interface ListFilterBarProps {
  children: ReactNode;
  /** `space-between` puts the last group on the right. */
  justify?: 'space-between';
}

/** The strip of filters at the top of a list's card, ruled off from the table below. */
export function ListFilterBar({ children, justify }: ListFilterBarProps) {
  return (
    <Group p="sm" gap="sm" wrap="wrap" justify={justify} style={{ borderBottom: RULE }}>
      {children}
    </Group>
  );
}

/** Props of {@link ListErrorStrip}. */
export interface ListErrorStripProps {
  /** What failed, before the reason ("Couldn’t refresh"). */
  what: string;
  error: unknown;
  /** Offer a compact Retry button. */
  onRetry?: () => void;
}

/**
 * A one-line red notice above a list that still shows its last rows: "<what>: <reason>", and Retry
 * when given (a refresh or a next page that failed).
 */
export function ListErrorStrip({ what, error, onRetry }: ListErrorStripProps) {
  return (
    <Group px="md" py="xs" gap="sm" style={{ borderBottom: RULE }}>
      <Text size="sm" c="red">
        {what}: {describeError(error)}
      </Text>
      {onRetry ? (
        <Button size="compact-xs" color="red" variant="light" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </Group>
  );
}

/** Props of {@link ClearableInput}. */
export interface ClearableInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name of the clear button ("Clear search text"). */
  clearLabel: string;
  /** Shown on the right while the field is empty (a shortcut hint); default nothing. */
  idleSection?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A text filter with a clear (×) button once it has text. */
export function ClearableInput({
  value,
  onChange,
  clearLabel,
  idleSection,
  rightSection,
  ...rest
}: ClearableInputProps) {
  return (
    <TextInput
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={
        rightSection ??
        (value ? (
          <CloseButton size="sm" aria-label={clearLabel} onClick={() => onChange('')} />
        ) : (
          (idleSection ?? null)
        ))
      }
      {...rest}
    />
  );
}

/** Props of {@link ToolButton}. */
export interface ToolButtonProps {
  /** Tooltip text. */
  tooltip: string;
  /** Accessible name. */
  label: string;
  onClick: () => void;
  loading?: boolean;
  /** The icon. */
  children: ReactNode;
}

/** A square icon button of a list's toolbar (refresh, density) with a tooltip. */
export function ToolButton({ tooltip, label, onClick, loading, children }: ToolButtonProps) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick} loading={loading}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
