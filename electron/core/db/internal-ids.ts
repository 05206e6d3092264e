/** The per-project iid counters of `internal_ids` (schema v8): never reused, even after deletions. */
import type { Db } from './database.js';

export type InternalIdUsage = 'issues' | 'merge_requests' | 'milestones';

/** The next iid of `usage` in a project (call inside the transaction that inserts the row). */
export function nextInternalId(db: Db, projectId: number, usage: InternalIdUsage): number {
  const row = db
    .prepare(
      `INSERT INTO internal_ids (project_id, usage, last_value) VALUES (?, ?, 1)
       ON CONFLICT (project_id, usage) DO UPDATE SET last_value = last_value + 1 RETURNING last_value`,
    )
    .get(projectId, usage) as { last_value: number };
  return row.last_value;
}
