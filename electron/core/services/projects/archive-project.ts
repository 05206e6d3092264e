/**
 * `POST /projects/:id/archive` and `POST /projects/:id/unarchive` (GitLab doc/api/projects.md "Archive a
 * project" / "Unarchive a project"; lib/api/projects.rb `authorize!(:archive_project, user_project)`):
 * the project's Owner or an administrator sets or clears `archived`. Archiving an archived project (or
 * unarchiving an active one) changes nothing and still answers with the project, as GitLab does. The
 * change is audited like any other project attribute (updateProject).
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import type { ProjectRow } from '../../db/projects.js';
import { requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { updateProject } from './projects-service.js';

/**
 * Set the project's archived flag; returns the project as stored afterwards.
 * @throws ForbiddenError below Owner (administrators pass), before anything changes.
 */
export async function setProjectArchived(
  ctx: ServiceContext,
  project: ProjectRow,
  archived: boolean,
): Promise<ProjectRow> {
  requireProjectAccess(ctx, project, AccessLevel.Owner);
  return updateProject(ctx, project, { archived });
}
