import {
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { IconGitMerge, IconPlus, IconTag } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListPager } from '../../components/list-pager.js';
import { PageHeader } from '../../components/page-header.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { SwitchProjectButton, projectAreaFallback } from '../project-area/project-area.js';
import { FilterBar } from './merge-request-filter-bar.js';
import {
  MERGE_REQUEST_STATES,
  activeFilterChips,
  type MergeRequestStateTab,
} from './merge-request-filters.js';
import { MERGE_REQUESTS_PICK_ROUTE, labelsRoute } from './merge-request-paths.js';
import { MergeRequestRow } from './merge-request-row.js';
import { NewMergeRequestModal } from './new-merge-request-modal.js';
import { useMergeRequestListState } from './use-merge-request-list-state.js';

const STATE_LABELS: Record<MergeRequestStateTab, string> = {
  opened: 'Open',
  merged: 'Merged',
  closed: 'Closed',
  all: 'All',
};

/**
 * The merge request list of one project (`/merge-requests/:projectId`) or of every project the user is
 * involved in (`/merge-requests/mine`, `GET /merge_requests?scope=…`). Filters live in the URL query and
 * can be saved as named views. State: {@link useMergeRequestListState}.
 */
export function MergeRequestListPage() {
  const state = useMergeRequestListState();
  const { profileId, mine, projectId, project, filters, list, counts } = state;

  const switchProject = <SwitchProjectButton pickRoute={MERGE_REQUESTS_PICK_ROUTE} />;
  if (!mine) {
    const fallback = projectAreaFallback(state, {
      title: 'Merge requests',
      pickRoute: MERGE_REQUESTS_PICK_ROUTE,
    });
    if (fallback) return fallback;
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
  const filtered = activeFilterChips(filters).length > 0;

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
                <Button leftSection={<IconPlus size={16} />} onClick={() => state.setCreating(true)}>
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
          value={state.scope}
          onChange={state.setScope}
          data={[
            { value: 'created_by_me', label: 'Created by me' },
            { value: 'assigned_to_me', label: 'Assigned to me' },
          ]}
        />
      ) : null}
      <Tabs
        value={filters.state}
        onChange={(value) => state.update({ state: (value as MergeRequestStateTab) ?? 'opened' })}
        mb="sm"
      >
        <Tabs.List>
          {MERGE_REQUEST_STATES.map((tab, index) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              rightSection={
                counts[index] != null ? (
                  <Badge size="xs" variant="light" color="gray">
                    {counts[index]}
                  </Badge>
                ) : null
              }
            >
              {STATE_LABELS[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <FilterBar filters={filters} onApply={state.apply} onUpdate={state.update} profileId={profileId} />
      <Paper withBorder>
        {list.isError ? (
          <QueryErrorAlert title="Couldn’t load merge requests" query={list} m="md" />
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
            title={filtered ? 'No merge requests match these filters' : 'No merge requests here'}
            description={
              filtered
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
            onPageChange={(page) => state.apply({ ...filters, page })}
          />
        ) : null}
      </Paper>
      {!mine && state.creating ? (
        <NewMergeRequestModal
          profileId={profileId}
          projectId={projectId}
          defaultBranch={project.data?.default_branch ?? null}
          onClose={() => state.setCreating(false)}
          onCreated={state.openCreated}
        />
      ) : null}
    </>
  );
}
