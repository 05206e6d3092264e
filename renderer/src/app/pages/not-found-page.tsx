import { Button } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ScreenEmptyState } from '../../components/screen-empty-state/screen-empty-state.js';

/** Shown for addresses no screen handles. */
export function NotFoundPage() {
  return (
    <ScreenEmptyState
      maw={420}
      icon={IconCompass}
      title="Nothing here"
      description="This address does not match any screen of Outpost."
      actions={
        <Button component={Link} to="/projects" variant="light">
          Go to projects
        </Button>
      }
    />
  );
}
