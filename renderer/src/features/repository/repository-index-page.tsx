import { Text } from '@mantine/core';
import { IconCode } from '@tabler/icons-react';
import { useActiveProfile } from '../../app/active-profile.js';
import { ProjectPickerPage } from '../../components/project-picker-page.js';
import { RelativeTime } from '../../components/relative-time.js';
import { useLastProject } from '../../stores/last-project-store.js';
import { repositoryRoute } from './repository-paths.js';

/** The navbar's Repository entry: the last project's repository, or a project picker. */
export function RepositoryIndexPage() {
  const profile = useActiveProfile();
  return (
    <ProjectPickerPage
      title="Repository"
      description="Pick a project to browse its files, history, branches and tags."
      icon={<IconCode size={18} stroke={1.7} />}
      emptyDescription="Create or import a project on the Projects screen, then browse its repository here."
      lastProjectId={useLastProject('repository', profile.id)}
      routeFor={repositoryRoute}
      rowTestId="repository-pick"
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
