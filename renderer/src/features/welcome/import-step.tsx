import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { Project } from '../../../../shared/api-types/projects.js';
import { isImporting } from '../../api/projects/wait-for-import.js';
import { deriveProjectPath } from '../projects/derive-project-path.js';
import { followImportInBackground } from '../projects/follow-import.js';
import { ImportFailedAlert, ImportProgressBar, useImportRun } from '../projects/import-run.js';
import { suggestNameFromSource, toImportUrl } from '../projects/import-source.js';
import { ImportStatusBadge } from '../projects/import-status-badge.js';
import { ImportSourceInput } from '../projects/project-fields.js';
import type { ProjectFormErrors } from '../projects/project-form-errors.js';

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

  // The project as last seen, for handing a running import over when this step goes away.
  const latestRef = useRef<Project | null>(null);
  const show = (next: Project | null) => {
    latestRef.current = next;
    setProject(next);
  };
  const run = useImportRun(profileId, {
    onProject: show,
    // The slug is derived from the name here, so its errors belong under the name.
    onErrors: (formErrors) => {
      const pathError = formErrors.fields.path;
      setErrors(
        pathError ? { ...formErrors, fields: { ...formErrors.fields, name: pathError } } : formErrors,
      );
    },
  });
  const { stop, queryClient } = run;

  // Leaving while the import runs (Back, Esc, "Go to Projects"): stop polling here and let the projects
  // feature follow it in the background, so a notification still says how it ended.
  useEffect(
    () => () => {
      stop();
      const latest = latestRef.current;
      if (latest && isImporting(latest)) void followImportInBackground(queryClient, profileId, latest);
    },
    [queryClient, profileId, stop],
  );

  const submit = async () => {
    const url = toImportUrl(source);
    const fields: ProjectFormErrors['fields'] = {};
    if (!url.ok) fields.import_url = url.error;
    const path = deriveProjectPath(name);
    if (!name.trim() || !path) fields.name = 'Enter a project name with at least one letter or digit.';
    setErrors({ fields, general: null });
    if (!url.ok || Object.keys(fields).length > 0) return;
    const final = await run.start({ name: name.trim(), path, import_url: url.url });
    if (final) show(final);
  };

  const tryAgain = () => {
    show(null);
    setErrors(NO_ERRORS);
    run.mutation.reset();
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
          <ImportFailedAlert project={project}>
            The project exists, but its repository is empty.
          </ImportFailedAlert>
        ) : isImporting(project) ? (
          <>
            <ImportProgressBar />
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
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
      data-testid="welcome-import-form"
    >
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
        <ImportSourceInput
          description="An absolute path on this computer, a file:// URL, or an http(s):// Git URL."
          placeholder="/home/me/src/my-app"
          value={source}
          onChange={(next) => {
            setSource(next);
            if (!nameEdited) setName(suggestNameFromSource(next));
          }}
          error={errors.fields.import_url}
          autoFocus
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
          <Button type="submit" loading={run.mutation.isPending}>
            Import
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
