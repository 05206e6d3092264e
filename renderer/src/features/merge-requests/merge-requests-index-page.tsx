import { Button } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ProjectAreaIndexPage } from '../project-area/project-area-index-page.js';
import { mergeRequestsRoute } from './merge-request-paths.js';

/**
 * The navbar's Merge requests entry: the last project's merge requests, or a project picker with a
 * way to the merge requests that involve you on every project.
 */
export function MergeRequestsIndexPage() {
  return (
    <ProjectAreaIndexPage
      area="merge-requests"
      routeFor={mergeRequestsRoute}
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
