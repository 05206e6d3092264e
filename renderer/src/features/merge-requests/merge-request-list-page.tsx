import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Center,
  CloseButton,
  EmptyState,
  Group,
  Loader,
  Menu,
  Modal,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  IconAdjustmentsHorizontal,
  IconArrowsExchange,
  IconBookmark,
  IconGitBranch,
  IconGitMerge,
  IconMessage,
  IconPlus,
  IconSearch,
  IconTag,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import type { Page } from '../../api/pagination.js';
import { mergeRequestQueries } from '../../api/merge-requests/queries.js';
import type { MergeRequest } from '../../api/merge-requests/types.js';
import { projectQueries } from '../../api/projects/queries.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { PageHeader } from '../../components/page-header.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { RelativeTime } from '../../components/relative-time.js';
import {
  useMergeRequestViewDeleted,
  useMergeRequestViewSaved,
  useSavedMergeRequestViews,
} from '../../stores/merge-requests-store.js';
import { useRememberProject } from '../../stores/last-project-store.js';
import { ListPager } from '../../components/list-pager.js';
import { LabelChips, MergeStatusIcon, isDraft } from './merge-request-badges.js';
import {
  DEFAULT_FILTERS,
  MERGE_REQUEST_STATES,
  activeFilterChips,
  filtersFromSearch,
  filtersToApiQuery,
  filtersToSearch,
  type MergeRequestFilters,
  type MergeRequestStateTab,
} from './merge-request-filters.js';
import { MERGE_REQUESTS_PICK_ROUTE, labelsRoute, mergeRequestRoute } from './merge-request-paths.js';
import classes from './merge-requests.module.css';
import { NewMergeRequestModal } from './new-merge-request-modal.js';

const PER_PAGE = 20;
const STATE_LABELS: Record<MergeRequestStateTab, string> = {
  opened: 'Open',
  merged: 'Merged',
  closed: 'Closed',
  all: 'All',
};

/**
 * The merge request list of one project (`/merge-requests/:projectId`) or of every project the user is
 * involved in (`/merge-requests/mine`, `GET /merge_requests?scope=…`). Filters live in the URL query and
 * can be saved as named views.
 */
export function MergeRequestListPage() {
  const profile = useActiveProfile();
  const params = useParams();
  const mine = params.projectId === 'mine';
  const projectId = mine ? 0 : Number(params.projectId);
  const valid = mine || (Number.isInteger(projectId) && projectId > 0);
  const scopeKey: number | 'mine' = mine ? 'mine' : projectId;
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const scope = searchParams.get('scope') === 'assigned_to_me' ? 'assigned_to_me' : 'created_by_me';
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  const project = useQuery({ ...projectQueries.detail(profile.id, projectId), enabled: !mine && valid });
  const notFound = !valid || (project.error instanceof ApiError && project.error.status === 404);
  useRememberProject('merge-requests', profile.id, project.data?.id, notFound && !mine);

  const baseQuery = { ...filtersToApiQuery(filters, PER_PAGE), ...(mine ? { scope } : {}) };
  const list = useQuery({ ...mergeRequestQueries.list(profile.id, scopeKey, baseQuery), enabled: valid });
  const counts = useQueries({
    queries: MERGE_REQUEST_STATES.map((state) => ({
      ...mergeRequestQueries.list(profile.id, scopeKey, { ...baseQuery, state, page: 1, per_page: 1 }),
      enabled: valid,
      select: (page: Page<MergeRequest>) => page.total,
    })),
  });

  const apply = (next: MergeRequestFilters) => {
    const search = filtersToSearch(next);
    if (mine && scope !== 'created_by_me') search.set('scope', scope);
    setSearchParams(search);
  };
  const update = (patch: Partial<MergeRequestFilters>) => apply({ ...filters, page: 1, ...patch });

  const switchProject = (
    <Button
      component={Link}
      to={MERGE_REQUESTS_PICK_ROUTE}
      variant="default"
      leftSection={<IconArrowsExchange size={16} />}
    >
      Switch project
    </Button>
  );

  if (notFound) {
    return (
      <>
        <PageHeader title="Merge requests" actions={switchProject} />
        <QueryErrorAlert
          title="Project not found"
          error={project.error ?? new Error('This address names no project.')}
        >
          <Button size="xs" variant="light" color="red" component={Link} to={MERGE_REQUESTS_PICK_ROUTE}>
            Pick another project
          </Button>
        </QueryErrorAlert>
      </>
    );
  }
  if (!mine && project.isPending) {
    return (
      <Center h="40vh">
        <Loader type="dots" aria-label="Loading project" />
      </Center>
    );
  }

  const description = mine ? (
    'Merge requests you opened or are assigned to, on every project.'
  ) : (
    <Group gap={6} component="span">
      <Text span size="sm" fw={600} c="var(--mantine-color-text)">
        {project.data?.name}
      </Text>
      <Text span size="sm" c="dimmed" ff="monospace">
        {project.data?.path_with_namespace}
      </Text>
    </Group>
  );

  return (
    <>
      <PageHeader
        title={mine ? 'My merge requests' : 'Merge requests'}
        description={description}
        actions={
          <Group gap="xs">
            {switchProject}
            {!mine ? (
              <>
                <Button
                  component={Link}
                  to={labelsRoute(projectId)}
                  variant="default"
                  leftSection={<IconTag size={16} />}
                >
                  Labels
                </Button>
                <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                  New merge request
                </Button>
              </>
            ) : null}
          </Group>
        }
      />
      {mine ? (
        <SegmentedControl
          mb="sm"
          value={scope}
          onChange={(value) => {
            const search = filtersToSearch({ ...filters, page: 1 });
            if (value !== 'created_by_me') search.set('scope', value);
            setSearchParams(search);
          }}
          data={[
            { value: 'created_by_me', label: 'Created by me' },
            { value: 'assigned_to_me', label: 'Assigned to me' },
          ]}
        />
      ) : null}
      <Tabs
        value={filters.state}
        onChange={(value) => update({ state: (value as MergeRequestStateTab) ?? 'opened' })}
        mb="sm"
      >
        <Tabs.List>
          {MERGE_REQUEST_STATES.map((state, index) => (
            <Tabs.Tab
              key={state}
              value={state}
              rightSection={
                counts[index]?.data != null ? (
                  <Badge size="xs" variant="light" color="gray">
                    {counts[index].data}
                  </Badge>
                ) : null
              }
            >
              {STATE_LABELS[state]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <FilterBar filters={filters} onApply={apply} onUpdate={update} profileId={profile.id} />
      <Paper withBorder>
        {list.isError ? (
          <QueryErrorAlert
            title="Couldn’t load merge requests"
            error={list.error}
            onRetry={() => list.refetch()}
            retrying={list.isFetching}
            m="md"
          />
        ) : !list.data ? (
          <Stack gap={0} aria-busy>
            {Array.from({ length: 5 }, (_, index) => (
              <Stack key={index} p="md" gap={6}>
                <Skeleton height={12} width="45%" />
                <Skeleton height={8} width="30%" />
              </Stack>
            ))}
          </Stack>
        ) : list.data.items.length === 0 ? (
          <EmptyState
            py={48}
            icon={<IconGitMerge size={24} stroke={1.6} />}
            withIndicatorBackground
            title={
              activeFilterChips(filters).length > 0
                ? 'No merge requests match these filters'
                : 'No merge requests here'
            }
            description={
              activeFilterChips(filters).length > 0
                ? 'Remove a filter chip above, or choose another state tab.'
                : mine
                  ? 'Merge requests you open or are assigned to show up here.'
                  : 'Open one from a branch with “New merge request”.'
            }
          />
        ) : (
          <Stack gap={0} data-testid="mr-list" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            {list.data.items.map((mr) => (
              <MergeRequestRow key={mr.id} mr={mr} showProject={mine} />
            ))}
          </Stack>
        )}
        {list.data ? (
          <ListPager
            page={list.data}
            noun="merge requests"
            onPageChange={(page) => apply({ ...filters, page })}
          />
        ) : null}
      </Paper>
      {!mine && creating ? (
        <NewMergeRequestModal
          profileId={profile.id}
          projectId={projectId}
          defaultBranch={project.data?.default_branch ?? null}
          onClose={() => setCreating(false)}
          onCreated={(iid) => navigate(mergeRequestRoute(projectId, iid))}
        />
      ) : null}
    </>
  );
}

/** One merge request of the list: `!iid`, title, draft badge, labels, author, branches, status, comments. */
function MergeRequestRow({ mr, showProject }: { mr: MergeRequest; showProject: boolean }) {
  return (
    <Anchor
      component={Link}
      to={mergeRequestRoute(mr.project_id, mr.iid)}
      className={classes.row}
      underline="never"
      data-testid="mr-row"
    >
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            {isDraft(mr) ? (
              <Badge size="sm" color="yellow" variant="light">
                Draft
              </Badge>
            ) : null}
            <Text fw={600} size="sm" c="var(--mantine-color-text)">
              {mr.title}
            </Text>
            <LabelChips labels={mr.labels} />
          </Group>
          <Group gap={8} wrap="wrap">
            <Text size="xs" c="dimmed" ff="monospace">
              {showProject ? mr.references.full : mr.references.short}
            </Text>
            <Text size="xs" c="dimmed">
              by {mr.author?.name ?? 'unknown'}
            </Text>
            <Group gap={4} wrap="nowrap">
              <IconGitBranch size={12} color="var(--mantine-color-dimmed)" />
              <Text size="xs" c="dimmed" ff="monospace">
                {mr.source_branch} → {mr.target_branch}
              </Text>
            </Group>
          </Group>
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <MergeStatusIcon mr={mr} />
          {mr.state === 'merged' ? (
            <Badge size="sm" color="violet" variant="light">
              Merged
            </Badge>
          ) : mr.state === 'closed' ? (
            <Badge size="sm" color="red" variant="light">
              Closed
            </Badge>
          ) : null}
          <Group gap={2} wrap="nowrap" aria-label={`${mr.user_notes_count} comments`}>
            <IconMessage size={14} color="var(--mantine-color-dimmed)" />
            <Text size="xs" c="dimmed">
              {mr.user_notes_count}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" w={96} ta="right">
            updated <RelativeTime iso={mr.updated_at} span size="xs" c="dimmed" />
          </Text>
        </Group>
      </Group>
    </Anchor>
  );
}

/** Search box, removable chips for the set filters, a panel with every filter, and saved views. */
function FilterBar({
  filters,
  onApply,
  onUpdate,
  profileId,
}: {
  filters: MergeRequestFilters;
  onApply: (filters: MergeRequestFilters) => void;
  onUpdate: (patch: Partial<MergeRequestFilters>) => void;
  profileId: string;
}) {
  const [search, setSearch] = useState(filters.search);
  const [panel, setPanel] = useState(false);
  const [draft, setDraft] = useState(filters);
  const [saving, setSaving] = useState(false);
  const [viewName, setViewName] = useState('');
  const views = useSavedMergeRequestViews(profileId);
  const viewSaved = useMergeRequestViewSaved();
  const viewDeleted = useMergeRequestViewDeleted();
  const [, setSearchParams] = useSearchParams();
  // Follow the URL when it changes the search (chip removed, saved view opened): adjust during render.
  const [shownSearch, setShownSearch] = useState(filters.search);
  if (shownSearch !== filters.search) {
    setShownSearch(filters.search);
    setSearch(filters.search);
  }
  const chips = activeFilterChips(filters);

  const field = (key: keyof MergeRequestFilters, label: string, placeholder?: string, type = 'text') => (
    <TextInput
      label={label}
      placeholder={placeholder}
      type={type}
      value={String(draft[key])}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setDraft((current) => ({ ...current, [key]: value }));
      }}
    />
  );

  return (
    <Stack gap="xs" mb="sm">
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label="Search merge requests"
          placeholder="Search title and description, press Enter"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onUpdate({ search: search.trim() });
          }}
          style={{ flex: 1 }}
        />
        <Button
          variant={panel ? 'light' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          onClick={() => {
            setDraft(filters);
            setPanel((open) => !open);
          }}
        >
          Filters
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" leftSection={<IconBookmark size={16} />}>
              Views
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {views.length === 0 ? <Menu.Label>No saved views yet</Menu.Label> : null}
            {views.map((view) => (
              <Menu.Item
                key={view.name}
                onClick={() => setSearchParams(new URLSearchParams(view.query))}
                rightSection={
                  <ActionIcon
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Delete view ${view.name}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      viewDeleted(profileId, view.name);
                    }}
                  >
                    <IconTrash size={12} />
                  </ActionIcon>
                }
              >
                {view.name}
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item leftSection={<IconPlus size={14} />} onClick={() => setSaving(true)}>
              Save current view…
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {chips.length > 0 ? (
        <Group gap={6} data-testid="mr-filter-chips">
          {chips.map((chip) => (
            <Badge
              key={chip.key}
              variant="light"
              color="gray"
              tt="none"
              size="lg"
              radius="sm"
              pr={3}
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={`Remove ${chip.label} filter`}
                  onClick={() => onUpdate({ [chip.key]: '' })}
                />
              }
            >
              {chip.label}: {chip.value}
            </Badge>
          ))}
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => onApply({ ...DEFAULT_FILTERS, state: filters.state })}
          >
            Clear all
          </Button>
        </Group>
      ) : null}
      {panel ? (
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            {field('author', 'Author', 'username')}
            {field('assignee', 'Assignee', 'username')}
            {field('reviewer', 'Reviewer', 'username')}
            {field('milestone', 'Milestone', 'title, None or Any')}
            {field('labels', 'Labels', 'bug,ui — or None / Any')}
            {field('notLabels', 'Not labels', 'wontfix')}
            {field('sourceBranch', 'Source branch')}
            {field('targetBranch', 'Target branch')}
            {field('createdAfter', 'Created after', undefined, 'date')}
            {field('createdBefore', 'Created before', undefined, 'date')}
            {field('updatedAfter', 'Updated after', undefined, 'date')}
            {field('updatedBefore', 'Updated before', undefined, 'date')}
          </SimpleGrid>
          <Group mt="sm" justify="space-between">
            <Group gap="xs">
              <Text size="sm" fw={500}>
                Draft
              </Text>
              <SegmentedControl
                size="xs"
                value={draft.wip || 'any'}
                onChange={(value) =>
                  setDraft((current) => ({ ...current, wip: value === 'any' ? '' : (value as 'yes' | 'no') }))
                }
                data={[
                  { value: 'any', label: 'Any' },
                  { value: 'yes', label: 'Drafts' },
                  { value: 'no', label: 'Ready' },
                ]}
              />
            </Group>
            <Group gap="xs">
              <Button variant="default" onClick={() => setPanel(false)}>
                Cancel
              </Button>
              <Button
                onClick={() => {
                  onApply({ ...draft, search: filters.search, state: filters.state, page: 1 });
                  setPanel(false);
                }}
              >
                Apply filters
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
      <Modal opened={saving} onClose={() => setSaving(false)} title="Save view" size="sm">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            viewSaved(profileId, { name: viewName, query: filtersToSearch(filters).toString() });
            setSaving(false);
            setViewName('');
          }}
        >
          <Stack>
            <TextInput
              label="Name"
              value={viewName}
              onChange={(event) => setViewName(event.currentTarget.value)}
              data-autofocus
              required
            />
            <Group justify="flex-end">
              <Button type="submit" disabled={viewName.trim() === ''}>
                Save view
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
