import { Button, Group, Tabs } from '@mantine/core';
import {
  IconFolder,
  IconGitBranch,
  IconGitCommit,
  IconSettings,
  IconShieldLock,
  IconTag,
} from '@tabler/icons-react';
import { Link, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.js';
import {
  ProjectAreaDescription,
  projectAreaFallback,
  SwitchProjectButton,
  useProjectArea,
} from '../project-area/project-area.js';
import { projectSettingsRoute } from '../projects/project-paths.js';
import { CloneButton } from './clone-button.js';
import { RepositoryProvider } from './repository-context.js';
import { fileRoute, listRoute } from './repository-paths.js';

/** The Repository entry's project picker, opened even when a last project is remembered. */
const REPOSITORY_PICK_ROUTE = '/repository?pick=1';

type TabValue = 'files' | 'commits' | 'branches' | 'tags' | 'protected-branches';

const TABS: { value: TabValue; label: string; icon: typeof IconFolder }[] = [
  { value: 'files', label: 'Files', icon: IconFolder },
  { value: 'commits', label: 'Commits', icon: IconGitCommit },
  { value: 'branches', label: 'Branches', icon: IconGitBranch },
  { value: 'tags', label: 'Tags', icon: IconTag },
  { value: 'protected-branches', label: 'Protected branches', icon: IconShieldLock },
];

function tabOf(pathname: string): TabValue {
  const view = pathname.split('/')[3] ?? 'tree';
  if (view === 'commit') return 'commits';
  if (view === 'commits' || view === 'branches' || view === 'tags' || view === 'protected-branches')
    return view;
  return 'files';
}

/**
 * The repository area of one project (`/repository/:projectId/…`): the project's name, tabs for
 * files, commits, branches, tags and protections, a Clone button (URL and git commands), a link to the
 * project's settings page, and the ref from `?ref=` (else the default branch) for the screens below. Remembers the project for the navbar's Repository entry.
 */
export function RepositoryLayout() {
  const area = useProjectArea('repository');
  const { profileId, projectId, project } = area;
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const fallback = projectAreaFallback(area, { title: 'Repository', pickRoute: REPOSITORY_PICK_ROUTE });
  if (fallback !== null || !project.data) return fallback;

  const data = project.data;
  const defaultBranch = data.default_branch ?? '';
  const ref = searchParams.get('ref') || defaultBranch;
  const tab = tabOf(pathname);
  const refForLinks = ref && ref !== defaultBranch ? ref : undefined;

  const goToTab = (value: string | null) => {
    if (value === 'files') navigate(fileRoute(projectId, 'tree', '', refForLinks));
    else if (value === 'commits') navigate(listRoute(projectId, 'commits', refForLinks));
    // The ref rides along on every tab, so coming back to Files or Commits keeps it.
    else if (value === 'branches' || value === 'tags' || value === 'protected-branches') {
      navigate(listRoute(projectId, value, refForLinks));
    }
  };

  return (
    <RepositoryProvider
      value={{
        profileId,
        project: data,
        projectId,
        ref,
        defaultBranch,
        empty: data.empty_repo || !defaultBranch,
      }}
    >
      <PageHeader
        title={data.name}
        description={
          <ProjectAreaDescription
            project={data}
            details={data.description}
            link={{ to: '/projects', label: 'All projects' }}
          />
        }
        actions={
          <Group gap="sm">
            <SwitchProjectButton pickRoute={REPOSITORY_PICK_ROUTE} />
            <Button
              component={Link}
              to={projectSettingsRoute(projectId)}
              variant="default"
              leftSection={<IconSettings size={16} />}
              aria-label={`Settings of ${data.name}`}
              data-testid="repository-settings-link"
            >
              Settings
            </Button>
            <CloneButton project={data} />
          </Group>
        }
      />
      <Tabs value={tab} onChange={goToTab} mb="md" keepMounted={false}>
        <Tabs.List>
          {TABS.map(({ value, label, icon: Icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} stroke={1.7} />}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </RepositoryProvider>
  );
}
