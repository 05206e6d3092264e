import { notifications } from '@mantine/notifications';
import { getBridge } from '../../api/bridge.js';
import {
  EMPTY_NEWS_STATE,
  findNewItems,
  newsSummary,
  type InboxNewsState,
} from '../../api/inbox/merge-inbox.js';
import type { InboxItem } from '../../api/inbox/types.js';

/** What the Inbox has seen so far this session (kept across visits to the screen). */
let newsState: InboxNewsState = EMPTY_NEWS_STATE;

/** Forget what was seen (tests). */
export function resetInboxNews(): void {
  newsState = EMPTY_NEWS_STATE;
}

/**
 * After a round: remember `items`, and raise at most one notification summing up the new ones (never
 * for an instance's first load; `findNewItems`): in the app (a Mantine notification, as
 * features/pipelines/notify-pipeline.ts does, so the news arrives even when OS notifications are denied)
 * and as an OS notification — Electron shows it from main (`notify:show`); the browser host uses the Web
 * Notifications API when already granted (the Inbox never asks).
 * Returns the new items. Never throws.
 */
export async function noteInboxRound(
  items: readonly InboxItem[],
  loadedNow: readonly string[],
): Promise<InboxItem[]> {
  const { state, fresh } = findNewItems(newsState, items, loadedNow);
  newsState = state;
  const summary = newsSummary(fresh);
  if (!summary) return fresh;
  notifications.show({ id: 'inbox-news', color: 'blue', title: summary.title, message: summary.body });
  try {
    const bridge = getBridge();
    const info = await bridge.app.info();
    if (info.shell === 'electron') await bridge.notify.show(summary);
    else if (typeof Notification !== 'undefined' && Notification.permission === 'granted')
      new Notification(summary.title, { body: summary.body, tag: 'outpost-inbox' });
  } catch {
    // A notification that can't be shown is not worth an error: the list shows the items anyway.
  }
  return fresh;
}
