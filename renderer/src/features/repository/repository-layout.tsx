import { Anchor, Button, Center, Group, Loader, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  IconArrowsExchange,
  IconFolder,
  IconGitBranch,
  IconGitCommit,
  IconSettings,
  IconShieldLock,
  IconTag,
} from '@tabler/icons-react';
import { Link, Outlet, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { projectQueries } from '../../api/projects/queries.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { PageHeader } from '../../components/page-header.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { useRememberProject } from '../../stores/last-project-store.js';
import { projectSettingsRoute } from '../projects/project-paths.js';
import { CloneButton } from './clone-button.js';
import { RepositoryProvider } from './repository-context.js';
import { fileRoute, listRoute } from './repository-paths.js';

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
  const profile = useActiveProfile();
  const params = useParams();
  const projectId = Number(params.projectId);
  const valid = Number.isInteger(projectId) && projectId > 0;
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const project = useQuery({ ...projectQueries.detail(profile.id, projectId), enabled: valid });
  const notFound = !valid || (project.error instanceof ApiError && project.error.status === 404);

  useRememberProject('repository', profile.id, project.data?.id, notFound);

  const switchProject = (
    <Button
      component={Link}
      to="/repository?pick=1"
      variant="default"
      leftSection={<IconArrowsExchange size={16} />}
    >
      Switch project
    </Button>
  );

  if (notFound) {
    return (
      <>
        <PageHeader title="Repository" actions={switchProject} />
        <QueryErrorAlert
          title="Project not found"
          error={project.error ?? new Error('This address names no project.')}
        >
          <Button size="xs" variant="light" color="red" component={Link} to="/repository?pick=1">
            Pick another project
          </Button>
        </QueryErrorAlert>
      </>
    );
  }
  if (project.isPending) {
    return (
      <Center h="40vh">
        <Loader type="dots" aria-label="Loading project" />
      </Center>
    );
  }
  if (project.isError) {
    return (
      <>
        <PageHeader title="Repository" actions={switchProject} />
        <QueryErrorAlert
          title="Couldn’t load the project"
          error={project.error}
          onRetry={() => project.refetch()}
          retrying={project.isFetching}
        />
      </>
    );
  }

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
        profileId: profile.id,
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
          <Group gap={6} component="span">
            <Text span size="sm" c="dimmed" ff="monospace">
              {data.path_with_namespace}
            </Text>
            {data.description ? (
              <Text span size="sm" c="dimmed">
                · {data.description}
              </Text>
            ) : null}
            <Text span size="sm" c="dimmed">
              ·{' '}
              <Anchor component={Link} to="/projects" size="sm">
                All projects
              </Anchor>
            </Text>
          </Group>
        }
        actions={
          <Group gap="sm">
            {switchProject}
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
