import { Button, Center, EmptyState, Paper } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Shown for addresses no screen handles. */
export function NotFoundPage() {
  return (
    <Paper withBorder py={64} px="xl">
      <Center>
        <EmptyState
          maw={420}
          variant="light"
          size="lg"
          icon={<IconCompass size={28} stroke={1.6} />}
          title="Nothing here"
          description="This address does not match any screen of Outpost."
        >
          <EmptyState.Actions>
            <Button component={Link} to="/projects" variant="light">
              Go to projects
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Center>
    </Paper>
  );
}
