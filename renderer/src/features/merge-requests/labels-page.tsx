import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  ColorInput,
  EmptyState,
  Group,
  Modal,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  IconArrowLeft,
  IconArrowUpCircle,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTag,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { describeError } from '../../api/describe-error.js';
import {
  useCreateLabel,
  useDeleteLabel,
  usePromoteLabel,
  useSubscribeLabel,
  useUpdateLabel,
} from '../../api/labels/mutations.js';
import { labelQueries } from '../../api/labels/queries.js';
import type { Label } from '../../api/labels/types.js';
import { projectQueries } from '../../api/projects/queries.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { ConfirmModal } from '../../components/confirm-modal.js';
import { PageHeader } from '../../components/page-header.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { ListPager } from '../../components/list-pager.js';
import { MarkdownField } from '../repository/markdown-field.js';
import { MarkdownView } from '../../components/markdown-view.js';
import { mergeRequestsRoute } from './merge-request-paths.js';
import classes from './merge-requests.module.css';

const PER_PAGE = 20;

/**
 * A project's labels (`/merge-requests/:projectId/labels`): colour, name, Markdown description, open
 * issue and merge request counts (`with_counts`), priority, subscribe toggle, and create, edit, delete
 * and "promote to group label".
 */
export function LabelsPage() {
  const profile = useActiveProfile();
  const projectId = Number(useParams().projectId);
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 250);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Label | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Label | null>(null);
  const [promoting, setPromoting] = useState<Label | null>(null);
  const project = useQuery(projectQueries.detail(profile.id, projectId));
  const labels = useQuery(labelQueries.list(profile.id, projectId, { search, page, perPage: PER_PAGE }));
  const subscribe = useSubscribeLabel(profile.id, projectId);
  const remove = useDeleteLabel(profile.id, projectId);
  const promote = usePromoteLabel(profile.id, projectId);
  const inGroup = project.data?.namespace?.kind === 'group';

  return (
    <>
      <PageHeader
        title="Labels"
        description={project.data ? `${project.data.name} · ${project.data.path_with_namespace}` : undefined}
        actions={
          <Group gap="xs">
            <Button
              component={Link}
              to={mergeRequestsRoute(projectId)}
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
            >
              Merge requests
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
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
            value={searchInput}
            onChange={(event) => {
              setSearchInput(event.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: 1 }}
          />
        </Group>
        {labels.isError ? (
          <QueryErrorAlert
            title="Couldn’t load labels"
            error={labels.error}
            onRetry={() => labels.refetch()}
            retrying={labels.isFetching}
            m="md"
          />
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
                        style={{ backgroundColor: label.color, color: label.text_color ?? '#fff' }}
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
                        subscribe.mutate({ id: label.id, subscribe: event.currentTarget.checked })
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    {label.is_project_label !== false ? (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Edit">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Edit ${label.name}`}
                            onClick={() => setEditing(label)}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        {inGroup ? (
                          <Tooltip label="Promote to group label">
                            <ActionIcon
                              variant="subtle"
                              aria-label={`Promote ${label.name}`}
                              onClick={() => setPromoting(label)}
                            >
                              <IconArrowUpCircle size={16} />
                            </ActionIcon>
                          </Tooltip>
                        ) : null}
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${label.name}`}
                            onClick={() => setDeleting(label)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {labels.data ? <ListPager page={labels.data} noun="labels" onPageChange={setPage} /> : null}
      </Paper>
      {subscribe.error ? (
        <Alert color="red" mt="sm">
          {describeError(subscribe.error)}
        </Alert>
      ) : null}
      {editing ? (
        <LabelFormModal
          profileId={profile.id}
          projectId={projectId}
          label={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete label"
        confirmLabel="Delete label"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
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
          setPromoting(null);
          promote.reset();
        }}
        onConfirm={() => promoting && promote.mutate(promoting.id, { onSuccess: () => setPromoting(null) })}
      >
        Promote <b>{promoting?.name}</b> to a label of the group? Every project of the group can then use it,
        and this cannot be undone here.
      </ConfirmModal>
    </>
  );
}

/** Create or edit a label: name, colour, Markdown description, priority. */
function LabelFormModal({
  profileId,
  projectId,
  label,
  onClose,
}: {
  profileId: string;
  projectId: number;
  label: Label | null;
  onClose: () => void;
}) {
  const create = useCreateLabel(profileId, projectId);
  const update = useUpdateLabel(profileId, projectId);
  const [name, setName] = useState(label?.name ?? '');
  const [color, setColor] = useState(label?.color ?? '#6699cc');
  const [description, setDescription] = useState(label?.description ?? '');
  const [priority, setPriority] = useState<number | ''>(label?.priority ?? '');
  const mutation = label ? update : create;
  return (
    <Modal
      opened
      onClose={() => !mutation.isPending && onClose()}
      title={label ? `Edit ${label.name}` : 'New label'}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (label) {
            update.mutate(
              {
                id: label.id,
                input: {
                  new_name: name.trim() === label.name ? undefined : name.trim(),
                  color,
                  description,
                  priority,
                },
              },
              { onSuccess: onClose },
            );
          } else {
            create.mutate(
              { name: name.trim(), color, description, priority: priority === '' ? undefined : priority },
              { onSuccess: onClose },
            );
          }
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            required
            data-autofocus
          />
          <ColorInput label="Colour" value={color} onChange={setColor} format="hex" required />
          <MarkdownField label="Description" value={description} onChange={setDescription} />
          <NumberInput
            label="Priority"
            description="Lower numbers sort first; leave empty for no priority."
            value={priority}
            onChange={(value) => setPriority(typeof value === 'number' ? value : '')}
            min={0}
            allowDecimal={false}
          />
          {mutation.error ? <Alert color="red">{describeError(mutation.error)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={name.trim() === '' || color === ''}>
              {label ? 'Save label' : 'Create label'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
