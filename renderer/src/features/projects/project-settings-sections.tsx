import { Alert, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconArchive, IconTransfer, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Project } from '../../../../shared/api-types/projects.js';
import { decideFeature, instanceName } from '../../../../shared/instance-capabilities.js';
import { useInstanceCapabilities } from '../../api/capabilities/capabilities.js';
import { describeError } from '../../api/describe-error.js';
import { markedForDeletionOn } from '../../api/projects/deletion.js';
import { ConfirmModal } from '../../components/confirm-modal.js';
import { FormModal } from '../../components/form-modal/form-modal.js';
import { NamespaceSelect } from './namespace-select.js';
import {
  useArchiveToggle,
  useDeleteSettings,
  useGeneralSettings,
  usePathSettings,
  useTransferSettings,
} from './use-project-settings-state.js';
import { VisibilityField } from './visibility-field.js';
import { MembersPanel } from '../../components/members/members-panel.js';

const MONO = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** Props every section takes. */
interface SectionProps {
  profileId: string;
  project: Project;
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} fz="lg">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** A red "what went wrong" alert for a section's last attempt. */
function FailedAlert({ title, error, testId }: { title: string; error: unknown; testId?: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} title={title} data-testid={testId}>
      {describeError(error)}
    </Alert>
  );
}

/** Name, description, visibility and default branch; only the changed fields are sent. */
export function GeneralSection({ profileId, project }: SectionProps) {
  const { values, set, errors, dirty, submit, saving, branchOptions } = useGeneralSettings(
    profileId,
    project,
  );
  return (
    <Section
      title="General"
      description="The project's name, description, who can see it, and its default branch."
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
        data-testid="project-general-form"
      >
        <Stack gap="md">
          {errors.general ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Not saved">
              {errors.general}
            </Alert>
          ) : null}
          <TextInput
            label="Project name"
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.fields.name}
            required
          />
          <Textarea
            label="Description"
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            error={errors.fields.description}
            autosize
            minRows={2}
            maxRows={6}
          />
          <VisibilityField
            value={values.visibility}
            onChange={(next) => set('visibility', next)}
            error={errors.fields.visibility}
          />
          <Select
            label="Default branch"
            description={
              project.empty_repo
                ? 'The repository has no commits yet: push a branch first.'
                : 'Merge requests target it and clones check it out.'
            }
            data={branchOptions}
            value={values.defaultBranch}
            onChange={(next) => set('defaultBranch', next)}
            disabled={project.empty_repo}
            searchable
            nothingFoundMessage="No branch matches"
            maw={420}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end" gap="sm">
            {dirty > 0 ? (
              <Text size="sm" c="dimmed" data-testid="general-dirty">
                {dirty === 1 ? '1 unsaved change' : `${dirty} unsaved changes`}
              </Text>
            ) : null}
            <Button type="submit" disabled={dirty === 0} loading={saving}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

/** Change the path (the URL and clone address change with it). */
/**
 * Members: the project's direct members with their roles (doc/api/members.md), added by a server-side
 * user search. Members are who the merge request reviewer and assignee pickers offer.
 */
export function MembersSection({ profileId, project }: SectionProps) {
  return (
    <Section
      title="Members"
      description="People with direct access to this project, and their roles. Members of its group have access too."
    >
      <MembersPanel profileId={profileId} source={{ kind: 'projects', id: project.id }} noun="project" />
    </Section>
  );
}

export function PathSection({ profileId, project }: SectionProps) {
  const { path, setPath, error, submit, saving } = usePathSettings(profileId, project);
  return (
    <Section
      title="Change path"
      description="The project's URL and its clone address change; clones must update their remote."
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Path"
            description={`${project.namespace.full_path}/`}
            value={path}
            onChange={(event) => setPath(event.currentTarget.value)}
            error={error}
            styles={MONO}
            style={{ flex: '1 1 260px' }}
          />
          <Button type="submit" mt={44} variant="default" disabled={path === project.path} loading={saving}>
            Change path
          </Button>
        </Group>
      </form>
    </Section>
  );
}

/** Archive or unarchive. */
export function ArchiveSection({ profileId, project }: SectionProps) {
  const { toggle, archive } = useArchiveToggle(profileId, project);
  const label = project.archived ? 'Unarchive project' : 'Archive project';
  return (
    <Section
      title={label}
      description={
        project.archived
          ? 'The project is read-only. Unarchiving makes it writable again.'
          : 'Archiving makes the repository, merge requests and pipelines read-only. It can be undone.'
      }
    >
      {archive.isError ? <FailedAlert title="Not changed" error={archive.error} /> : null}
      <Group>
        <Button
          variant="default"
          leftSection={<IconArchive size={16} />}
          onClick={toggle}
          loading={archive.isPending}
        >
          {label}
        </Button>
      </Group>
    </Section>
  );
}

/** Move the project to another namespace, after a confirmation. */
export function TransferSection({ profileId, project }: SectionProps) {
  const state = useTransferSettings(profileId, project);
  return (
    <Section
      title="Transfer project"
      description={`Move the project to another namespace. It now lives in ${project.namespace.full_path}.`}
    >
      {state.transfer.isError ? (
        <FailedAlert title="Not transferred" error={state.transfer.error} testId="transfer-error" />
      ) : null}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 260px' }}>
          <NamespaceSelect
            profileId={profileId}
            value={state.namespaceId}
            description="A group, or a user's personal namespace, you can create projects in."
            placeholder="Pick a namespace"
            onChange={state.setNamespaceId}
          />
        </div>
        <Button
          variant="default"
          leftSection={<IconTransfer size={16} />}
          disabled={!state.canTransfer}
          onClick={() => state.setConfirming(true)}
        >
          Transfer
        </Button>
      </Group>
      <ConfirmModal
        opened={state.confirming}
        title={`Transfer ${project.name}?`}
        confirmLabel="Transfer project"
        onConfirm={state.submit}
        onClose={() => state.setConfirming(false)}
        busy={state.transfer.isPending}
        danger={false}
      >
        <Text size="sm">The project’s URL and clone address change. Clones must update their remote.</Text>
      </ConfirmModal>
    </Section>
  );
}

/** Delete, confirmed by typing the project's full path as GitLab asks. */
export function DeleteSection({ profileId, project }: SectionProps) {
  const state = useDeleteSettings(profileId, project);
  const { capabilities } = useInstanceCapabilities();
  // GitLab 18.0+ marks the project and removes it after the retention period (doc/api/projects.md).
  const marks =
    capabilities?.kind === 'gitlab' &&
    decideFeature('project-delayed-deletion', capabilities).status === 'available';
  const markedOn = markedForDeletionOn(project);
  if (markedOn) {
    return (
      <Section
        title="Delete project"
        description={`Marked for deletion on ${markedOn}. GitLab removes it after the instance’s retention period; until then an owner can restore it in GitLab.`}
      >
        <Text size="sm" c="dimmed" data-testid="project-marked-for-deletion">
          This project is marked for deletion.
        </Text>
      </Section>
    );
  }
  return (
    <Section
      title="Delete project"
      description={
        marks
          ? `${capabilities ? instanceName(capabilities) : 'GitLab'} marks the project for deletion: it is removed with its repository, merge requests and pipelines after the instance’s retention period (deletion_adjourned_period, 30 days unless changed), and an owner can restore it until then.`
          : 'Deletes the project with its repository, merge requests, pipelines and everything else. This cannot be undone.'
      }
    >
      <Group>
        <Button color="red" leftSection={<IconTrash size={16} />} onClick={state.open}>
          Delete project
        </Button>
      </Group>
      <FormModal
        opened={state.opened}
        onClose={state.close}
        title={`Delete ${project.name}?`}
        onSubmit={state.submit}
        busy={state.remove.isPending}
        submitLabel="Yes, delete project"
        submitColor="red"
        submitDisabled={!state.matches}
        error={state.remove.isError ? state.remove.error : null}
        errorTitle="Not deleted"
      >
        <Text size="sm">
          {marks ? (
            <>
              This marks <b>{project.path_with_namespace}</b> for deletion; GitLab removes it and everything
              in it after the retention period.
            </>
          ) : (
            <>
              This deletes <b>{project.path_with_namespace}</b> and everything in it. It cannot be undone.
            </>
          )}
        </Text>
        <TextInput
          label={
            <>
              Type{' '}
              <Text span ff="monospace" fw={600}>
                {project.path_with_namespace}
              </Text>{' '}
              to confirm
            </>
          }
          value={state.typed}
          onChange={(event) => state.setTyped(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
          aria-label="Type the project path to confirm"
          styles={MONO}
        />
      </FormModal>
    </Section>
  );
}
