import type { NamespaceBasic, Project } from '../../../../shared/api-types/projects.js';
import { ApiError } from '../api-error.js';
import { apiGet } from '../client.js';

/**
 * Whether `<namespace full path>/<path>` is free before a project is created or imported there, so a
 * failed create or import never leaves a project in the way: `GET /namespaces/:id` (or `GET /user` for
 * the personal namespace, whose full path is the username) then `GET /projects/<url-encoded full
 * path>` (doc/api/projects.md "Get single project" accepts the path). Resolves with the project found
 * there, or null when the instance answers 404. Errors: ApiError / BridgeError of the lookups other
 * than that 404.
 */
export async function findProjectAtPath(
  profileId: string,
  namespaceId: number | null,
  path: string,
): Promise<Project | null> {
  const namespacePath =
    namespaceId === null
      ? (await apiGet<{ username: string }>(profileId, '/user')).username
      : (await apiGet<NamespaceBasic>(profileId, `/namespaces/${namespaceId}`)).full_path;
  try {
    return await apiGet<Project>(profileId, `/projects/${encodeURIComponent(`${namespacePath}/${path}`)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
