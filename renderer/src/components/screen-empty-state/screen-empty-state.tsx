/**
 * SCREEN-EMPTY-STATE — the card a whole screen shows instead of its content: an icon, a title, why, and
 * what to do (no instance selected, an area not built yet, an unknown address, admin access required).
 *
 * Usage:
 * ```tsx
 * <ScreenEmptyState
 *   icon={IconCompass}                       // a Tabler icon, drawn at 28 px, stroke 1.6
 *   title="Nothing here"
 *   description="This address does not match any screen of Outpost."
 *   maw={420}                               // width of the text block (default 440)
 *   actions={<Button component={Link} to="/projects" variant="light">Go to projects</Button>}
 * />
 * ```
 * For an empty list inside a screen use `TableEmptyState` (components/data-table) instead.
 */
import { Center, EmptyState, Paper } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Props of {@link ScreenEmptyState}. */
export interface ScreenEmptyStateProps {
  /** A Tabler icon component (drawn at 28 px with stroke 1.6, in the light variant's circle). */
  icon: Icon;
  title: string;
  description: ReactNode;
  /** Buttons under the description. */
  actions?: ReactNode;
  /** Largest width of the title and description, px (default 440). */
  maw?: number;
  /** `data-testid` of the card. */
  testId?: string;
}

/** A bordered card, 64 px tall padding, with Mantine's large light `EmptyState` centred in it. */
export function ScreenEmptyState({
  icon: IconComponent,
  title,
  description,
  actions,
  maw = 440,
  testId,
}: ScreenEmptyStateProps) {
  return (
    <Paper withBorder py={64} px="xl" data-testid={testId}>
      <Center>
        <EmptyState
          maw={maw}
          variant="light"
          size="lg"
          icon={<IconComponent size={28} stroke={1.6} />}
          title={title}
          description={description}
        >
          {actions ? <EmptyState.Actions>{actions}</EmptyState.Actions> : null}
        </EmptyState>
      </Center>
    </Paper>
  );
}
