import { Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Props of {@link WelcomeStepHeader}. */
export interface WelcomeStepHeaderProps {
  title: string;
  description?: ReactNode;
  /** Shows a "Back" link (Esc does the same). */
  onBack?: () => void;
}

/** Title, one-line description and an optional "Back" link at the top of a welcome step. */
export function WelcomeStepHeader({ title, description, onBack }: WelcomeStepHeaderProps) {
  return (
    <Stack gap={6}>
      {onBack ? (
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconArrowLeft size={14} />}
          onClick={onBack}
          w="fit-content"
          ml={-8}
          mb={4}
        >
          Back
        </Button>
      ) : null}
      <Title order={2} size="h3">
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}
