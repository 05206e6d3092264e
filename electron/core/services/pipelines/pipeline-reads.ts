/**
 * Reading pipelines (doc/api/pipelines.md; spec "Pipelines"): the filtered list, one pipeline, the latest
 * of a ref, its variables and its test report, plus the revisions that make the ETags of these reads.
 * Missing pipelines are 404 `{"message":"404 Not found"}` (GitLab's ActiveRecord lookup).
 */
import { createHash } from 'node:crypto';
import { AccessLevel } from '../../../../shared/access-levels.js';
import { findJobTestReports, findPipelineJobs, pipelineHasAllowedFailure } from '../../db/ci-jobs.js';
import {
  findLatestPipelineForRef,
  findPipeline,
  findPipelineVariables,
  findProjectCiRevision,
  listPipelines,
} from '../../db/ci-pipelines.js';
import type {
  PipelineListFilter,
  PipelineListRow,
  PipelineOrder,
  PipelineRow,
  PipelineVariableRow,
} from '../../db/ci-pipelines.js';
import { findNamespaceById } from '../../db/namespaces.js';
import type { ProjectRow } from '../../db/projects.js';
import { findUserById, findUsersByIds } from '../../db/users.js';
import type { UserRow } from '../../db/users.js';
import { listBranchRefs, listTagRefs } from '../../git/refs.js';
import type { ParsedTestReport } from '../../ci/junit.js';
import { requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import { projectRepositoryPath } from '../projects/projects-service.js';

export const PIPELINE_SCOPES = ['running', 'pending', 'finished', 'branches', 'tags'] as const;
export type PipelineScope = (typeof PIPELINE_SCOPES)[number];

export interface ListPipelinesInput {
  scope?: PipelineScope;
  status?: string;
  ref?: string;
  sha?: string;
  yamlErrors?: boolean;
  name?: string;
  username?: string;
  updatedAfter?: string;
  updatedBefore?: string;
  source?: string;
  orderBy: PipelineOrder;
  sort: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** A pipeline with what its single form shows. */
export interface PipelineView {
  pipeline: PipelineRow;
  user: UserRow | null;
  /** Allowed failures happened (detailed status "passed with warnings"). */
  warnings: boolean;
  projectWebUrl: string;
  /** `/group/project/-/pipelines/<id>`. */
  detailsPath: string;
}

/** `group/sub/project` (one statement: the project's namespace row). */
function projectPath(ctx: ServiceContext, project: ProjectRow): string {
  return `${findNamespaceById(ctx.db, project.namespace_id)?.full_path ?? ''}/${project.path}`;
}

/**
 * `http://host/group/project`, the base of the `web_url` fields, in one statement (the namespace row);
 * unlike `projectRepository` (refs/project-repository.ts) it leaves the repository's location on disk alone.
 */
export function projectWebUrl(ctx: ServiceContext, project: ProjectRow): string {
  return `${ctx.externalUrl()}/${projectPath(ctx, project)}`;
}

/** @throws NotFoundError `404 Not found` */
export function findPipelineForRead(ctx: ServiceContext, project: ProjectRow, id: number): PipelineRow {
  const p = Number.isFinite(id) ? findPipeline(ctx.db, project.id, id) : undefined;
  if (!p) throw new NotFoundError('Pipeline', '404 Not found');
  return p;
}

/** The single form's data for a pipeline: three statements (its user, its allowed failures, the namespace). */
export function loadPipelineView(
  ctx: ServiceContext,
  project: ProjectRow,
  pipeline: PipelineRow,
): PipelineView {
  // The project's full path once (its namespace row) for both the web URL and the details path.
  const fullPath = projectPath(ctx, project);
  return {
    pipeline,
    user: pipeline.user_id !== null ? (findUserById(ctx.db, pipeline.user_id) ?? null) : null,
    // hasWarnings (ci/status.ts) over the current jobs, asked of SQL without loading them.
    warnings: pipelineHasAllowedFailure(ctx.db, pipeline.id),
    projectWebUrl: `${ctx.externalUrl()}/${fullPath}`,
    detailsPath: `/${fullPath}/-/pipelines/${pipeline.id}`,
  };
}

/** A page of pipelines (see doc/api/pipelines.md "List project pipelines"). */
export async function listPipelinesPage(
  ctx: ServiceContext,
  project: ProjectRow,
  input: ListPipelinesInput,
): Promise<{ rows: PipelineListRow[]; total: number; projectWebUrl: string }> {
  const filter: PipelineListFilter = {
    projectId: project.id,
    ref: input.ref,
    sha: input.sha,
    yamlErrors: input.yamlErrors,
    userName: input.name,
    username: input.username,
    updatedAfter: input.updatedAfter,
    updatedBefore: input.updatedBefore,
    source: input.source,
  };
  let statuses: string[] | undefined = input.status ? [input.status] : undefined;
  const restrict = (allowed: string[]) => {
    statuses = statuses ? statuses.filter((s) => allowed.includes(s)) : allowed;
  };
  switch (input.scope) {
    case 'running':
      restrict(['running']);
      break;
    case 'pending':
      restrict(['pending']);
      break;
    case 'finished':
      restrict(['success', 'failed', 'canceled', 'skipped']);
      break;
    case 'branches':
      filter.tag = false;
      filter.latestOfRefs = (await listBranchRefs(projectRepositoryPath(ctx, project)).catch(() => [])).map(
        (b) => b.name,
      );
      break;
    case 'tags':
      filter.tag = true;
      filter.latestOfRefs = (await listTagRefs(projectRepositoryPath(ctx, project)).catch(() => [])).map(
        (t) => t.name,
      );
      break;
    default:
      break;
  }
  filter.statuses = statuses;
  const { rows, total } = listPipelines(ctx.db, filter, input.orderBy, input.sort, input.limit, input.offset);
  return { rows, total, projectWebUrl: projectWebUrl(ctx, project) };
}

/** Users of many pipelines or jobs, by id. */
export function loadUsers(ctx: ServiceContext, ids: readonly (number | null)[]): Map<number, UserRow> {
  return findUsersByIds(ctx.db, [...new Set(ids.filter((i): i is number => i !== null))]);
}

/**
 * `GET /projects/:id/pipelines/latest`: the latest pipeline of `ref` (default: the default branch).
 * @throws ForbiddenError when there is none (GitLab authorizes a nil pipeline).
 */
export function findLatestPipeline(ctx: ServiceContext, project: ProjectRow, ref?: string): PipelineRow {
  const wanted = ref ?? project.default_branch;
  const p = wanted ? findLatestPipelineForRef(ctx.db, project.id, wanted) : undefined;
  if (!p) throw new ForbiddenError();
  return p;
}

/** `GET …/variables`: Developer or above (GitLab's read_pipeline_variable). */
export function readPipelineVariables(
  ctx: ServiceContext,
  project: ProjectRow,
  pipeline: PipelineRow,
): PipelineVariableRow[] {
  requireProjectAccess(ctx, project, AccessLevel.Developer);
  return findPipelineVariables(ctx.db, pipeline.id);
}

/** One suite of a test report: the JUnit cases of the current jobs named `name`. */
export interface TestSuiteData {
  name: string;
  /** The first job of that name with a report (for attachment links). */
  jobId: number;
  cases: ParsedTestReport['cases'];
  suiteError: string | null;
}

/** `GET …/test_report`: JUnit reports of the pipeline's current jobs, one suite per job name. */
export function readTestReport(
  ctx: ServiceContext,
  project: ProjectRow,
  pipeline: PipelineRow,
): { suites: TestSuiteData[]; projectWebUrl: string } {
  const jobs = findPipelineJobs(ctx.db, pipeline.id);
  const reports = new Map(
    findJobTestReports(
      ctx.db,
      jobs.map((j) => j.id),
    ).map((r) => [r.job_id, JSON.parse(r.report) as ParsedTestReport]),
  );
  const suites = new Map<string, TestSuiteData>();
  for (const job of jobs) {
    const r = reports.get(job.id);
    if (!r) continue;
    const suite = suites.get(job.name) ?? { name: job.name, jobId: job.id, cases: [], suiteError: null };
    suite.cases.push(...r.cases);
    suite.suiteError ??= r.suiteError;
    suites.set(job.name, suite);
  }
  return { suites: [...suites.values()], projectWebUrl: projectWebUrl(ctx, project) };
}

/** The project's CI revision (ETag of lists). */
export function projectPipelinesRevision(ctx: ServiceContext, project: ProjectRow): number {
  return findProjectCiRevision(ctx.db, project.id);
}

/**
 * What a list with `scope` shows beyond SQLite, for its ETag: for `branches`/`tags`, the names of the
 * repository's branches or tags (the list shows the latest pipeline of each), as a short digest; '' for
 * every other scope. Read through the refs cache (no git process when it is warm).
 */
export async function pipelineListRefsDigest(
  ctx: ServiceContext,
  project: ProjectRow,
  scope: PipelineScope | undefined,
): Promise<string> {
  if (scope !== 'branches' && scope !== 'tags') return '';
  const repoPath = projectRepositoryPath(ctx, project);
  const refs = await (scope === 'branches' ? listBranchRefs(repoPath) : listTagRefs(repoPath)).catch(
    () => [],
  );
  return createHash('sha1')
    .update(refs.map((r) => r.name).join('\0'))
    .digest('base64url')
    .slice(0, 16);
}
