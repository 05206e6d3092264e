import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  Menu,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  IconAlertTriangle,
  IconCheck,
  IconChevronDown,
  IconCopy,
  IconDownload,
  IconFileTypeCsv,
  IconJson,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { ExportFormat } from '../../../../shared/ipc-contract.js';
import { exportQueries, useCancelExport } from '../../api/audit-events/exports.js';
import { describeError } from '../../api/describe-error.js';
import { followExportInBackground } from './follow-export.js';

const number = new Intl.NumberFormat('en-US');
const FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV', ndjson: 'NDJSON' };

/** Props of {@link ExportMenu}. */
export interface ExportMenuProps {
  onExport: (format: ExportFormat) => void;
  starting: boolean;
  disabled: boolean;
}

/** The Export button: CSV or NDJSON of every event matching the time range and entity filters. */
export function ExportMenu({ onExport, starting, disabled }: ExportMenuProps) {
  return (
    <Menu position="bottom-end" width={300} shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={starting}
          disabled={disabled}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Every event in the time range and entity filter</Menu.Label>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => onExport('csv')}>
          CSV (spreadsheets)
        </Menu.Item>
        <Menu.Item leftSection={<IconJson size={16} />} onClick={() => onExport('ndjson')}>
          NDJSON (one JSON event per line)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Props of {@link ExportProgress}. */
export interface ExportProgressProps {
  profileId: string;
  exportId: string;
  onDismiss: () => void;
  onRetry: (format: ExportFormat) => void;
}

/**
 * A running export: a progress bar with the running count (determinate when the instance gave a
 * total), Cancel, and at the end the final count and the file's path, the error, or "canceled".
 */
export function ExportProgress({ profileId, exportId, onDismiss, onRetry }: ExportProgressProps) {
  const status = useQuery(exportQueries.status(profileId, exportId));
  const cancel = useCancelExport(profileId);
  const data = status.data;
  // Leaving the screen mid-export: a notification tells when it ends (follow-export.ts).
  const running = useRef(false);
  const state = data?.state;
  useEffect(() => {
    running.current = state === 'running';
  }, [state]);
  useEffect(
    () => () => {
      if (running.current) void followExportInBackground(exportId);
    },
    [exportId],
  );

  if (status.isError && !data) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle />}
        title="Lost track of the export"
        withCloseButton
        onClose={onDismiss}
      >
        {describeError(status.error)}
      </Alert>
    );
  }
  if (!data) {
    return (
      <Paper withBorder p="md" data-testid="export-progress" data-state="starting">
        <Group gap="sm">
          <Loader size="sm" />
          <Text size="sm">Starting the export…</Text>
        </Group>
      </Paper>
    );
  }

  const format = FORMAT_LABELS[data.format];
  const written = number.format(data.written);
  const expected = data.expected;
  const percent = expected ? Math.min(100, (data.written / expected) * 100) : null;

  if (data.state === 'running') {
    return (
      <Paper withBorder p="md" data-testid="export-progress" data-state="running">
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Loader size="sm" />
              <div>
                <Text size="sm" fw={600}>
                  Exporting audit events to {format}
                </Text>
                <Text size="xs" c="dimmed" data-testid="export-count">
                  {expected !== null
                    ? `${written} of ${number.format(expected)} events written`
                    : `${written} events written`}
                </Text>
              </div>
            </Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconX size={14} />}
              loading={cancel.isPending}
              onClick={() => cancel.mutate(exportId)}
            >
              Cancel
            </Button>
          </Group>
          <Progress
            value={percent ?? 100}
            striped={percent === null}
            animated={percent === null}
            size="md"
            aria-label="Export progress"
            transitionDuration={200}
          />
          {cancel.isError ? (
            <Text size="xs" c="red">
              {describeError(cancel.error)}
            </Text>
          ) : null}
        </Stack>
      </Paper>
    );
  }

  if (data.state === 'done') {
    return (
      <Paper withBorder p="md" data-testid="export-progress" data-state="done">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            <ThemeIcon color="teal" variant="light" radius="xl" size={30}>
              <IconCheck size={18} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} data-testid="export-final-count">
                Exported {written} {data.written === 1 ? 'event' : 'events'} to {format}
              </Text>
              <Code data-testid="export-file" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
                {data.file}
              </Code>
            </div>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <CopyButton value={data.file ?? ''}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  size="xs"
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy path'}
                </Button>
              )}
            </CopyButton>
            <Button variant="subtle" color="gray" size="xs" onClick={onDismiss}>
              Dismiss
            </Button>
          </Group>
        </Group>
      </Paper>
    );
  }

  if (data.state === 'failed') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle />}
        title="The export failed"
        data-testid="export-progress"
        data-state="failed"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{data.error}</Text>
          <Text size="xs" c="dimmed">
            No file was kept ({written} events had been written).
          </Text>
          <Group gap="xs">
            <Button size="xs" color="red" variant="light" onClick={() => onRetry(data.format)}>
              Try again
            </Button>
            <Button size="xs" variant="subtle" color="gray" onClick={onDismiss}>
              Dismiss
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  return (
    <Paper withBorder p="md" data-testid="export-progress" data-state="canceled">
      <Group justify="space-between">
        <Text size="sm">Export canceled after {written} events. No file was written.</Text>
        <Button variant="subtle" color="gray" size="xs" onClick={onDismiss}>
          Dismiss
        </Button>
      </Group>
    </Paper>
  );
}
