import { Button, Center, EmptyState, Paper } from '@mantine/core';
import { IconFilePlus, IconGitBranch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useRepository } from './repository-context.js';
import { fileRoute } from './repository-paths.js';

/** The state of a repository without commits: what that means and how to add the first file. */
export function EmptyRepository({ what = 'files' }: { what?: string }) {
  const { project, projectId } = useRepository();
  const branch = project.default_branch || 'main';
  return (
    <Paper withBorder py={56} px="xl">
      <Center>
        <EmptyState
          maw={480}
          variant="light"
          size="lg"
          icon={<IconGitBranch size={28} stroke={1.6} />}
          title="This repository is empty"
          description={`It has no commits yet, so there are no ${what} to show. Add a first file here, or push an existing repository to ${project.http_url_to_repo}.`}
        >
          <EmptyState.Actions>
            <Button
              leftSection={<IconFilePlus size={16} />}
              component={Link}
              to={fileRoute(projectId, 'new', '', branch)}
            >
              Add a first file
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Center>
    </Paper>
  );
}
