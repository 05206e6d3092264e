/**
 * Jobs across every project, for administrators (issue 28): the jobs the built-in runner ran
 * (`GET /runners/1/jobs`, doc/api/runners.md "List runner's jobs", entity Entities::Ci::JobBasicWithProject)
 * and the instance job list (`GET /jobs`, an Outpost extension: GitLab has no REST list of an instance's
 * jobs, gitlab-org/gitlab#323316 "Global jobs API"; its Admin → Jobs page reads GraphQL `Query.jobs`).
 */
import { findProjectById } from '../../db/projects.js';
import type { ProjectRow } from '../../db/projects.js';
import { listInstanceJobs } from '../../db/instance-jobs.js';
import { findNamespacesByIds } from '../../db/namespaces.js';
import { presentJob } from '../../entities/jobs.js';
import type { Job } from '../../../../shared/api-types/pipelines.js';
import type { ServiceContext } from '../context.js';
import { requireAdmin } from '../access/project-access.js';
import { loadJobViews } from '../pipelines/job-reads.js';

/** The project a listed job belongs to (Entities::ProjectIdentity). */
export interface JobProjectJson {
  id: number;
  name: string;
  name_with_namespace: string;
  path: string;
  path_with_namespace: string;
  created_at: string;
}

/** A job of the instance list: GitLab's job with its project. */
export type InstanceJobJson = Job & { project: Job['project'] & JobProjectJson };

/** Input of {@link listInstanceJobsPage}. */
export interface InstanceJobsQuery {
  statuses?: readonly string[];
  /** Only jobs the built-in runner picked up. */
  ranOnRunner?: boolean;
  sort: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * A page of jobs of every project, each with its project (administrators only).
 * @returns the presented jobs and the total matching.
 * @throws ForbiddenError for non-administrators.
 */
export function listInstanceJobsPage(
  ctx: ServiceContext,
  q: InstanceJobsQuery,
): { items: InstanceJobJson[]; total: number } {
  requireAdmin(ctx);
  const { rows, total } = listInstanceJobs(
    ctx.db,
    { statuses: q.statuses, ranOnRunner: q.ranOnRunner, sort: q.sort },
    q.limit,
    q.offset,
  );
  const projects = new Map<number, ProjectRow>();
  for (const id of new Set(rows.map((r) => r.project_id))) {
    const p = findProjectById(ctx.db, id);
    if (p) projects.set(id, p);
  }
  const namespaces = findNamespacesByIds(ctx.db, [
    ...new Set([...projects.values()].map((p) => p.namespace_id)),
  ]);
  const baseUrl = ctx.externalUrl();
  const now = new Date().toISOString();
  const items: InstanceJobJson[] = [];
  for (const v of loadJobViews(ctx, rows)) {
    const project = projects.get(v.job.project_id);
    if (!project) continue;
    const ns = namespaces.get(project.namespace_id);
    const fullPath = `${ns?.full_path ?? ''}/${project.path}`;
    const job = presentJob(v.job, {
      pipeline: v.pipeline,
      user: v.user,
      projectWebUrl: `${baseUrl}/${fullPath}`,
      baseUrl,
      traceSize: v.traceSize,
      junitSize: v.junitSize,
      now,
    });
    items.push({
      ...job,
      project: {
        ...job.project,
        id: project.id,
        name: project.name,
        name_with_namespace: ns ? `${ns.name} / ${project.name}` : project.name,
        path: project.path,
        path_with_namespace: fullPath,
        created_at: project.created_at,
      },
    });
  }
  return { items, total };
}
