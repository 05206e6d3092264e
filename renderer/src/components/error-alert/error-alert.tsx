/**
 * ERROR-ALERT — the red alert a form or a step shows above its fields when its last attempt failed:
 * a title saying what did not happen, and the reason in a sentence.
 *
 * Usage:
 * ```tsx
 * {connect.isError ? (
 *   <ErrorAlert title="Outpost could not connect" error={connect.error} testId="remote-error" />
 * ) : null}
 * ```
 * `error` is described with `describeError` (an `ApiError`'s GitLab message, a bridge error's sentence);
 * `children` follow it (a further sentence, a link). For a failed *load* with a Retry button use
 * `QueryErrorAlert`; dialogs built on `FormModal` get this alert from its `error` prop.
 */
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { describeError } from '../../api/describe-error.js';

/** Props of {@link ErrorAlert}. */
export interface ErrorAlertProps {
  /** What did not happen, e.g. "Not saved". */
  title: ReactNode;
  /** The failure, described in a sentence; omit to show only `children`. */
  error?: unknown;
  /** Shown after the description. */
  children?: ReactNode;
  /** `data-testid` of the alert. */
  testId?: string;
}

/** A light red Mantine `Alert` with the alert-circle icon: `title`, then `describeError(error)` and `children`. */
export function ErrorAlert({ title, error, children, testId }: ErrorAlertProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} title={title} data-testid={testId}>
      {error === undefined ? null : describeError(error)}
      {children}
    </Alert>
  );
}
