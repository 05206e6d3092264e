/**
 * Batch reads over the namespace tree for list presenters (issue 17: a page of projects in a fixed number
 * of statements): every ancestor chain of many namespaces in one recursive query.
 */
import type { Db } from './database.js';
import { cachedStatement, jsonIds } from './statement-cache.js';

/**
 * The names along each namespace's chain, root first and the namespace's own name last, for every id in
 * `ids` that exists (one statement whatever the number of ids). Used for "Group / Subgroup" full names.
 */
export function findNamespaceNameChains(db: Db, ids: readonly number[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  if (ids.length === 0) return out;
  const rows = cachedStatement(
    db,
    `WITH RECURSIVE chain(start, id, parent_id, name, depth) AS (
       SELECT id, id, parent_id, name, 0 FROM namespaces WHERE id IN (SELECT value FROM json_each(?))
       UNION ALL
       SELECT chain.start, n.id, n.parent_id, n.name, chain.depth + 1
         FROM namespaces n JOIN chain ON n.id = chain.parent_id
     ) SELECT start, name FROM chain ORDER BY start, depth DESC`,
  ).all(jsonIds([...new Set(ids)])) as { start: number; name: string }[];
  for (const r of rows) {
    const names = out.get(r.start);
    if (names) names.push(r.name);
    else out.set(r.start, [r.name]);
  }
  return out;
}
