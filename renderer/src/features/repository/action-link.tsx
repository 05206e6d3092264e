import { Button, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Props of {@link ActionLink}. */
export interface ActionLinkProps {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  /** A sentence saying why the action is unavailable; the button is disabled when set. */
  disabledReason?: string | null;
  color?: string;
  onClick?: () => void;
}

/**
 * A small toolbar button that navigates (or, with `onClick`, acts). When `disabledReason` is set
 * it is disabled and the reason shows in a tooltip (the wrapper keeps hover events alive).
 */
export function ActionLink({ to, icon, children, disabledReason, color, onClick }: ActionLinkProps) {
  if (disabledReason) {
    return (
      <Tooltip label={disabledReason} multiline w={260}>
        <span style={{ display: 'inline-block' }}>
          <Button variant="default" size="xs" leftSection={icon} disabled>
            {children}
          </Button>
        </span>
      </Tooltip>
    );
  }
  if (onClick) {
    return (
      <Button variant="default" size="xs" leftSection={icon} onClick={onClick} color={color}>
        {children}
      </Button>
    );
  }
  return (
    <Button variant="default" size="xs" leftSection={icon} component={Link} to={to} color={color}>
      {children}
    </Button>
  );
}
