import { notifications } from '@mantine/notifications';
import { getBridge } from '../../api/bridge.js';
import type { WatchedPipeline } from '../../stores/pipeline-watch-store.js';
import { statusLabel } from './pipeline-status.js';

/**
 * Asks for the Web Notifications permission (browser host) when it was never answered. Electron
 * shows OS notifications from main (`notify:show`), so nothing is asked there. Resolves to false when
 * notifications are denied or unavailable.
 */
export async function prepareNotifications(): Promise<boolean> {
  const info = await getBridge().app.info();
  if (info.shell === 'electron') return true;
  if (typeof Notification === 'undefined') return false;
  if (Notification.permission === 'default') return (await Notification.requestPermission()) === 'granted';
  return Notification.permission === 'granted';
}

/**
 * Raises "Pipeline #N passed/failed" for a watched pipeline: in the app (a Mantine notification, so
 * the news arrives even when OS notifications are denied or suppressed while the window has focus)
 * and as an OS notification — Electron's Notification, else the Web API.
 */
export async function notifyPipelineFinished(watch: WatchedPipeline, status: string): Promise<void> {
  const title = `Pipeline #${watch.pipelineId} ${statusLabel(status).toLowerCase()}`;
  const body = `${watch.projectName} · ${watch.ref}`;
  notifications.show({
    id: `pipeline-${watch.profileId}-${watch.pipelineId}`,
    color: status === 'success' ? 'teal' : status === 'failed' ? 'red' : 'gray',
    title,
    message: body,
  });
  const bridge = getBridge();
  const info = await bridge.app.info();
  if (info.shell === 'electron') {
    await bridge.notify.show({ title, body });
    return;
  }
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    new Notification(title, { body, tag: `pipeline-${watch.profileId}-${watch.pipelineId}` });
  }
}
