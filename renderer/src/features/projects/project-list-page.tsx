import { Alert, Button, EmptyState, Group, Kbd, Loader, Paper, Stack } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  IconAlertTriangle,
  IconBaselineDensityMedium,
  IconBaselineDensitySmall,
  IconFileImport,
  IconFolders,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import type { SortingState, Updater } from '@tanstack/react-table';
import { useRef, useState } from 'react';
import { useProjectMembership } from '../../api/projects/membership.js';
import { AllProjectsSwitch } from '../../components/all-projects-switch.js';
import { describeError } from '../../api/describe-error.js';
import type { ProjectListFilters, ProjectOrderBy } from '../../api/projects/keys.js';
import { projectQueries } from '../../api/projects/queries.js';
import { isImporting } from '../../api/projects/wait-for-import.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { useShortcut } from '../../app/shortcuts/use-shortcut.js';
import { RefreshButton } from '../../components/data-table/index.js';
import { ClearableInput, ListFilterBar, ToolButton } from '../../components/list-page/list-page.js';
import { PageHeader } from '../../components/page-header.js';
import { useUiPrefs } from '../../stores/ui-prefs-store.js';
import { CreateProjectModal } from './create-project-modal.js';
import { ImportProjectModal } from './import-project-modal.js';
import { ProjectPager, showPager } from './project-pager.js';
import { ProjectTable } from './project-table.js';

const SORTABLE: ReadonlySet<string> = new Set<ProjectOrderBy>(['name', 'last_activity_at']);

/**
 * The Projects screen: every project of the active instance in a server-paginated, searchable,
 * sortable table, with "New project" and "Import repository" dialogs. `/` focuses the search.
 */
export function ProjectListPage() {
  const profile = useActiveProfile();
  const perPage = useUiPrefs((state) => state.projectsPerPage);
  const projectsPerPageChosen = useUiPrefs((state) => state.projectsPerPageChosen);
  const density = useUiPrefs((state) => state.tableDensity);
  const tableDensityChosen = useUiPrefs((state) => state.tableDensityChosen);

  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 300);
  // The page belongs to one search: a new search starts again at page 1.
  const [pageState, setPageState] = useState({ search: '', page: 1 });
  const page = pageState.search === search ? pageState.page : 1;
  const [sorting, setSorting] = useState<SortingState>([{ id: 'last_activity_at', desc: true }]);
  const [createOpened, createModal] = useDisclosure(false);
  const [importOpened, importModal] = useDisclosure(false);
  const searchRef = useRef<HTMLInputElement>(null);
  useShortcut('projects-search', () => searchRef.current?.focus());

  const sort = sorting[0];
  const scope = useProjectMembership();
  const filters: ProjectListFilters = {
    membership: scope.membership,
    search,
    page,
    perPage,
    orderBy: sort && SORTABLE.has(sort.id) ? (sort.id as ProjectOrderBy) : 'last_activity_at',
    sort: sort && !sort.desc ? 'asc' : 'desc',
  };
  const query = useQuery({
    ...projectQueries.list(profile.id, filters),
    // Follow imports in progress until they settle.
    refetchInterval: (current) => (current.state.data?.items.some(isImporting) ? 2000 : false),
  });
  const data = query.data;
  const searching = searchInput.trim() !== search || (query.isFetching && query.isPlaceholderData);

  const onSortingChange = (updater: Updater<SortingState>) => {
    setSorting((previous) => (typeof updater === 'function' ? updater(previous) : updater));
    setPageState({ search, page: 1 });
  };

  const actions = (
    <>
      <AllProjectsSwitch scope={scope} />
      <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={importModal.open}>
        Import repository
      </Button>
      <Button leftSection={<IconPlus size={16} />} onClick={createModal.open}>
        New project
      </Button>
    </>
  );

  const total = data?.total;
  let description = `Projects on ${profile.name}`;
  if (total !== undefined && total !== null) {
    description = search
      ? `${total} ${total === 1 ? 'project matches' : 'projects match'} “${search}”`
      : `${total === 0 ? 'No' : total} ${total === 1 ? 'project' : 'projects'} on ${profile.name}`;
  }

  let body;
  if (query.isError && !data) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="Couldn’t load projects" m="md">
        <Stack gap="sm" align="flex-start">
          {describeError(query.error)}
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() => query.refetch()}
            loading={query.isFetching}
          >
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  } else if (data && data.items.length === 0 && !query.isPlaceholderData) {
    body = search ? (
      <EmptyState
        py={56}
        icon={<IconSearch size={26} stroke={1.6} />}
        withIndicatorBackground
        title={`No projects match “${search}”`}
        description="Try another name or path, or clear the search."
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={() => setSearchInput('')}>
            Clear search
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    ) : (
      <EmptyState
        py={56}
        variant="light"
        icon={<IconFolders size={26} stroke={1.6} />}
        title="No projects yet"
        description="Create a project, or import an existing Git repository from this computer."
      >
        <EmptyState.Actions>{actions}</EmptyState.Actions>
      </EmptyState>
    );
  } else {
    body = (
      <>
        {query.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle />}
            m="md"
            title="Couldn’t refresh projects"
          >
            <Group gap="sm">
              {describeError(query.error)}
              <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        ) : null}
        <ProjectTable
          projects={data?.items ?? []}
          loading={!data}
          skeletonRows={Math.min(perPage, 8)}
          sorting={sorting}
          onSortingChange={onSortingChange}
          density={density}
          stale={query.isPlaceholderData}
        />
        {data && showPager(data) ? (
          <ProjectPager
            page={data}
            onPageChange={(next) => setPageState({ search, page: next })}
            onPerPageChange={(next) => {
              projectsPerPageChosen(next);
              setPageState({ search, page: 1 });
            }}
          />
        ) : null}
      </>
    );
  }

  return (
    <>
      <PageHeader title="Projects" description={description} actions={actions} />
      <Paper withBorder>
        <ListFilterBar justify="space-between">
          <ClearableInput
            ref={searchRef}
            aria-label="Search projects"
            placeholder="Search by name or path"
            value={searchInput}
            onChange={setSearchInput}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setSearchInput('');
            }}
            leftSection={<IconSearch size={16} stroke={1.7} />}
            clearLabel="Clear search text"
            rightSection={searching ? <Loader size={14} /> : undefined}
            idleSection={<Kbd size="xs">/</Kbd>}
            w={{ base: '100%', sm: 340 }}
          />
          <Group gap={6}>
            <ToolButton
              tooltip={density === 'compact' ? 'Comfortable rows' : 'Compact rows'}
              label={density === 'compact' ? 'Comfortable rows' : 'Compact rows'}
              onClick={() => tableDensityChosen(density === 'compact' ? 'comfortable' : 'compact')}
            >
              {density === 'compact' ? (
                <IconBaselineDensityMedium size={16} stroke={1.7} />
              ) : (
                <IconBaselineDensitySmall size={16} stroke={1.7} />
              )}
            </ToolButton>
            <RefreshButton
              label="Refresh projects"
              onRefresh={() => void query.refetch()}
              refreshing={query.isFetching && !query.isPending}
            />
          </Group>
        </ListFilterBar>
        {body}
      </Paper>
      <CreateProjectModal profileId={profile.id} opened={createOpened} onClose={createModal.close} />
      <ImportProjectModal profileId={profile.id} opened={importOpened} onClose={importModal.close} />
    </>
  );
}
