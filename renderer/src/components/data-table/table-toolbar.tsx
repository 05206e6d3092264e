import { ActionIcon, Group, Text, Tooltip, type MantineSpacing } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './data-table.module.css';

/** Props of {@link TableToolbar}. */
export interface TableToolbarProps {
  /** Dimmed text on the left (what the table shows, a rule worth knowing). */
  hint?: ReactNode;
  /** Tools on the right (refresh, reveal, filters). */
  children?: ReactNode;
  /** Space between the hint and the tools (Mantine's, default `md`). */
  gap?: MantineSpacing;
}

/** The strip above a table inside its card: a hint on the left, tools on the right, a rule below. */
export function TableToolbar({ hint, children, gap }: TableToolbarProps) {
  return (
    <Group px="md" py="xs" justify="space-between" gap={gap} className={classes.toolbar}>
      {hint !== undefined ? (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      ) : null}
      {children}
    </Group>
  );
}

/** Props of {@link RefreshButton}. */
export interface RefreshButtonProps {
  /** Accessible name ("Refresh clusters"). */
  label: string;
  onRefresh: () => void;
  /** Spin while a background refetch runs (not the first load). */
  refreshing: boolean;
}

/** The square refresh button of a list's toolbar, with a "Refresh" tooltip. */
export function RefreshButton({ label, onRefresh, refreshing }: RefreshButtonProps) {
  return (
    <Tooltip label="Refresh">
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={onRefresh} loading={refreshing}>
        <IconRefresh size={16} stroke={1.7} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The strip below a table inside its card: a dimmed count on the left, a pager on the right. */
export function TableFooter({ children }: { children: ReactNode }) {
  return (
    <Group px="md" py="xs" justify="space-between" className={classes.footer}>
      {children}
    </Group>
  );
}
