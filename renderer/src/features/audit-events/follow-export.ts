import { notifications } from '@mantine/notifications';
import type { ExportStatus } from '../../../../shared/ipc-contract.js';
import { getBridge } from '../../api/bridge.js';
import { describeError } from '../../api/describe-error.js';

/** How often a followed export is checked, ms. */
export const FOLLOW_EXPORT_INTERVAL_MS = 1_000;

/** Give up following after this long, ms (30 min). */
export const FOLLOW_EXPORT_TIMEOUT_MS = 30 * 60_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
  const interval = options.intervalMs ?? FOLLOW_EXPORT_INTERVAL_MS;
  const deadline = Date.now() + FOLLOW_EXPORT_TIMEOUT_MS;
  let status: ExportStatus;
  try {
    status = await getBridge().exports.status(exportId);
    while (status.state === 'running' && Date.now() < deadline) {
      await sleep(interval);
      status = await getBridge().exports.status(exportId);
    }
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
