import { IconBell, IconCode, IconGitMerge, IconRocket, type Icon } from '@tabler/icons-react';
import { useActiveProfile } from '../../app/active-profile.js';
import { ProjectPickerPage, type ProjectPickerPageProps } from '../../components/project-picker-page.js';
import { useLastProject, type ProjectArea } from '../../stores/last-project-store.js';

/** What each project-scoped area's navbar entry says in its picker. */
interface AreaPicker {
  title: string;
  description: string;
  icon: Icon;
  emptyDescription: string;
  /** `data-testid` of each project row (the e2e specs select by it). */
  rowTestId: string;
}

const PICKERS: Record<ProjectArea, AreaPicker> = {
  alerts: {
    title: 'Alerts',
    description: 'Pick a project to see the alerts its monitoring tools sent, and to connect new ones.',
    icon: IconBell,
    emptyDescription:
      'Create a project on the Projects screen, then connect your monitoring tools to it here.',
    rowTestId: 'alerts-project-pick',
  },
  pipelines: {
    title: 'Pipelines',
    description: 'Pick a project to see and run its pipelines.',
    icon: IconRocket,
    emptyDescription: 'Create or import a project on the Projects screen, then run its pipelines here.',
    rowTestId: 'pipelines-pick',
  },
  repository: {
    title: 'Repository',
    description: 'Pick a project to browse its files, history, branches and tags.',
    icon: IconCode,
    emptyDescription: 'Create or import a project on the Projects screen, then browse its repository here.',
    rowTestId: 'repository-pick',
  },
  'merge-requests': {
    title: 'Merge requests',
    description:
      'Pick a project to review its merge requests, or see the ones that involve you on every project.',
    icon: IconGitMerge,
    emptyDescription: 'Create or import a project on the Projects screen, then open merge requests here.',
    rowTestId: 'mr-project-pick',
  },
};

/** Props of {@link ProjectAreaIndexPage}: the area, its address for a project, and optional extras. */
export type ProjectAreaIndexPageProps = { area: ProjectArea } & Pick<
  ProjectPickerPageProps,
  'routeFor' | 'rowDetails' | 'actions'
>;

/**
 * The navbar entry of a project-scoped area (alerts, pipelines, repository, merge requests): the
 * project the area showed last on this instance, or (first time, or `?pick=1`) the area's project
 * picker with its title, sentence and icon.
 */
export function ProjectAreaIndexPage({ area, ...rest }: ProjectAreaIndexPageProps) {
  const profile = useActiveProfile();
  const { icon: AreaIcon, ...texts } = PICKERS[area];
  return (
    <ProjectPickerPage
      {...texts}
      {...rest}
      icon={<AreaIcon size={18} stroke={1.7} />}
      lastProjectId={useLastProject(area, profile.id)}
    />
  );
}
