/**
 * A merge request's pipelines (doc/api/merge_requests.md "List MR pipelines", "Create MR Pipeline"; GitLab
 * 13.10's `MergeRequest#all_pipelines`, `#actual_head_pipeline`, MergeRequests::CreatePipelineService):
 * - its pipelines are its merge request pipelines (ref `refs/merge-requests/<iid>/head`) and the branch
 *   pipelines of its source branch at its commits (db/merge-request-pipelines.ts), newest first;
 * - its head pipeline is the newest of them at the diff head (`sha`), shown as `pipeline` (list form) and
 *   `head_pipeline` (single form) of the merge request;
 * - `POST …/pipelines` creates a merge request pipeline for the source head: 201 with the pipeline (a
 *   `failed` one for configuration errors), 405 when the source branch is gone or the request has no
 *   commits, 400 `{"message":{"base":[…]}}` when nothing can be created (`Insufficient permissions to
 *   create a new pipeline` below Developer or on an archived project, `Missing CI config file`, `No stages
 *   / jobs for this pipeline.`, `Pipeline filtered out by workflow rules.`).
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import type { Pipeline, PipelineBasic } from '../../../../shared/api-types/pipelines.js';
import type { PipelineListRow, PipelineRow } from '../../db/ci-pipelines.js';
import { findLatestMergeRequestDiff, listDiffCommits } from '../../db/merge-request-diffs.js';
import { findMergeRequestHeadPipeline, listMergeRequestPipelines } from '../../db/merge-request-pipelines.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import { findProjectById } from '../../db/projects.js';
import type { ProjectRow } from '../../db/projects.js';
import { presentPipeline, presentPipelineBasic } from '../../entities/pipelines.js';
import { isAdmin, projectAccessLevel } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { MethodNotAllowedError, ValidationError } from '../errors.js';
import { createMergeRequestPipeline } from '../pipelines/create-pipeline.js';
import { loadPipelineView } from '../pipelines/pipeline-reads.js';
import { projectRepository } from '../refs/project-repository.js';
import { branchHeads, mergeRequestRepos } from './merge-status.js';

/** A pipeline's single form (the pipelines API's shape). */
export function presentPipelineDetail(
  ctx: ServiceContext,
  project: ProjectRow,
  pipeline: PipelineRow,
): Pipeline {
  const view = loadPipelineView(ctx, project, pipeline);
  return presentPipeline(view.pipeline, {
    projectWebUrl: view.projectWebUrl,
    baseUrl: ctx.externalUrl(),
    user: view.user,
    warnings: view.warnings,
    detailsPath: view.detailsPath,
  });
}

/** `pipeline` and `head_pipeline` of a merge request, or null when it has no pipeline at its diff head. */
export function presentHeadPipeline(
  ctx: ServiceContext,
  mr: MergeRequestRow,
): { basic: PipelineBasic; detail: Pipeline } | null {
  if (!mr.head_sha) return null;
  const pipeline = findMergeRequestHeadPipeline(ctx.db, mr, mr.head_sha);
  const project = pipeline ? findProjectById(ctx.db, pipeline.project_id) : undefined;
  if (!pipeline || !project) return null;
  return {
    basic: presentPipelineBasic(pipeline, projectRepository(ctx, project).webUrl),
    detail: presentPipelineDetail(ctx, project, pipeline),
  };
}

/** `GET …/merge_requests/:iid/pipelines`: a page of the request's pipelines (list form), newest first. */
export function listMergeRequestPipelinesPage(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  page: { limit: number; offset: number },
): { items: unknown[]; total: number } {
  const latest = findLatestMergeRequestDiff(ctx.db, mr.id);
  const shas = new Set(latest ? listDiffCommits(ctx.db, latest.id).map((c) => c.sha) : []);
  if (mr.head_sha) shas.add(mr.head_sha);
  const { rows, total } = listMergeRequestPipelines(ctx.db, mr, [...shas], page.limit, page.offset);
  const webUrls = new Map<number, string>();
  const webUrl = (row: PipelineListRow): string => {
    let url = webUrls.get(row.project_id);
    if (url === undefined) {
      const p = row.project_id === project.id ? project : findProjectById(ctx.db, row.project_id);
      url = p ? projectRepository(ctx, p).webUrl : '';
      webUrls.set(row.project_id, url);
    }
    return url;
  };
  return { items: rows.map((r) => presentPipelineBasic(r, webUrl(r))), total };
}

/**
 * `POST …/merge_requests/:iid/pipelines` (see the module comment).
 * @returns the new pipeline's row.
 * @throws MethodNotAllowedError (405); ValidationError 400 `{"message":{"base":[…]}}`.
 */
export async function createMergeRequestPipelineFromApi(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
): Promise<PipelineRow> {
  const repos = mergeRequestRepos(ctx, mr);
  const heads = repos ? await branchHeads(repos, mr) : { source: null, target: null };
  if (!heads.source) throw new MethodNotAllowedError('405 Method Not Allowed');
  if (heads.target === heads.source) throw new MethodNotAllowedError('405 Method Not Allowed');
  const user = ctx.actor.user;
  const developer = isAdmin(user) || projectAccessLevel(ctx.db, user, project) >= AccessLevel.Developer;
  if (!developer || project.archived === 1) {
    const msg = 'Insufficient permissions to create a new pipeline';
    throw new ValidationError(msg, { base: [msg] });
  }
  const result = await createMergeRequestPipeline(ctx, mr, { user });
  if (result.kind === 'refused') throw new ValidationError(result.errors.join(', '), { base: result.errors });
  return result.pipeline;
}
