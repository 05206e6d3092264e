import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ScreenEmptyState } from '../../components/screen-empty-state/screen-empty-state.js';

/** Props of {@link AdminAccessRequired}. */
export interface AdminAccessRequiredProps {
  /** Name of the connection profile, e.g. "Local instance". */
  instanceName: string;
  /** The user the token acts as, when known. */
  username?: string | null;
}

/**
 * What a non-administrator sees on an Admin screen: which account the token belongs to and what
 * to do about it. Also shown when the instance itself answers 403 to an administrator endpoint.
 */
export function AdminAccessRequired({ instanceName, username }: AdminAccessRequiredProps) {
  const who = username ? `@${username}` : 'The account of this instance’s token';
  return (
    <ScreenEmptyState
      testId="admin-access-required"
      maw={480}
      icon={IconLock}
      title="Administrator access required"
      description={`${who} is not an administrator of ${instanceName}. The Admin area needs a personal access token of an administrator; add the instance again with one, or ask an administrator.`}
      actions={
        <Button component={Link} to="/projects" variant="light">
          Go to projects
        </Button>
      }
    />
  );
}
