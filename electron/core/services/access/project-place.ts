/** A project's full path and web URL (for `web_url` and `references` fields), batch-loaded. */
import { findNamespacesByIds } from '../../db/namespaces.js';
import { findProjectById } from '../../db/projects.js';
import type { ProjectRow } from '../../db/projects.js';
import type { ProjectPlace } from '../../entities/issues.js';
import type { ServiceContext } from '../context.js';

export function projectPlaces(
  ctx: ServiceContext,
  projects: readonly ProjectRow[],
): Map<number, ProjectPlace> {
  const ns = findNamespacesByIds(ctx.db, [...new Set(projects.map((p) => p.namespace_id))]);
  const out = new Map<number, ProjectPlace>();
  for (const p of projects) {
    const fullPath = `${ns.get(p.namespace_id)?.full_path ?? ''}/${p.path}`;
    out.set(p.id, { id: p.id, fullPath, webUrl: `${ctx.externalUrl()}/${fullPath}` });
  }
  return out;
}

export function projectPlace(ctx: ServiceContext, project: ProjectRow): ProjectPlace {
  return projectPlaces(ctx, [project]).get(project.id)!;
}

/** Places of projects by id (missing ids are skipped). */
export function projectPlacesByIds(ctx: ServiceContext, ids: readonly number[]): Map<number, ProjectPlace> {
  const rows = [...new Set(ids)].map((id) => findProjectById(ctx.db, id)).filter((p): p is ProjectRow => !!p);
  return projectPlaces(ctx, rows);
}
