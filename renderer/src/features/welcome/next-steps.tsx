import { Anchor, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconDatabaseImport, IconFolderDown } from '@tabler/icons-react';
import { WelcomeOption } from './welcome-option.js';

/** Props of {@link NextSteps}. */
export interface NextStepsProps {
  onImport: () => void;
  onDemo: () => void;
  /** "Skip — go to Outpost". */
  onSkip: () => void;
}

/** After choosing the embedded instance: import a repository, load demo data, or skip to the app. */
export function NextSteps({ onImport, onDemo, onSkip }: NextStepsProps) {
  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={36} radius="xl" variant="light" color="teal">
          <IconCircleCheck size={22} stroke={1.8} />
        </ThemeIcon>
        <Stack gap={4}>
          <Title order={2} size="h3">
            Your embedded instance is ready
          </Title>
          <Text c="dimmed" size="sm">
            It is empty. Bring in a repository of your own, or fill it with demo data built from a real
            project’s history.
          </Text>
        </Stack>
      </Group>
      <Stack gap="sm">
        <WelcomeOption
          autoFocus
          icon={<IconFolderDown size={22} stroke={1.7} />}
          title="Import a repository"
          description="From a path on this computer or a Git URL; it becomes a project."
          onClick={onImport}
        />
        <WelcomeOption
          icon={<IconDatabaseImport size={22} stroke={1.7} />}
          title="Load demo data"
          description="Users, merge requests, pipelines, alerts and more, made from a real repository."
          onClick={onDemo}
        />
      </Stack>
      <Group justify="center">
        <Anchor component="button" type="button" size="sm" onClick={onSkip}>
          Skip — go to Outpost
        </Anchor>
      </Group>
    </Stack>
  );
}
