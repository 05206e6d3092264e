import { Group, Loader, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Project } from '../../../../../shared/api-types/projects.js';
import { useScheduleProjectMove } from '../../../api/admin/storage-moves/mutations.js';
import { FormModalBody } from '../../../components/form-modal/form-modal.js';
import { projectQueries } from '../../../api/projects/queries.js';
import {
  AUTOMATIC,
  canPlaceAutomatically,
  destinationForSource,
  destinationOptions,
  DestinationField,
  type MoveDialogProps,
} from './destination-select.js';
import { AdminDialog, announceAndClose } from '../admin-dialog.js';
import { ErrorAlert } from '../../../components/error-alert/error-alert.js';

/** Props of {@link MoveProjectModal}. */
export type MoveProjectModalProps = MoveDialogProps;

/**
 * "Move project": pick a project (searched on the instance), then a destination shard or
 * "automatic by weight"; schedules `POST /projects/:id/repository_storage_moves`.
 */
export function MoveProjectModal(props: MoveProjectModalProps) {
  return (
    <AdminDialog opened={props.opened} onClose={props.onClose} title="Move project">
      <MoveProjectForm {...props} />
    </AdminDialog>
  );
}

function MoveProjectForm({ profileId, onClose, shards, weights, onScheduled }: MoveProjectModalProps) {
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 250);
  const [project, setProject] = useState<Project | null>(null);
  const [destination, setDestination] = useState<string>(AUTOMATIC);
  const schedule = useScheduleProjectMove(profileId);
  const projects = useQuery({
    ...projectQueries.list(profileId, { search, page: 1, perPage: 20, orderBy: 'name', sort: 'asc' }),
    placeholderData: keepPreviousData,
  });
  const found = projects.data?.items ?? [];
  const options = [...(project && !found.some((p) => p.id === project.id) ? [project] : []), ...found];
  const source = project?.repository_storage ?? null;
  const destinations = destinationOptions(shards, source);
  const noDestination = project !== null && destinations.length === 0;
  const unplaceable =
    project !== null && destination === AUTOMATIC && !canPlaceAutomatically(weights, source);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!project) return;
    schedule.mutate(
      { projectId: project.id, destinationStorageName: destination === AUTOMATIC ? undefined : destination },
      {
        onSuccess: announceAndClose(
          onClose,
          (move) => ({
            title: 'Move scheduled',
            message: `${move.project.name_with_namespace} moves from ${move.source_storage_name} to ${move.destination_storage_name}. It is read-only until the move ends.`,
          }),
          onScheduled,
        ),
      },
    );
  };

  return (
    <FormModalBody
      onSubmit={submit}
      onCancel={onClose}
      submitLabel="Schedule move"
      busy={schedule.isPending}
      submitDisabled={!project || noDestination || unplaceable}
      noValidate={false}
    >
      <Select
        label="Project"
        placeholder="Search projects"
        searchable
        searchValue={searchInput}
        onSearchChange={setSearchInput}
        filter={({ options: all }) => all}
        data={options.map((p) => ({ value: String(p.id), label: p.name_with_namespace }))}
        value={project ? String(project.id) : null}
        onChange={(value) => {
          const picked = options.find((p) => String(p.id) === value) ?? null;
          setProject(picked);
          setDestination(
            destinationForSource(destination, shards, weights, picked?.repository_storage ?? null),
          );
        }}
        nothingFoundMessage={
          projects.isFetching ? 'Searching…' : search ? `No projects match “${search}”` : 'No projects yet'
        }
        renderOption={({ option }) => {
          const storage = options.find((p) => String(p.id) === option.value)?.repository_storage;
          return (
            <Group justify="space-between" wrap="nowrap" w="100%" gap="sm">
              <Text size="sm" truncate>
                {option.label}
              </Text>
              {storage ? (
                <Text size="xs" c="dimmed" ff="monospace">
                  {storage}
                </Text>
              ) : null}
            </Group>
          );
        }}
        rightSection={projects.isFetching ? <Loader size={14} /> : undefined}
        comboboxProps={{ withinPortal: true }}
        description={
          project
            ? `Now on the shard ${source ?? 'unknown to this token'}.`
            : 'The project is read-only while it moves.'
        }
        data-autofocus
        required
      />
      {projects.isError ? <ErrorAlert title="Couldn’t search projects" error={projects.error} /> : null}
      <DestinationField
        shards={shards}
        weights={weights}
        source={source}
        value={destination}
        onChange={setDestination}
        noDestination={noDestination}
        showHint={project !== null}
        what="this project"
      />
      {schedule.error ? <ErrorAlert title="The move was not scheduled" error={schedule.error} /> : null}
    </FormModalBody>
  );
}
