/**
 * The namespace of `GET /namespaces/:id` (GitLab's Entities::Namespace): NamespaceBasic plus
 * `members_count_with_descendants` for callers who may administer the group. Pure: no queries.
 */
import type { NamespaceDetail, NamespaceExists } from '../../../shared/api-types/projects.js';
import type { NamespaceRow } from '../db/namespaces.js';
import { presentNamespace } from './projects.js';

export function presentNamespaceDetail(
  ns: NamespaceRow,
  baseUrl: string,
  membersCountWithDescendants?: number,
): NamespaceDetail {
  const out: NamespaceDetail = presentNamespace(ns, baseUrl);
  if (membersCountWithDescendants !== undefined)
    out.members_count_with_descendants = membersCountWithDescendants;
  return out;
}

/** `GET /namespaces/:namespace/exists`. */
export function presentNamespaceExists(r: { exists: boolean; suggests: string[] }): NamespaceExists {
  return { exists: r.exists, suggests: r.suggests };
}
