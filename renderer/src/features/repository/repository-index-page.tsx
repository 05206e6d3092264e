import { Text } from '@mantine/core';
import { RelativeTime } from '../../components/relative-time.js';
import { ProjectAreaIndexPage } from '../project-area/project-area-index-page.js';
import { repositoryRoute } from './repository-paths.js';

/** The navbar's Repository entry: the last project's repository, or a project picker. */
export function RepositoryIndexPage() {
  return (
    <ProjectAreaIndexPage
      area="repository"
      routeFor={repositoryRoute}
      rowDetails={(project) => (
        <>
          <Text size="xs" c="dimmed">
            {project.empty_repo ? 'Empty repository' : project.default_branch}
          </Text>
          <RelativeTime iso={project.last_activity_at} size="xs" c="dimmed" />
        </>
      )}
    />
  );
}
