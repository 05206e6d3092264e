import { EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of {@link TableEmptyState}. */
export interface TableEmptyStateProps {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  /** Buttons under the description (add, import). */
  actions?: ReactNode;
  /** Vertical padding (default 56). */
  py?: number;
}

/** What a list shows in its card when there is nothing yet: icon, title, why, and what to do. */
export function TableEmptyState({ icon, title, description, actions, py = 56 }: TableEmptyStateProps) {
  return (
    <Paper withBorder>
      <EmptyState py={py} variant="light" icon={icon} title={title} description={description}>
        {actions ? <EmptyState.Actions>{actions}</EmptyState.Actions> : null}
      </EmptyState>
    </Paper>
  );
}
