/**
 * How long a kept `GET /projects` answer stays true for the part of it that does not come from SQLite:
 * each project's `empty_repo`, read from git (project-views.ts remembers it per repository while the
 * core moved none of its refs, for at most 5 s so a change made outside the core shows soon). A kept
 * answer (http/response-cache.ts) is fresh while no repository on its page had its refs moved by the
 * core and for at most the same 5 s, so it never shows an `empty_repo` older than the presenter would.
 */
import type { ProjectRow } from '../../db/projects.js';
import { refsGeneration, repositoryKey } from '../../git/run-git.js';
import { resolveRepositoryPath } from '../../git/storage.js';
import type { ServiceContext } from '../context.js';

/** As project-views.ts's EMPTY_REPO_TTL_MS. */
export const PROJECT_LIST_GIT_TTL_MS = 5_000;

/**
 * A check that stays true while the refs of every repository of `rows` are unchanged (as far as the core
 * knows) and for at most {@link PROJECT_LIST_GIT_TTL_MS} from now. Call it before presenting the rows.
 */
export function projectRowsFreshness(ctx: ServiceContext, rows: readonly ProjectRow[]): () => boolean {
  const until = Date.now() + PROJECT_LIST_GIT_TTL_MS;
  const repos = rows.map((r) => {
    const key = repositoryKey(resolveRepositoryPath(ctx.shards, r.repository_storage, r.disk_path));
    return { key, generation: refsGeneration(key) };
  });
  return () => Date.now() < until && repos.every((r) => refsGeneration(r.key) === r.generation);
}
