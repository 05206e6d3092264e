import { RelativeTime } from '../../components/relative-time.js';
import { ProjectAreaIndexPage } from '../project-area/project-area-index-page.js';
import { pipelinePaths } from './pipeline-paths.js';

/** The navbar's Pipelines entry: the last project's pipelines, or a project picker. */
export function PipelinesIndexPage() {
  return (
    <ProjectAreaIndexPage
      area="pipelines"
      routeFor={pipelinePaths.list}
      rowDetails={(project) => <RelativeTime iso={project.last_activity_at} size="xs" c="dimmed" />}
    />
  );
}
