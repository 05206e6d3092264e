/**
 * Labels named on issue and merge request writes (GitLab's Labels::FindOrCreateService): found in the
 * project and its groups, created as project labels when the caller may manage labels.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import { findLabelInScope, findLabelsByTitles, insertLabel } from '../../db/labels.js';
import type { LabelRow } from '../../db/labels.js';
import type { ProjectRow } from '../../db/projects.js';
import { requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { DEFAULT_LABEL_COLOR } from './label-rules.js';
import { projectLabelScope } from './label-scope.js';

/**
 * The labels of a project (or its groups) with these titles; missing ones are created as project labels
 * with GitLab's default colour when the caller may manage labels (Reporter+), else left out
 * (Labels::FindOrCreateService).
 */
export function findOrCreateLabels(
  ctx: ServiceContext,
  project: ProjectRow,
  titles: readonly string[],
): LabelRow[] {
  if (titles.length === 0) return [];
  const found = findLabelsByTitles(ctx.db, projectLabelScope(ctx, project), titles);
  const byTitle = new Map<string, LabelRow>();
  for (const l of found) if (!byTitle.has(l.title)) byTitle.set(l.title, l);
  let canCreate = true;
  try {
    requireProjectAccess(ctx, project, AccessLevel.Reporter);
  } catch {
    canCreate = false;
  }
  const out: LabelRow[] = [];
  for (const title of titles) {
    let label = byTitle.get(title);
    if (!label && canCreate) {
      const at = nowIso();
      const id = insertLabel(ctx.db, {
        project_id: project.id,
        group_id: null,
        title,
        color: DEFAULT_LABEL_COLOR,
        description: null,
        remove_on_close: 0,
        created_at: at,
        updated_at: at,
      });
      label = findLabelInScope(ctx.db, { projectId: project.id, groupIds: [] }, String(id))!;
      byTitle.set(title, label);
    }
    if (label) out.push(label);
  }
  return out;
}
