/**
 * FEATURE-UNAVAILABLE — the honest state of a feature the connected instance does not offer (issue 26):
 * "Alerts are not available on GitLab 18.6", why, and what GitLab offers instead; or, before the host has
 * learned the instance, that Outpost is checking it (with the detection's error and "Check again" when
 * it failed). Never an error colour: nothing went wrong, the instance is different.
 *
 * Usage (decisions come from `useFeatureAvailability(feature)`; render this for anything not `available`):
 * ```tsx
 * const alerts = useFeatureAvailability('alerts');
 * if (alerts.status !== 'available') return <FeatureUnavailable availability={alerts} />;
 * <FeatureUnavailable availability={usage} variant="inline" />   // a panel inside a screen
 * ```
 */
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconInfoCircle, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import type { FeatureAvailability } from '../../../shared/instance-capabilities.js';
import { getBridge } from '../api/bridge.js';
import { useInstanceCapabilities } from '../api/capabilities/capabilities.js';
import { describeError } from '../api/describe-error.js';
import { profileKeys } from '../api/profiles/keys.js';
import { ScreenEmptyState } from './screen-empty-state/screen-empty-state.js';

/** Props of {@link FeatureUnavailable}. */
export interface FeatureUnavailableProps {
  /** The decision for the feature; `available` renders nothing. */
  availability: FeatureAvailability;
  /** `screen` (default): a card in place of the screen; `inline`: a panel inside a screen. */
  variant?: 'screen' | 'inline';
  /** `data-testid` of the card or panel. */
  testId?: string;
}

/** Shows why a feature is not available here, or that the instance is still being learned. */
export function FeatureUnavailable({
  availability,
  variant = 'screen',
  testId = 'feature-unavailable',
}: FeatureUnavailableProps) {
  const { error, profileId } = useInstanceCapabilities();
  const check = useMutation({
    mutationFn: () => getBridge().profiles.check(profileId),
    meta: { invalidates: [profileKeys.list()], invalidatesOnError: true },
  });
  if (availability.status === 'available') return null;

  if (availability.status === 'unknown') {
    const failed = error !== null || check.isError;
    const title = failed
      ? 'Outpost could not learn what this instance offers'
      : 'Checking what this instance offers';
    // Spans only: ScreenEmptyState puts the description inside a <p>.
    const description = (
      <>
        <Text span display="block" size="sm" c="dimmed">
          {availability.explanation}
        </Text>
        {failed ? (
          <Text span display="block" size="sm" mt={6}>
            {check.isError ? describeError(check.error) : error}
          </Text>
        ) : null}
      </>
    );
    const retry = failed ? (
      <Button
        variant="light"
        size="xs"
        leftSection={<IconRefresh size={14} />}
        loading={check.isPending}
        onClick={() => check.mutate()}
      >
        Check again
      </Button>
    ) : (
      <Loader size="sm" type="dots" aria-label="Checking the instance" />
    );
    return variant === 'inline' ? (
      <Alert
        variant="light"
        color="gray"
        icon={<IconInfoCircle size={18} />}
        title={title}
        data-testid={testId}
      >
        <Stack gap="xs" align="flex-start">
          {description}
          {retry}
        </Stack>
      </Alert>
    ) : (
      <ScreenEmptyState
        icon={IconInfoCircle}
        title={title}
        description={description}
        actions={retry}
        testId={testId}
      />
    );
  }

  // Spans only: ScreenEmptyState puts the description inside a <p>.
  const body = (
    <>
      <Text span display="block" size="sm">
        {availability.explanation}
      </Text>
      {availability.alternative ? (
        <Text span display="block" size="sm" c="dimmed" mt={6}>
          <Text span fw={600} size="sm" c="var(--mantine-color-text)">
            Instead:{' '}
          </Text>
          {availability.alternative}
        </Text>
      ) : null}
    </>
  );
  return variant === 'inline' ? (
    <Alert
      variant="light"
      color="gray"
      icon={<IconPlugConnectedX size={18} />}
      title={availability.title}
      data-testid={testId}
    >
      {body}
    </Alert>
  ) : (
    <ScreenEmptyState
      icon={IconPlugConnectedX}
      title={availability.title}
      description={body}
      maw={560}
      testId={testId}
    />
  );
}
