import { Alert, List, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useScheduleShardMove } from '../../../api/admin/storage-moves/mutations.js';
import { storageMoveQueries } from '../../../api/admin/storage-moves/queries.js';
import type { StorageShardUsage } from '../../../api/admin/storage-moves/types.js';
import { FormModalBody } from '../../../components/form-modal/form-modal.js';
import { describeError } from '../../../api/describe-error.js';
import { formatBytes } from '../../../lib/byte-size.js';
import {
  AUTOMATIC,
  canPlaceAutomatically,
  defaultDestination,
  destinationForSource,
  destinationOptions,
  DestinationField,
  type MoveDialogProps,
} from './destination-select.js';
import { AdminDialog, announceAndClose } from '../admin-dialog.js';
import { ErrorAlert } from '../../../components/error-alert/error-alert.js';

/** Props of {@link MoveShardModal}: the move dialogs' props and the shards' usage. */
export interface MoveShardModalProps extends MoveDialogProps {
  usage: readonly StorageShardUsage[] | undefined;
}

const PREVIEW_NAMES = 5;

/**
 * "Move all repositories of a shard": source shard, destination or automatic, a preview of the
 * projects on the source, then a confirmation; schedules `POST /project_repository_storage_moves`.
 */
export function MoveShardModal(props: MoveShardModalProps) {
  return (
    <AdminDialog opened={props.opened} onClose={props.onClose} title="Move all repositories of a shard">
      <MoveShardForm {...props} />
    </AdminDialog>
  );
}

function MoveShardForm({ profileId, onClose, shards, weights, usage, onScheduled }: MoveShardModalProps) {
  const [source, setSource] = useState<string | null>(shards[0] ?? null);
  const [destination, setDestination] = useState<string>(() =>
    defaultDestination(shards, weights, shards[0] ?? null),
  );
  const [confirming, setConfirming] = useState(false);
  const schedule = useScheduleShardMove(profileId);
  const projects = useQuery({
    ...storageMoveQueries.shardProjects(profileId, source ?? ''),
    enabled: source !== null,
  });
  const shardUsage = usage?.find((row) => row.name === source);
  // The usage counts every repository; the project list is what this token sees (up to 100).
  const count = shardUsage?.repositories_count ?? projects.data?.length ?? null;
  const destinations = destinationOptions(shards, source);
  const destinationLabel = destination === AUTOMATIC ? 'shards picked by weight' : destination;
  const nothingToMove = count === 0;
  const noDestination = destinations.length === 0;
  const unplaceable = destination === AUTOMATIC && !canPlaceAutomatically(weights, source);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!source || nothingToMove || noDestination || unplaceable) return;
    if (!confirming) {
      setConfirming(true);
      return;
    }
    schedule.mutate(
      {
        sourceStorageName: source,
        destinationStorageName: destination === AUTOMATIC ? undefined : destination,
      },
      {
        onSuccess: announceAndClose(
          onClose,
          () => ({
            title: 'Moves scheduled',
            message: `${count === null ? 'Every project' : plural(count, 'project')} on ${source} ${count === 1 ? 'moves' : 'move'} to ${destinationLabel}.`,
          }),
          onScheduled,
        ),
      },
    );
  };

  let preview;
  if (source === null) preview = null;
  else if (count === null && projects.isPending) preview = <Skeleton height={48} radius="sm" />;
  else if (count === null) {
    preview = (
      <Alert color="orange" variant="light" icon={<IconInfoCircle />} title="Couldn’t count the projects">
        {describeError(projects.error)}
      </Alert>
    );
  } else {
    const names = projects.data ?? [];
    preview = (
      <Alert
        color={nothingToMove ? 'gray' : 'blue'}
        variant="light"
        icon={<IconInfoCircle />}
        title={
          nothingToMove
            ? `No projects on ${source}`
            : `${plural(count, 'project')} on ${source}${shardUsage ? ` · ${formatBytes(shardUsage.repositories_bytes)}` : ''}`
        }
        data-testid="shard-move-preview"
      >
        {nothingToMove ? (
          'There is nothing to move.'
        ) : (
          <Stack gap={4}>
            {names.length > 0 ? (
              <List size="sm" spacing={2}>
                {names.slice(0, PREVIEW_NAMES).map((project) => (
                  <List.Item key={project.id}>{project.name_with_namespace}</List.Item>
                ))}
              </List>
            ) : null}
            {names.length > 0 && count > Math.min(names.length, PREVIEW_NAMES) ? (
              <Text size="xs" c="dimmed">
                and {plural(count - Math.min(names.length, PREVIEW_NAMES), 'more project')}
              </Text>
            ) : null}
          </Stack>
        )}
      </Alert>
    );
  }

  return (
    <FormModalBody
      onSubmit={submit}
      onCancel={confirming ? () => setConfirming(false) : onClose}
      cancelLabel={confirming ? 'Back' : 'Cancel'}
      submitLabel={
        confirming
          ? `Schedule ${count === null ? 'moves' : plural(count, 'move')}`
          : count
            ? `Move ${plural(count, 'project')}`
            : 'Move projects'
      }
      submitColor={confirming ? 'orange' : undefined}
      submitDisabled={
        source === null || nothingToMove || noDestination || (count === null && projects.isPending)
      }
      busy={schedule.isPending}
      noValidate={false}
    >
      <Select
        label="Source shard"
        data={shards.map((name) => ({ value: name, label: name }))}
        value={source}
        onChange={(value) => {
          setSource(value);
          setConfirming(false);
          setDestination(destinationForSource(destination, shards, weights, value));
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        disabled={confirming}
      />
      <DestinationField
        shards={shards}
        weights={weights}
        source={source}
        value={destination}
        onChange={(value) => {
          setDestination(value);
          setConfirming(false);
        }}
        disabled={confirming}
        noDestination={noDestination}
        showHint={!noDestination}
      />
      {preview}
      {confirming && count !== null ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle />}
          title="Confirm the moves"
          data-testid="shard-move-confirmation"
        >
          {plural(count, 'project')} on <b>{source}</b> will move to <b>{destinationLabel}</b>, one move each.
          Every project stays read-only until its own move ends; pushes and edits are refused meanwhile.
        </Alert>
      ) : null}
      {schedule.error ? <ErrorAlert title="The moves were not scheduled" error={schedule.error} /> : null}
    </FormModalBody>
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
