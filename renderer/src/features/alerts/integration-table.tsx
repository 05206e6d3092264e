import {
  ActionIcon,
  Badge,
  Button,
  Code,
  Group,
  Menu,
  Skeleton,
  Stack,
  Switch,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots, IconKey, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { AlertIntegration } from '../../api/alerts/types.js';
import { CopyIconButton } from '../../components/copy-button/copy-button.js';
import { DataTable, tableMeta } from '../../components/data-table/index.js';
import { RelativeTime } from '../../components/relative-time.js';
import type { IntegrationDialog } from './use-integrations-state.js';
import classes from './alert-table.module.css';
import { useAlertsProject } from './alerts-context.js';

/** What the endpoint rows can do; given to the table as its `meta`. */
export interface IntegrationRowActions {
  onToggleActive: (integration: AlertIntegration, active: boolean) => void;
  onDialog: (dialog: IntegrationDialog) => void;
}

const column = createColumnHelper<AlertIntegration>();

/** The row's actions: send a test alert, and a menu with rename, reset key and delete. */
function IntegrationActions({
  integration,
  onDialog,
}: {
  integration: AlertIntegration;
  onDialog: IntegrationRowActions['onDialog'];
}) {
  // The test alert is an Outpost extension (POST …/http_integrations/:id/test); GitLab has none.
  const { outpostExtensions } = useAlertsProject();
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {outpostExtensions ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconSend size={14} />}
          onClick={() => onDialog({ kind: 'test', integration })}
        >
          Send test alert
        </Button>
      ) : null}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${integration.name}`}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconPencil size={14} />}
            onClick={() => onDialog({ kind: 'rename', integration })}
          >
            Rename
          </Menu.Item>
          <Menu.Item
            leftSection={<IconKey size={14} />}
            onClick={() => onDialog({ kind: 'reset', integration })}
          >
            Reset key
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => onDialog({ kind: 'delete', integration })}
          >
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** Columns of the endpoint table: name, active switch, webhook URL (copy), created, actions. */
const integrationColumns: ColumnDef<AlertIntegration, unknown>[] = [
  column.display({
    id: 'name',
    header: 'Name',
    meta: { size: 'shrink', skeletonWidth: 140 },
    cell: ({ row }) => (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {row.original.name}
        </Text>
        <Group gap={4}>
          <Badge size="xs" variant="default">
            HTTP endpoint
          </Badge>
        </Group>
      </Stack>
    ),
  }),
  column.display({
    id: 'active',
    header: 'Active',
    meta: { size: 'shrink', skeleton: <Skeleton height={16} width={32} radius="xl" /> },
    cell: ({ row, table }) => (
      <Switch
        checked={row.original.active}
        onChange={(event) =>
          tableMeta<IntegrationRowActions>(table).onToggleActive(row.original, event.currentTarget.checked)
        }
        aria-label={`Active: ${row.original.name}`}
        color="teal"
      />
    ),
  }),
  column.display({
    id: 'url',
    header: 'Webhook URL',
    meta: { className: classes.urlCell },
    cell: ({ row }) => (
      <Group gap={4} wrap="nowrap">
        <Tooltip label={row.original.url} openDelay={600} maw={560} multiline>
          <Code className={classes.url} data-testid="integration-url">
            {row.original.url}
          </Code>
        </Tooltip>
        <CopyIconButton
          value={row.original.url}
          label="Copy URL"
          ariaLabel={`Copy URL of ${row.original.name}`}
        />
      </Group>
    ),
  }),
  column.display({
    id: 'created',
    header: 'Created',
    meta: { size: 'shrink', skeletonWidth: 70 },
    cell: ({ row }) => <RelativeTime iso={row.original.created_at} size="sm" />,
  }),
  column.display({
    id: 'actions',
    header: () => <VisuallyHidden>Actions</VisuallyHidden>,
    meta: { size: 'actions', skeletonWidth: 120, skeletonHeight: 22 },
    cell: ({ row, table }) => (
      <IntegrationActions
        integration={row.original}
        onDialog={tableMeta<IntegrationRowActions>(table).onDialog}
      />
    ),
  }),
];

/** The HTTP endpoints of a project in the shared {@link DataTable}. */
export function IntegrationTable({
  integrations,
  loading,
  actions,
}: {
  integrations: AlertIntegration[];
  loading: boolean;
  actions: IntegrationRowActions;
}) {
  return (
    <DataTable
      label="HTTP endpoints"
      data={integrations}
      columns={integrationColumns}
      meta={actions}
      getRowId={(integration) => String(integration.id)}
      loading={loading}
      skeletonRows={2}
      rowTestId="integration-row"
      minWidth={820}
    />
  );
}
