import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import type { Project } from '../../../../shared/api-types/projects.js';
import { describeError } from '../../api/describe-error.js';
import { waitForImport } from '../../api/projects/wait-for-import.js';

/** How long a background import is followed before giving up on telling its end, ms (30 min). */
export const FOLLOW_IMPORT_TIMEOUT_MS = 30 * 60_000;

/**
 * Keep following an import after its dialog was closed ("Continue in background"): polls the
 * project (`GET /projects/:id`, via {@link waitForImport}) until `import_status` is `finished` or
 * `failed`, then raises a notification — "Repository imported" or "Import failed" with the
 * instance's reason — wherever the administrator is. Never rejects.
 */
export async function followImportInBackground(
  queryClient: QueryClient,
  profileId: string,
  project: Project,
  options: { intervalMs?: number } = {},
): Promise<void> {
  const id = `import-${profileId}-${project.id}`;
  try {
    const final = await waitForImport(queryClient, profileId, project, {
      intervalMs: options.intervalMs ?? 1_500,
      timeoutMs: FOLLOW_IMPORT_TIMEOUT_MS,
    });
    if (final.import_status === 'finished') {
      notifications.show({
        id,
        color: 'teal',
        title: 'Repository imported',
        message: `${final.path_with_namespace} is ready${final.default_branch ? ` (default branch ${final.default_branch})` : ''}.`,
      });
    } else if (final.import_status === 'failed') {
      notifications.show({
        id,
        color: 'red',
        title: 'Import failed',
        message: `${final.path_with_namespace}: ${final.import_error || 'the instance could not import this repository.'}`,
      });
    }
  } catch (error) {
    notifications.show({
      id,
      color: 'orange',
      title: 'Lost track of an import',
      message: `${project.path_with_namespace}: ${describeError(error)} The project list shows its status.`,
    });
  }
}
