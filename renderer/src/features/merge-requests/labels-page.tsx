import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowLeft, IconArrowUpCircle, IconPlus, IconSearch, IconTag } from '@tabler/icons-react';
import { Link } from 'react-router';
import { describeError } from '../../api/describe-error.js';
import { ConfirmModal } from '../../components/confirm-modal.js';
import { RowActions, deleteAction, editAction } from '../../components/data-table/index.js';
import { ListPager } from '../../components/list-pager.js';
import { MarkdownView } from '../../components/markdown-view.js';
import { PageHeader } from '../../components/page-header.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { LabelFormModal } from './label-form-modal.js';
import { mergeRequestsRoute } from './merge-request-paths.js';
import classes from './merge-requests.module.css';
import { useLabelsPageState } from './use-labels-page-state.js';
import { labelTextColor } from '../../components/label-text-color.js';

/**
 * A project's labels (`/merge-requests/:projectId/labels`): colour, name, Markdown description, open
 * issue and merge request counts (`with_counts`), priority, subscribe toggle, and create, edit, delete
 * and "promote to group label". State: {@link useLabelsPageState}.
 */
export function LabelsPage() {
  const state = useLabelsPageState();
  const { labels, search, deleting, promoting, remove, promote } = state;

  return (
    <>
      <PageHeader
        title="Labels"
        description={
          state.project.data
            ? `${state.project.data.name} · ${state.project.data.path_with_namespace}`
            : undefined
        }
        actions={
          <Group gap="xs">
            <Button
              component={Link}
              to={mergeRequestsRoute(state.projectId)}
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
            >
              Merge requests
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => state.setEditing('new')}>
              New label
            </Button>
          </Group>
        }
      />
      <Paper withBorder>
        <Group p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <TextInput
            aria-label="Search labels"
            placeholder="Search labels"
            leftSection={<IconSearch size={16} />}
            value={state.searchInput}
            onChange={(event) => state.typeSearch(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
        </Group>
        {labels.isError ? (
          <QueryErrorAlert title="Couldn’t load labels" query={labels} m="md" />
        ) : !labels.data ? (
          <Stack p="md" gap="sm" aria-busy>
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} height={18} />
            ))}
          </Stack>
        ) : labels.data.items.length === 0 ? (
          <EmptyState
            py={48}
            icon={<IconTag size={24} />}
            withIndicatorBackground
            title={search ? `No labels match “${search}”` : 'No labels yet'}
            description={search ? undefined : 'Labels sort merge requests and issues; create the first one.'}
          />
        ) : (
          <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="labels-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Label</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Open MRs</Table.Th>
                <Table.Th ta="right">Issues</Table.Th>
                <Table.Th ta="right">Priority</Table.Th>
                <Table.Th>Subscribed</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {labels.data.items.map((label) => (
                <Table.Tr key={label.id} data-testid="label-row">
                  <Table.Td>
                    <Group gap={8} wrap="nowrap">
                      <span className={classes.swatch} style={{ backgroundColor: label.color }} aria-hidden />
                      {/* Long names wrap inside the badge instead of ellipsizing (1024 px wide). */}
                      <Badge
                        radius="sm"
                        tt="none"
                        h="auto"
                        py={2}
                        styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
                        style={{ backgroundColor: label.color, color: labelTextColor(label.color) }}
                      >
                        {label.name}
                      </Badge>
                      {label.is_project_label === false ? (
                        <Badge size="xs" variant="outline" color="gray">
                          group
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td maw={360}>
                    {label.description ? (
                      <MarkdownView source={label.description} compact />
                    ) : (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{label.open_merge_requests_count ?? '—'}</Table.Td>
                  <Table.Td ta="right">
                    {label.open_issues_count ?? '—'}
                    <Text span size="xs" c="dimmed">
                      {label.closed_issues_count != null ? ` / ${label.closed_issues_count} closed` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{label.priority ?? '—'}</Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`Subscribe to ${label.name}`}
                      checked={label.subscribed}
                      onChange={(event) =>
                        state.subscribe.mutate({ id: label.id, subscribe: event.currentTarget.checked })
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    {label.is_project_label !== false ? (
                      <RowActions
                        actions={[
                          editAction(label.name, () => state.setEditing(label)),
                          ...(state.inGroup
                            ? [
                                {
                                  tooltip: 'Promote to group label',
                                  label: `Promote ${label.name}`,
                                  icon: <IconArrowUpCircle size={16} stroke={1.7} />,
                                  onClick: () => state.setPromoting(label),
                                },
                              ]
                            : []),
                          deleteAction(label.name, () => state.setDeleting(label)),
                        ]}
                      />
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {labels.data ? <ListPager page={labels.data} noun="labels" onPageChange={state.setPage} /> : null}
      </Paper>
      {state.subscribe.error ? (
        <Alert color="red" mt="sm">
          {describeError(state.subscribe.error)}
        </Alert>
      ) : null}
      {state.editing ? (
        <LabelFormModal
          profileId={state.profileId}
          projectId={state.projectId}
          label={state.editing === 'new' ? null : state.editing}
          onClose={() => state.setEditing(null)}
        />
      ) : null}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete label"
        confirmLabel="Delete label"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => {
          state.setDeleting(null);
          remove.reset();
        }}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => state.setDeleting(null) })}
      >
        Delete <b>{deleting?.name}</b>? It is removed from every merge request and issue of this project.
      </ConfirmModal>
      <ConfirmModal
        opened={promoting !== null}
        title="Promote to group label"
        confirmLabel="Promote"
        danger={false}
        busy={promote.isPending}
        error={promote.error}
        onClose={() => {
          state.setPromoting(null);
          promote.reset();
        }}
        onConfirm={() =>
          promoting && promote.mutate(promoting.id, { onSuccess: () => state.setPromoting(null) })
        }
      >
        Promote <b>{promoting?.name}</b> to a label of the group? Every project of the group can then use it,
        and this cannot be undone here.
      </ConfirmModal>
    </>
  );
}
