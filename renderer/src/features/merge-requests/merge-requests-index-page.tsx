import { Button } from '@mantine/core';
import { IconGitMerge, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useActiveProfile } from '../../app/active-profile.js';
import { ProjectPickerPage } from '../../components/project-picker-page.js';
import { useLastProject } from '../../stores/last-project-store.js';
import { mergeRequestsRoute } from './merge-request-paths.js';

/**
 * The navbar's Merge requests entry: the last project's merge requests, or a project picker with a
 * way to the merge requests that involve you on every project.
 */
export function MergeRequestsIndexPage() {
  const profile = useActiveProfile();
  return (
    <ProjectPickerPage
      title="Merge requests"
      description="Pick a project to review its merge requests, or see the ones that involve you on every project."
      icon={<IconGitMerge size={18} stroke={1.7} />}
      emptyDescription="Create or import a project on the Projects screen, then open merge requests here."
      lastProjectId={useLastProject('merge-requests', profile.id)}
      routeFor={mergeRequestsRoute}
      rowTestId="mr-project-pick"
      actions={
        <Button
          component={Link}
          to={mergeRequestsRoute('mine')}
          variant="default"
          leftSection={<IconUser size={16} />}
        >
          My merge requests
        </Button>
      }
    />
  );
}
