import { Alert, Button, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle, IconCircleCheck, IconFolderOpen } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Project } from '../../../../shared/api-types/projects.js';
import { useImportProject } from '../../api/projects/mutations.js';
import { isImporting, waitForImport } from '../../api/projects/wait-for-import.js';
import { asSentence } from '../../lib/as-sentence.js';
import { deriveProjectPath } from '../projects/derive-project-path.js';
import { followImportInBackground } from '../projects/follow-import.js';
import { suggestNameFromSource, toImportUrl } from '../projects/import-source.js';
import { ImportStatusBadge } from '../projects/import-status-badge.js';
import { toProjectFormErrors, type ProjectFormErrors } from '../projects/project-form-errors.js';
import classes from './welcome.module.css';

/** Props of {@link ImportStep}. */
export interface ImportStepProps {
  /** The embedded profile the project is created on. */
  profileId: string;
  /** Leave the welcome screen for `to` (a route of the app). */
  onOpen: (to: string) => void;
}

const NO_ERRORS: ProjectFormErrors = { fields: {}, general: null };

/**
 * "Import a repository" on the embedded instance: a local path (administrators may import absolute
 * paths and `file://` URLs) or a Git URL becomes a project through `POST /projects` with `import_url`;
 * the step then follows `import_status` until `finished` or `failed` (or, when the administrator moves
 * on first, hands the import to `followImportInBackground`, which notifies at the end).
 */
export function ImportStep({ profileId, onOpen }: ImportStepProps) {
  const [source, setSource] = useState('');
  const [name, setName] = useState('');
  const [nameEdited, setNameEdited] = useState(false);
  const [errors, setErrors] = useState<ProjectFormErrors>(NO_ERRORS);
  const [project, setProject] = useState<Project | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  const importProject = useImportProject(profileId);

  // The project as last seen, for handing a running import over when this step goes away.
  const latestRef = useRef<Project | null>(null);
  const show = (next: Project | null) => {
    latestRef.current = next;
    setProject(next);
  };

  // Leaving while the import runs (Back, Esc, "Go to Projects"): stop polling here and let the projects
  // feature follow it in the background, so a notification still says how it ended.
  useEffect(
    () => () => {
      abortRef.current?.abort();
      const latest = latestRef.current;
      if (latest && isImporting(latest)) void followImportInBackground(queryClient, profileId, latest);
    },
    [queryClient, profileId],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const url = toImportUrl(source);
    const fields: ProjectFormErrors['fields'] = {};
    if (!url.ok) fields.import_url = url.error;
    const path = deriveProjectPath(name);
    if (!name.trim() || !path) fields.name = 'Enter a project name with at least one letter or digit.';
    setErrors({ fields, general: null });
    if (!url.ok || Object.keys(fields).length > 0) return;

    let created: Project;
    try {
      created = await importProject.mutateAsync({ name: name.trim(), path, import_url: url.url });
    } catch (error) {
      const formErrors = toProjectFormErrors(error);
      // The slug is derived from the name here, so its errors belong under the name.
      const pathError = formErrors.fields.path;
      setErrors(
        pathError ? { ...formErrors, fields: { ...formErrors.fields, name: pathError } } : formErrors,
      );
      return;
    }
    show(created);
    if (!isImporting(created)) return;
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const final = await waitForImport(queryClient, profileId, created, {
        onUpdate: show,
        signal: controller.signal,
      });
      if (!controller.signal.aborted) show(final);
    } catch (error) {
      if (!controller.signal.aborted) setErrors(toProjectFormErrors(error));
    }
  };

  const tryAgain = () => {
    show(null);
    setErrors(NO_ERRORS);
    importProject.reset();
  };

  if (project) {
    const status = project.import_status;
    return (
      <Stack gap="md" data-testid="welcome-import-progress">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} truncate>
            {project.path_with_namespace}
          </Text>
          <ImportStatusBadge status={status} error={project.import_error} />
        </Group>
        {status === 'failed' ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} title="The import failed">
            {asSentence(project.import_error) || 'The instance could not import this repository.'} The project
            exists, but its repository is empty.
          </Alert>
        ) : isImporting(project) ? (
          <>
            <Progress value={100} animated striped aria-label="Import in progress" />
            <Text size="sm" c="dimmed">
              {status === 'scheduled' ? 'Waiting for the import to start…' : 'Copying the repository…'}
            </Text>
          </>
        ) : (
          <Alert color="teal" variant="light" icon={<IconCircleCheck />} title="Repository imported">
            {project.path_with_namespace} is ready
            {project.default_branch ? ` (default branch ${project.default_branch})` : ''}.
          </Alert>
        )}
        {errors.general ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />}>
            {errors.general}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {status === 'failed' ? (
            <Button variant="default" onClick={tryAgain}>
              Try again
            </Button>
          ) : null}
          <Button variant={status === 'finished' ? 'default' : 'subtle'} onClick={() => onOpen('/projects')}>
            {isImporting(project) ? 'Continue in the background' : 'Go to Projects'}
          </Button>
          {status === 'finished' ? (
            <Button autoFocus onClick={() => onOpen(`/repository/${project.id}`)}>
              Open project
            </Button>
          ) : null}
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="welcome-import-form">
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
          description="An absolute path on this computer, a file:// URL, or an http(s):// Git URL."
          placeholder="/home/me/src/my-app"
          leftSection={<IconFolderOpen size={16} stroke={1.7} />}
          value={source}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setSource(next);
            if (!nameEdited) setName(suggestNameFromSource(next));
          }}
          error={errors.fields.import_url}
          required
          autoFocus
          className={classes.mono}
        />
        <TextInput
          label="Project name"
          placeholder="my-app"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameEdited(true);
          }}
          error={errors.fields.name}
          description={name.trim() ? `Its path will be ${deriveProjectPath(name) || '…'}.` : undefined}
          required
        />
        <Group justify="flex-end" mt="xs">
          <Button type="submit" loading={importProject.isPending}>
            Import
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
