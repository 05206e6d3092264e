import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Progress,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle, IconFolderOpen } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import type { Visibility } from '../../../../shared/access-levels.js';
import type { Project } from '../../../../shared/api-types/projects.js';
import { findProjectAtPath } from '../../api/projects/check-project-path.js';
import { useDeleteProject, useImportProject } from '../../api/projects/mutations.js';
import { isImporting, waitForImport } from '../../api/projects/wait-for-import.js';
import { describeError } from '../../api/describe-error.js';
import { asSentence } from '../../lib/as-sentence.js';
import { deriveProjectPath, validateProjectPath } from './derive-project-path.js';
import { followImportInBackground } from './follow-import.js';
import { suggestNameFromSource, toImportUrl } from './import-source.js';
import { NamespaceSelect } from './namespace-select.js';
import { toProjectFormErrors, type ProjectFormErrors } from './project-form-errors.js';
import { VisibilityField } from './visibility-field.js';

/** Props of {@link ImportProjectModal}. */
export interface ImportProjectModalProps {
  profileId: string;
  opened: boolean;
  onClose: () => void;
}

interface FormState {
  source: string;
  name: string;
  nameEdited: boolean;
  path: string;
  pathEdited: boolean;
  namespaceId: string | null;
  visibility: Visibility;
}

const EMPTY: FormState = {
  source: '',
  name: '',
  nameEdited: false,
  path: '',
  pathEdited: false,
  namespaceId: null,
  visibility: 'private',
};

const NO_ERRORS: ProjectFormErrors = { fields: {}, general: null };

/**
 * "Import repository": a Git repository on this machine (absolute path or `file://` URL) becomes a
 * project via `POST /projects` with `import_url`. After the POST the dialog follows `import_status`
 * until the import finishes (success notification) or fails (the instance's reason, inline).
 */
export function ImportProjectModal({ profileId, opened, onClose }: ImportProjectModalProps) {
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<ProjectFormErrors>(NO_ERRORS);
  const [importing, setImporting] = useState<Project | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  const importProject = useImportProject(profileId);
  const deleteProject = useDeleteProject(profileId);
  const [checking, setChecking] = useState(false);

  const update = (patch: Partial<FormState>) => setForm((previous) => ({ ...previous, ...patch }));

  const reset = () => {
    abortRef.current?.abort();
    abortRef.current = null;
    setForm(EMPTY);
    setErrors(NO_ERRORS);
    setImporting(null);
    importProject.reset();
    deleteProject.reset();
  };

  const close = () => {
    if (importProject.isPending) return;
    const running = importing && isImporting(importing) ? importing : null;
    reset();
    onClose();
    // "Continue in background": a notification tells when the import ends.
    if (running) void followImportInBackground(queryClient, profileId, running);
  };

  const onSourceChange = (source: string) => {
    const patch: Partial<FormState> = { source };
    if (!form.nameEdited) {
      patch.name = suggestNameFromSource(source);
      if (!form.pathEdited) patch.path = deriveProjectPath(patch.name);
    }
    update(patch);
  };

  const finish = (project: Project) => {
    notifications.show({
      color: 'teal',
      title: 'Repository imported',
      message: `${project.path_with_namespace} is ready${project.default_branch ? ` (default branch ${project.default_branch})` : ''}.`,
    });
    reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const source = toImportUrl(form.source);
    const fields: ProjectFormErrors['fields'] = {};
    if (!source.ok) fields.import_url = source.error;
    if (!form.name.trim()) fields.name = 'Enter a project name.';
    const pathError = validateProjectPath(form.path);
    if (pathError) fields.path = pathError;
    setErrors({ fields, general: null });
    if (!source.ok || Object.keys(fields).length > 0) return;

    // The path must be free first: a project created for an import that then fails is in the way of
    // the next try (it is deleted or retried from the failed view below, or from its settings).
    setChecking(true);
    try {
      const existing = await findProjectAtPath(
        profileId,
        form.namespaceId ? Number(form.namespaceId) : null,
        form.path,
      );
      if (existing) {
        setErrors({
          fields: {
            path: `${existing.path_with_namespace} already exists${existing.import_status === 'failed' ? ' (its import failed)' : ''}: pick another slug, or delete that project from its settings.`,
          },
          general: null,
        });
        return;
      }
    } catch (error) {
      setErrors(toProjectFormErrors(error));
      return;
    } finally {
      setChecking(false);
    }
    await startImport(source.url);
  };

  /** Creates the project with `import_url` and follows the import. */
  const startImport = async (importUrl: string) => {
    let project: Project;
    try {
      project = await importProject.mutateAsync({
        name: form.name.trim(),
        path: form.path,
        import_url: importUrl,
        visibility: form.visibility,
        namespace_id: form.namespaceId ? Number(form.namespaceId) : undefined,
      });
    } catch (error) {
      setErrors(toProjectFormErrors(error));
      return;
    }
    if (!isImporting(project)) {
      if (project.import_status === 'failed') setImporting(project);
      else finish(project);
      return;
    }
    setImporting(project);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const final = await waitForImport(queryClient, profileId, project, {
        onUpdate: setImporting,
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      if (final.import_status === 'finished') finish(final);
      else setImporting(final);
    } catch (error) {
      if (!controller.signal.aborted) setErrors(toProjectFormErrors(error));
    }
  };

  const importView = importing ? (
    <Stack gap="md" data-testid="import-progress">
      {importing.import_status === 'failed' ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title="The import failed">
          {asSentence(importing.import_error) || 'The instance could not import this repository.'} The project{' '}
          {importing.path_with_namespace} exists but its repository is empty.
        </Alert>
      ) : (
        <>
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" />
            <Text size="sm">
              Importing into <b>{importing.path_with_namespace}</b>…{' '}
              <Text span c="dimmed" size="sm">
                ({importing.import_status})
              </Text>
            </Text>
          </Group>
          <Progress value={100} animated striped aria-label="Import in progress" />
          <Text size="xs" c="dimmed">
            You can close this dialog: the import continues, and a notification tells you when it ends.
          </Text>
        </>
      )}
      {deleteProject.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Could not delete the project">
          {describeError(deleteProject.error)}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        {importing.import_status === 'failed' ? (
          <>
            <Button
              variant="default"
              color="red"
              loading={deleteProject.isPending}
              onClick={() =>
                deleteProject.mutate(importing.id, {
                  onSuccess: () => {
                    notifications.show({
                      color: 'teal',
                      message: `Deleted ${importing.path_with_namespace}`,
                    });
                    reset();
                    onClose();
                  },
                })
              }
            >
              Delete project
            </Button>
            <Button
              loading={importProject.isPending}
              disabled={deleteProject.isPending}
              onClick={() =>
                deleteProject.mutate(importing.id, {
                  onSuccess: () => {
                    const source = toImportUrl(form.source);
                    setImporting(null);
                    if (source.ok) void startImport(source.url);
                  },
                })
              }
            >
              Delete and import again
            </Button>
          </>
        ) : null}
        <Button variant="default" onClick={close} disabled={deleteProject.isPending}>
          {importing.import_status === 'failed' ? 'Close' : 'Continue in background'}
        </Button>
      </Group>
    </Stack>
  ) : null;

  const busy = importProject.isPending || checking;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={600}>Import repository</Text>}
      size="lg"
      closeOnClickOutside={!busy}
    >
      {importView ?? (
        <form onSubmit={submit} noValidate data-testid="import-project-form">
          <Stack gap="md">
            {errors.general ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle />}
                title="The repository was not imported"
              >
                {errors.general}
              </Alert>
            ) : null}
            <TextInput
              label="Repository"
              description="A Git repository on this computer: an absolute path or a file:// URL."
              placeholder="/srv/git/my-app.git"
              leftSection={
                <ThemeIcon variant="transparent" color="gray" size="sm">
                  <IconFolderOpen size={16} stroke={1.7} />
                </ThemeIcon>
              }
              value={form.source}
              onChange={(event) => onSourceChange(event.currentTarget.value)}
              error={errors.fields.import_url}
              required
              data-autofocus
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Group grow align="flex-start">
              <TextInput
                label="Project name"
                placeholder="my-app"
                value={form.name}
                onChange={(event) => {
                  const name = event.currentTarget.value;
                  update(
                    form.pathEdited
                      ? { name, nameEdited: true }
                      : { name, nameEdited: true, path: deriveProjectPath(name) },
                  );
                }}
                error={errors.fields.name}
                required
              />
              <TextInput
                label="Project slug"
                placeholder="my-app"
                value={form.path}
                onChange={(event) => update({ path: event.currentTarget.value, pathEdited: true })}
                error={errors.fields.path}
                required
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
            </Group>
            <NamespaceSelect
              profileId={profileId}
              value={form.namespaceId}
              onChange={(namespaceId) => update({ namespaceId })}
              error={errors.fields.namespace}
            />
            <VisibilityField
              value={form.visibility}
              onChange={(visibility) => update({ visibility })}
              error={errors.fields.visibility}
            />
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Import
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
