import type { QueryClient } from '@tanstack/react-query';
import type { Project } from '../../../../shared/api-types/projects.js';
import { projectKeys } from './keys.js';
import { projectQueries } from './queries.js';

/** Options of {@link waitForImport}. */
export interface WaitForImportOptions {
  /** Called with every fetched state of the project. */
  onUpdate?: (project: Project) => void;
  /** Delay between polls, ms. Default 800. */
  intervalMs?: number;
  /** Give up waiting (the import goes on) after this many ms. Default 120 000. */
  timeoutMs?: number;
  /** Stop polling early (e.g. the dialog closed). */
  signal?: AbortSignal;
}

/** True while GitLab is still importing the project's repository. */
export function isImporting(project: Pick<Project, 'import_status'>): boolean {
  return project.import_status === 'scheduled' || project.import_status === 'started';
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Poll `GET /projects/:id` (through the detail query, so the cache stays current) until the import
 * is `finished` or `failed`, the timeout passes or `signal` aborts; returns the last state seen.
 * Invalidates the profile's project lists once the import has settled.
 */
export async function waitForImport(
  queryClient: QueryClient,
  profileId: string,
  project: Project,
  options: WaitForImportOptions = {},
): Promise<Project> {
  const { onUpdate, intervalMs = 800, timeoutMs = 120_000, signal } = options;
  const deadline = Date.now() + timeoutMs;
  let current = project;
  while (isImporting(current) && Date.now() < deadline && !signal?.aborted) {
    await sleep(intervalMs, signal);
    if (signal?.aborted) break;
    current = await queryClient.fetchQuery({ ...projectQueries.detail(profileId, project.id), staleTime: 0 });
    onUpdate?.(current);
  }
  if (!isImporting(current)) await queryClient.invalidateQueries({ queryKey: projectKeys.lists(profileId) });
  return current;
}
