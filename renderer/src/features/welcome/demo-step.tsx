import { Alert, Button, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCircleCheck, IconDatabaseImport, IconRefresh } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { asSentence } from '../../lib/as-sentence.js';
import { demoPercent } from './demo-progress.js';
import { useLoadDemo } from '../../api/onboarding/mutations.js';
import { demoQueries } from '../../api/onboarding/queries.js';
import classes from './welcome.module.css';
import { ErrorAlert } from '../../components/error-alert/error-alert.js';

/** Props of {@link DemoStep}. */
export interface DemoStepProps {
  /** The host's default demo repository (this project's checkout), or null. */
  defaultRepository: string | null;
  /** Leave the welcome screen for `to` (a route of the app). */
  onOpen: (to: string) => void;
}

/**
 * "Load demo data": builds a lived-in embedded instance from a real repository's history through the
 * host (`demo:load`), then shows its progress by polling `demo:status` every ~500 ms: a bar of
 * `completed`/`total`, the current step, the error with a retry, and at `done` a way into the project.
 */
export function DemoStep({ defaultRepository, onOpen }: DemoStepProps) {
  const [repository, setRepository] = useState(defaultRepository ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const status = useQuery(demoQueries.status());
  const load = useLoadDemo();
  const demo = status.data;

  const start = () => {
    const path = repository.trim();
    if (!path && !defaultRepository) {
      setFieldError('Enter the absolute path of a Git repository on this computer.');
      return;
    }
    if (path && !path.startsWith('/') && !/^[a-zA-Z]:[\\/]/.test(path)) {
      setFieldError('Use an absolute path, e.g. /home/me/src/my-app.');
      return;
    }
    setFieldError(undefined);
    load.mutate(path ? { repositoryPath: path } : {});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    start();
  };

  if (demo && demo.state !== 'idle' && !load.isError) {
    const percent = demoPercent(demo);
    return (
      <Stack gap="md" data-testid="demo-progress">
        {demo.state === 'failed' ? (
          <ErrorAlert title="The demo data could not be built">
            {asSentence(demo.error) || 'The build stopped.'}
          </ErrorAlert>
        ) : demo.state === 'done' ? (
          <Alert color="teal" variant="light" icon={<IconCircleCheck />} title="The demo instance is ready">
            {demo.project
              ? `${demo.project.pathWithNamespace} and everything around it were built from real history.`
              : 'Everything was built from real history.'}
          </Alert>
        ) : null}
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={500} truncate aria-live="polite">
              {demo.step ?? 'Starting…'}
            </Text>
            <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
              {demo.total > 0 ? `${demo.completed} of ${demo.total} steps` : ''}
            </Text>
          </Group>
          <Progress
            value={percent}
            color={demo.state === 'failed' ? 'red' : demo.state === 'done' ? 'teal' : undefined}
            animated={demo.state === 'running'}
            striped={demo.state === 'running'}
            size="lg"
            aria-label="Demo data progress"
          />
        </Stack>
        <Group justify="flex-end" gap="sm">
          {demo.state === 'failed' ? (
            <Button leftSection={<IconRefresh size={16} />} onClick={start} loading={load.isPending}>
              Try again
            </Button>
          ) : null}
          {demo.state === 'done' ? (
            <>
              <Button variant="default" onClick={() => onOpen('/projects')}>
                Go to Projects
              </Button>
              {demo.project ? (
                <Button autoFocus onClick={() => onOpen(`/repository/${demo.project?.id ?? ''}`)}>
                  Open the demo project
                </Button>
              ) : null}
            </>
          ) : (
            <Button variant="subtle" onClick={() => onOpen('/projects')}>
              {demo.state === 'running' ? 'Continue in the background' : 'Skip — go to Outpost'}
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="demo-form">
      <Stack gap="md">
        {load.isError ? <ErrorAlert title="The demo data could not be built" error={load.error} /> : null}
        <TextInput
          label="Repository"
          description={
            defaultRepository
              ? 'A Git repository on this computer; by default this checkout of Outpost.'
              : 'The absolute path of a Git repository on this computer.'
          }
          placeholder={defaultRepository ?? '/home/me/src/my-app'}
          value={repository}
          onChange={(event) => setRepository(event.currentTarget.value)}
          error={fieldError}
          autoFocus
          className={classes.mono}
        />
        <Group justify="flex-end" mt="xs">
          <Button type="submit" loading={load.isPending} leftSection={<IconDatabaseImport size={16} />}>
            {load.isError ? 'Try again' : 'Load demo data'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
