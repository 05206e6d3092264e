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
