/** Subscribe to or unsubscribe from a label (doc/api/labels.md "Subscribe to a label"). */
import type { LabelRow } from '../../db/labels.js';
import { findSubscriptions, setSubscription } from '../../db/subscriptions.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';

/** Subscribe or unsubscribe; false when nothing changed (the route answers 304). */
export function setLabelSubscription(ctx: ServiceContext, label: LabelRow, subscribed: boolean): boolean {
  const user = requireUser(ctx);
  const current = findSubscriptions(ctx.db, 'Label', [label.id], user.id).get(label.id) ?? false;
  if (current === subscribed) return false;
  setSubscription(ctx.db, 'Label', label.id, user.id, subscribed);
  return true;
}
