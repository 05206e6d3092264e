import { Box, Center, Container, Group, Loader, Paper, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { OutpostLogo } from '../../app/layout/outpost-logo.js';
import { ThemeToggle } from '../../app/layout/theme-toggle.js';
import { ChooseStep } from './choose-step.js';
import { DemoStep } from './demo-step.js';
import { ImportStep } from './import-step.js';
import { NextSteps } from './next-steps.js';
import { RemoteStep } from './remote-step.js';
import { WelcomeStepHeader } from './welcome-step-header.js';
import { useChooseEmbedded } from '../../api/onboarding/mutations.js';
import { onboardingQueries } from '../../api/onboarding/queries.js';
import classes from './welcome.module.css';

/** Where the welcome screen is. `embedded*` steps come after the embedded instance was chosen. */
export type WelcomeStep = 'choose' | 'remote' | 'embedded' | 'embedded-import' | 'embedded-demo';

/** The step Esc (and "Back") returns to from each step; none from the first. */
const BACK: Record<WelcomeStep, WelcomeStep | null> = {
  choose: null,
  remote: 'choose',
  embedded: 'choose',
  'embedded-import': 'embedded',
  'embedded-demo': 'embedded',
};

/** Props of {@link WelcomePage}. */
export interface WelcomePageProps {
  /** Leave the welcome screen for the app route `to` (the choice has been recorded by then). */
  onLeave: (to: string) => void;
  /** First step to show (tests). Default `choose`. */
  initialStep?: WelcomeStep;
}

/**
 * The first-run welcome screen (issue 11): use the embedded instance (the default), or connect to a
 * GitLab instance with a URL and personal access token. After the embedded choice it offers "Import a
 * repository" and "Load demo data", or skipping to the app. Esc goes one step back; every form submits
 * on Enter. The choice is recorded with `onboarding:finish` before the app opens.
 */
export function WelcomePage({ onLeave, initialStep = 'choose' }: WelcomePageProps) {
  const [step, setStep] = useState<WelcomeStep>(initialStep);
  const [embeddedId, setEmbeddedId] = useState('embedded');
  const onboarding = useQuery(onboardingQueries.status());
  const chooseEmbedded = useChooseEmbedded();

  const back = BACK[step];
  const goBack = () => {
    if (back) setStep(back);
  };
  // Esc inside an open menu or popover closes that first; everywhere else it goes one step back.
  useHotkeys(
    [
      [
        'Escape',
        (event) => {
          const target = event.target instanceof Element ? event.target : null;
          if (target?.closest('[role="menu"], [role="listbox"], [role="dialog"]')) return;
          goBack();
        },
      ],
    ],
    [],
  );

  const pickEmbedded = () =>
    chooseEmbedded.mutate(undefined, {
      onSuccess: (id) => {
        setEmbeddedId(id);
        setStep('embedded');
      },
    });

  let body;
  switch (step) {
    case 'choose':
      body = (
        <ChooseStep
          onEmbedded={pickEmbedded}
          onRemote={() => setStep('remote')}
          busy={chooseEmbedded.isPending}
          error={chooseEmbedded.error}
        />
      );
      break;
    case 'remote':
      body = (
        <>
          <WelcomeStepHeader
            title="Connect to a GitLab instance"
            description="Outpost checks the address and the token with GET /version and GET /user before saving anything."
            onBack={goBack}
          />
          <RemoteStep onConnected={() => onLeave('/projects')} />
        </>
      );
      break;
    case 'embedded':
      body = (
        <NextSteps
          onImport={() => setStep('embedded-import')}
          onDemo={() => setStep('embedded-demo')}
          onSkip={() => onLeave('/projects')}
        />
      );
      break;
    case 'embedded-import':
      body = (
        <>
          <WelcomeStepHeader
            title="Import a repository"
            description="Outpost copies its branches and tags into a new project on the embedded instance."
            onBack={goBack}
          />
          <ImportStep profileId={embeddedId} onOpen={onLeave} />
        </>
      );
      break;
    case 'embedded-demo':
      body = (
        <>
          <WelcomeStepHeader
            title="Load demo data"
            description="A lived-in instance built from a real repository’s history: merge requests, pipelines, environments, alerts and their audit trail."
            onBack={goBack}
          />
          {onboarding.isPending ? (
            <Center py="lg">
              <Loader type="dots" aria-label="Loading" />
            </Center>
          ) : (
            <DemoStep defaultRepository={onboarding.data?.defaultDemoRepository ?? null} onOpen={onLeave} />
          )}
        </>
      );
      break;
  }

  return (
    <Box className={classes.page} data-testid="welcome-screen">
      <Group justify="space-between" px="lg" py="md">
        <Group gap={8} wrap="nowrap">
          <OutpostLogo size={28} />
          <Text fw={700} size="lg" lts={-0.2}>
            Outpost
          </Text>
        </Group>
        <ThemeToggle />
      </Group>
      <Container size={620} w="100%" pt={{ base: 'md', sm: 56 }} pb="xl">
        <Paper
          component="main"
          withBorder
          shadow="sm"
          radius="lg"
          p={{ base: 'lg', sm: 40 }}
          className={classes.card}
        >
          <Box style={{ display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-lg)' }}>
            {body}
          </Box>
        </Paper>
        <Text size="xs" c="dimmed" ta="center" mt="md">
          {back ? 'Press Esc to go back. ' : ''}You can add or switch instances later from the header.
        </Text>
      </Container>
    </Box>
  );
}
