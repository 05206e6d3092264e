import { notifications } from '@mantine/notifications';
import type { ExportStatus } from '../../../../shared/ipc-contract.js';
import { waitForExportEnd } from '../../api/audit-events/exports.js';
import { describeError } from '../../api/describe-error.js';

/**
 * Keep following an audit export after its progress card left the screen (the administrator went
 * elsewhere): polls the host (`export:status`) until the job is no longer running, then raises a
 * notification — written count and file on success, the reason on failure; nothing for a
 * cancellation. Never rejects; resolves with the last status seen (null if the host lost the job).
 */
export async function followExportInBackground(
  exportId: string,
  options: { intervalMs?: number } = {},
): Promise<ExportStatus | null> {
  let status: ExportStatus;
  try {
    status = await waitForExportEnd(exportId, options);
  } catch (error) {
    notifications.show({
      id: `export-${exportId}`,
      color: 'orange',
      title: 'Lost track of an audit export',
      message: describeError(error),
    });
    return null;
  }
  if (status.state === 'done') {
    notifications.show({
      id: `export-${exportId}`,
      color: 'teal',
      title: 'Audit export finished',
      message: `${status.written} ${status.written === 1 ? 'event' : 'events'} written to ${status.file ?? 'the export file'}.`,
    });
  } else if (status.state === 'failed') {
    notifications.show({
      id: `export-${exportId}`,
      color: 'red',
      title: 'Audit export failed',
      message: status.error ?? 'The export stopped; no file was kept.',
    });
  }
  return status;
}
