/** Tree item presenter (doc/api/repositories.md "List repository tree"; GitLab's TreeObject entity). Pure. */
import type { TreeObject } from '../../../shared/api-types/repository.js';
import type { TreeEntry } from '../git/blobs.js';

/** `{id, name, type, path, mode}`; `name` is the last path segment. */
export function presentTreeObject(e: TreeEntry): TreeObject {
  const slash = e.path.lastIndexOf('/');
  return {
    id: e.id,
    name: slash === -1 ? e.path : e.path.slice(slash + 1),
    type: e.type,
    path: e.path,
    mode: e.mode,
  };
}
