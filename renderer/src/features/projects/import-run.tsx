import { Alert, Progress } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle } from '@tabler/icons-react';
import { useCallback, useRef, type ReactNode } from 'react';
import type { Project } from '../../../../shared/api-types/projects.js';
import { useImportProject } from '../../api/projects/mutations.js';
import { isImporting, waitForImport } from '../../api/projects/wait-for-import.js';
import { asSentence } from '../../lib/as-sentence.js';
import { toProjectFormErrors, type ProjectFormErrors } from './project-form-errors.js';

/** What {@link useImportRun} reports back to its screen. */
export interface ImportRunHandlers {
  /** Every state of the project the instance returns: after the POST and on each poll. */
  onProject: (project: Project) => void;
  /** The POST or a poll failed; the instance's reasons mapped onto the form's fields. */
  onErrors: (errors: ProjectFormErrors) => void;
}

/**
 * Creates a project that imports a repository (`POST /projects` with `import_url`) and follows its
 * `import_status` with {@link waitForImport} until it settles or {@link ImportRun.stop} is called.
 * Shared by the Import repository dialog and the welcome screen's import step.
 */
export function useImportRun(profileId: string, handlers: ImportRunHandlers) {
  const queryClient = useQueryClient();
  const importProject = useImportProject(profileId);
  const abortRef = useRef<AbortController | null>(null);

  /** Starts the import; resolves with the last state seen, or null when the POST failed or it was stopped. */
  const start = async (input: Parameters<typeof importProject.mutateAsync>[0]): Promise<Project | null> => {
    let project: Project;
    try {
      project = await importProject.mutateAsync(input);
    } catch (error) {
      handlers.onErrors(toProjectFormErrors(error));
      return null;
    }
    handlers.onProject(project);
    if (!isImporting(project)) return project;
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const final = await waitForImport(queryClient, profileId, project, {
        onUpdate: handlers.onProject,
        signal: controller.signal,
      });
      return controller.signal.aborted ? null : final;
    } catch (error) {
      if (!controller.signal.aborted) handlers.onErrors(toProjectFormErrors(error));
      return null;
    }
  };

  /** Stops following (the import itself goes on in the instance). */
  const stop = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
  }, []);

  return { start, stop, mutation: importProject, queryClient };
}

/** The run returned by {@link useImportRun}. */
export type ImportRun = ReturnType<typeof useImportRun>;

/** "The import failed": the instance's reason (or a plain default), then what state the project is in. */
export function ImportFailedAlert({ project, children }: { project: Project; children: ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} title="The import failed">
      {asSentence(project.import_error) || 'The instance could not import this repository.'} {children}
    </Alert>
  );
}

/** The indeterminate bar shown while an import runs. */
export function ImportProgressBar() {
  return <Progress value={100} animated striped aria-label="Import in progress" />;
}
