import { Alert, Button, Code, Group, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { describeError } from '../../api/describe-error.js';

/** A screen crashed while rendering: say so, keep the shell, offer a way back. */
export function RouteErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : describeError(error);
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle />}
      title="This screen ran into a problem"
      maw={720}
    >
      <Stack gap="sm">
        <Code block>{message}</Code>
        <Group gap="sm">
          <Button size="xs" variant="light" color="red" onClick={() => window.location.reload()}>
            Reload screen
          </Button>
          <Button size="xs" variant="subtle" color="gray" onClick={() => navigate('/projects')}>
            Go to projects
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
