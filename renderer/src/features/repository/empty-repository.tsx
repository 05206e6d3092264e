import { Button, Center, EmptyState, Paper, Stack } from '@mantine/core';
import { IconFilePlus, IconGitBranch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ClonePanel } from './clone-panel.js';
import { useRepository } from './repository-context.js';
import { fileRoute } from './repository-paths.js';

/**
 * The state of a repository without commits: what that means, how to add the first file here, and
 * the git commands to push an existing folder or repository to it (opened, as that is what most
 * people came for).
 */
export function EmptyRepository({ what = 'files' }: { what?: string }) {
  const { project, projectId } = useRepository();
  const branch = project.default_branch || 'main';
  return (
    <Paper withBorder py={40} px="xl">
      <Stack gap="xl" align="center">
        <Center>
          <EmptyState
            maw={520}
            variant="light"
            size="lg"
            icon={<IconGitBranch size={28} stroke={1.6} />}
            title="This repository is empty"
            description={`It has no commits yet, so there are no ${what} to show. Push an existing folder or repository with the commands below, or add a first file here.`}
          >
            <EmptyState.Actions>
              <Button
                variant="default"
                leftSection={<IconFilePlus size={16} />}
                component={Link}
                to={fileRoute(projectId, 'new', '', branch)}
              >
                Add a first file
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Center>
        <Stack w="100%" maw={640}>
          <ClonePanel project={project} opened={['push-folder', 'push-repository']} />
        </Stack>
      </Stack>
    </Paper>
  );
}
