import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditEventFilters } from '../../../../shared/audit-events.js';
import type { ExportFormat, ExportStatus } from '../../../../shared/ipc-contract.js';
import { getBridge } from '../bridge.js';
import { exportKeys } from './keys.js';

/** How often a running export's status is polled, in ms. */
export const EXPORT_POLL_MS = 250;

/** Query options of host export jobs. */
export const exportQueries = {
  /** `export:status`, polled while the job runs and left alone once it has an outcome. */
  status: (profileId: string, exportId: string) =>
    queryOptions({
      queryKey: exportKeys.status(profileId, exportId),
      queryFn: () => getBridge().exports.status(exportId),
      refetchInterval: (query) => (query.state.data?.state === 'running' ? EXPORT_POLL_MS : false),
      staleTime: Infinity,
      retry: false,
    }),
};

/**
 * Starts an audit events export in the host (`export:start`). Resolves to the job id, or null when
 * the user dismissed the save dialog (Electron).
 */
export function useStartAuditExport(profileId: string) {
  return useMutation({
    mutationFn: async (input: { format: ExportFormat; filters: AuditEventFilters }) =>
      (await getBridge().exports.start({ kind: 'audit_events', profileId, ...input })).exportId,
  });
}

/** Cancels a running export (`export:cancel`); the status cache gets the final state. */
export function useCancelExport(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (exportId: string) => getBridge().exports.cancel(exportId),
    onSuccess: (status: ExportStatus) => {
      queryClient.setQueryData(exportKeys.status(profileId, status.exportId), status);
    },
  });
}

/** How often {@link waitForExportEnd} checks a job, ms. */
export const FOLLOW_EXPORT_INTERVAL_MS = 1_000;

/** How long {@link waitForExportEnd} follows a job before giving up, ms (30 min). */
export const FOLLOW_EXPORT_TIMEOUT_MS = 30 * 60_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Follows a host export job outside any screen (no query cache): asks `export:status` every
 * `intervalMs` (default {@link FOLLOW_EXPORT_INTERVAL_MS}) until the job is no longer `running`, or
 * `timeoutMs` (default {@link FOLLOW_EXPORT_TIMEOUT_MS}) has passed; resolves with the last status.
 * Rejects with the bridge's error (e.g. `not_found` when the host no longer knows the job).
 */
export async function waitForExportEnd(
  exportId: string,
  options: { intervalMs?: number; timeoutMs?: number } = {},
): Promise<ExportStatus> {
  const interval = options.intervalMs ?? FOLLOW_EXPORT_INTERVAL_MS;
  const deadline = Date.now() + (options.timeoutMs ?? FOLLOW_EXPORT_TIMEOUT_MS);
  let status = await getBridge().exports.status(exportId);
  while (status.state === 'running' && Date.now() < deadline) {
    await sleep(interval);
    status = await getBridge().exports.status(exportId);
  }
  return status;
}
