import { IconRocket } from '@tabler/icons-react';
import { useActiveProfile } from '../../app/active-profile.js';
import { ProjectPickerPage } from '../../components/project-picker-page.js';
import { RelativeTime } from '../../components/relative-time.js';
import { useLastProject } from '../../stores/last-project-store.js';
import { pipelinePaths } from './pipeline-paths.js';

/** The navbar's Pipelines entry: the last project's pipelines, or a project picker. */
export function PipelinesIndexPage() {
  const profile = useActiveProfile();
  return (
    <ProjectPickerPage
      title="Pipelines"
      description="Pick a project to see and run its pipelines."
      icon={<IconRocket size={18} stroke={1.7} />}
      emptyDescription="Create or import a project on the Projects screen, then run its pipelines here."
      lastProjectId={useLastProject('pipelines', profile.id)}
      routeFor={pipelinePaths.list}
      rowTestId="pipelines-pick"
      rowDetails={(project) => <RelativeTime iso={project.last_activity_at} size="xs" c="dimmed" />}
    />
  );
}
