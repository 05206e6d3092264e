import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Visibility } from '../../../../shared/access-levels.js';
import type { Project } from '../../../../shared/api-types/projects.js';
import { findProjectAtPath } from '../../api/projects/check-project-path.js';
import { useDeleteProject } from '../../api/projects/mutations.js';
import { describeDeletion } from '../../api/projects/deletion.js';
import { isImporting } from '../../api/projects/wait-for-import.js';
import { deriveProjectPath, validateProjectPath } from './derive-project-path.js';
import { followImportInBackground } from './follow-import.js';
import { useImportRun } from './import-run.js';
import { suggestNameFromSource, toImportUrl, type ImportTarget } from './import-source.js';
import type { ProjectNameState } from './project-fields.js';
import { toProjectFormErrors, type ProjectFormErrors } from './project-form-errors.js';
import { useInstanceCapabilities } from '../../api/capabilities/capabilities.js';

/** The Import repository form. */
export interface ImportFormState extends ProjectNameState {
  source: string;
  /** True once the name was typed; from then on the source no longer suggests it. */
  nameEdited: boolean;
  namespaceId: string | null;
  visibility: Visibility;
}

const EMPTY: ImportFormState = {
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
 * State and handlers of the Import repository dialog (`target`: who imports, which decides the sources
 * accepted; see import-source.ts): the form (the name follows the source and
 * the slug the name until edited), client-side checks, a free-path check (`findProjectAtPath`), the
 * import itself ({@link useImportRun}), and what happens after a failure (delete, delete and retry)
 * or when the dialog closes mid-import (followed in the background, with a notification at the end).
 */
export function useImportProjectState(
  profileId: string,
  onClose: () => void,
  target: ImportTarget = 'outpost',
) {
  const [form, setForm] = useState<ImportFormState>(EMPTY);
  const [errors, setErrors] = useState<ProjectFormErrors>(NO_ERRORS);
  const [importing, setImporting] = useState<Project | null>(null);
  const [checking, setChecking] = useState(false);
  const run = useImportRun(profileId, { onProject: setImporting, onErrors: setErrors });
  const deleteProject = useDeleteProject(profileId, useInstanceCapabilities().capabilities);

  const update = (patch: Partial<ImportFormState>) => setForm((previous) => ({ ...previous, ...patch }));

  const reset = () => {
    run.stop();
    setForm(EMPTY);
    setErrors(NO_ERRORS);
    setImporting(null);
    run.mutation.reset();
    deleteProject.reset();
  };

  const close = () => {
    if (run.mutation.isPending) return;
    const running = importing && isImporting(importing) ? importing : null;
    reset();
    onClose();
    // "Continue in background": a notification tells when the import ends.
    if (running) void followImportInBackground(run.queryClient, profileId, running);
  };

  const onSourceChange = (source: string) => {
    const patch: Partial<ImportFormState> = { source };
    if (!form.nameEdited) {
      patch.name = suggestNameFromSource(source);
      if (!form.pathEdited) patch.path = deriveProjectPath(patch.name);
    }
    update(patch);
  };

  const onNameChange = (patch: Partial<ProjectNameState>) =>
    update(patch.name !== undefined ? { ...patch, nameEdited: true } : patch);

  const finish = (project: Project) => {
    notifications.show({
      color: 'teal',
      title: 'Repository imported',
      message: `${project.path_with_namespace} is ready${project.default_branch ? ` (default branch ${project.default_branch})` : ''}.`,
    });
    reset();
    onClose();
  };

  /** Creates the project with `import_url` and follows the import. */
  const startImport = async (importUrl: string) => {
    const final = await run.start({
      name: form.name.trim(),
      path: form.path,
      import_url: importUrl,
      visibility: form.visibility,
      namespace_id: form.namespaceId ? Number(form.namespaceId) : undefined,
    });
    if (!final) return;
    if (final.import_status === 'failed' || isImporting(final)) setImporting(final);
    else finish(final);
  };

  const submit = async () => {
    const source = toImportUrl(form.source, target);
    const fields: ProjectFormErrors['fields'] = {};
    if (!source.ok) fields.import_url = source.error;
    if (!form.name.trim()) fields.name = 'Enter a project name.';
    const pathError = validateProjectPath(form.path);
    if (pathError) fields.path = pathError;
    setErrors({ fields, general: null });
    if (!source.ok || Object.keys(fields).length > 0) return;

    // The path must be free first: a project created for an import that then fails is in the way of
    // the next try (it is deleted or retried from the failed view, or from its settings).
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

  /** Deletes the project whose import failed, then closes. */
  const deleteFailed = (project: Project) =>
    deleteProject.mutate(project.id, {
      onSuccess: (outcome) => {
        notifications.show({
          color: 'teal',
          message: describeDeletion(outcome, project.path_with_namespace),
        });
        reset();
        onClose();
      },
    });

  /** Deletes the project whose import failed and imports the same source again. */
  const retryFailed = (project: Project) =>
    deleteProject.mutate(project.id, {
      onSuccess: () => {
        const source = toImportUrl(form.source, target);
        setImporting(null);
        if (source.ok) void startImport(source.url);
      },
    });

  return {
    form,
    errors,
    importing,
    update,
    onSourceChange,
    onNameChange,
    submit,
    close,
    deleteFailed,
    retryFailed,
    deleteProject,
    importPending: run.mutation.isPending,
    busy: run.mutation.isPending || checking,
  };
}
