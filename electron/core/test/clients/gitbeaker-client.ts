/**
 * @gitbeaker/rest (the version pinned in package.json, unchanged) pointed at a real core over loopback,
 * for the client compatibility suites (issue 16). gitbeaker throws `GitbeakerRequestError` for any non-2xx
 * answer, with GitLab's `message`/`error` as `cause.description` and the `Response` as `cause.response`.
 */
import { GitbeakerRequestError, Gitlab } from '@gitbeaker/rest';
import { ROOT_TOKEN } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

/** A gitbeaker client for `t` (root's token unless another is given). */
export function gitbeaker(t: TestCore, token: string = ROOT_TOKEN) {
  return new Gitlab({ host: t.url, token });
}

export type GitbeakerApi = ReturnType<typeof gitbeaker>;

/** The status and description of the error a gitbeaker call throws; fails when it does not throw. */
export async function gitbeakerError(p: Promise<unknown>): Promise<{ status: number; description: string }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof GitbeakerRequestError && err.cause)
      return { status: err.cause.response.status, description: err.cause.description };
    throw err;
  }
  throw new Error('expected the gitbeaker call to fail, but it succeeded');
}

/**
 * GitLab's instance clusters API (`/admin/clusters`, doc/api/instance_clusters.md), which gitbeaker has no
 * class for: calls through gitbeaker's own requester (the one every resource uses), so the URL, auth
 * header, body encoding and error handling are gitbeaker's. Each call answers the parsed body.
 */
export function instanceClusters(api: GitbeakerApi) {
  const r = api.Projects.requester;
  type Obj = Record<string, unknown>;
  return {
    all: async () => (await r.get<Obj[]>('admin/clusters')).body,
    add: async (body: Obj) => (await r.post<Obj>('admin/clusters/add', { body })).body,
    show: async (id: number) => (await r.get<Obj>(`admin/clusters/${id}`)).body,
    edit: async (id: number, body: Obj) => (await r.put<Obj>(`admin/clusters/${id}`, { body })).body,
    remove: async (id: number) => (await r.delete(`admin/clusters/${id}`)).status,
  };
}
