import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { describeError } from '../api/describe-error.js';

/** Props of {@link QueryErrorAlert}. */
export interface QueryErrorAlertProps {
  title: string;
  /** The failure to describe (omit when `query` is given). */
  error?: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  /**
   * The failed query: its error is described and Retry refetches it (spinning while it refetches),
   * instead of passing `error`, `onRetry` and `retrying` one by one.
   */
  query?: { error: unknown; refetch: () => unknown; isFetching: boolean };
  /** Extra actions next to Retry. */
  children?: ReactNode;
  m?: string;
}

/** A red alert for a failed load: the instance's reason in a sentence and a Retry button. */
export function QueryErrorAlert({ title, query, children, m, ...rest }: QueryErrorAlertProps) {
  const error = query ? query.error : rest.error;
  const onRetry = query ? () => void query.refetch() : rest.onRetry;
  const retrying = query ? query.isFetching : rest.retrying;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={title} m={m} role="alert">
      <Stack gap="sm" align="flex-start">
        {describeError(error)}
        {onRetry || children ? (
          <div style={{ display: 'flex', gap: 8 }}>
            {onRetry ? (
              <Button size="xs" color="red" variant="light" onClick={onRetry} loading={retrying}>
                Retry
              </Button>
            ) : null}
            {children}
          </div>
        ) : null}
      </Stack>
    </Alert>
  );
}
