/**
 * Job presenter (doc/api/jobs.md; GitLab's Entities::Ci::Job, schema public_api/v4/job.json): the job with
 * its user, commit, pipeline (basic form), artifacts (the trace, and the JUnit report when one was
 * collected), the local runner, and `failure_reason` for failed jobs. Pure.
 */
import type { Job, JobArtifact, JobRunner } from '../../../shared/api-types/pipelines.js';
import type { JobRow } from '../db/ci-jobs.js';
import type { PipelineRow } from '../db/ci-pipelines.js';
import type { UserRow } from '../db/users.js';
import type { CommitInfo } from '../git/commit-info.js';
import { presentCommit } from './commits.js';
import { presentPipelineBasic } from './pipelines.js';
import { presentUser } from './users.js';

/** A job with what its presenter needs. */
export interface JobView {
  job: JobRow;
  pipeline: PipelineRow;
  user: UserRow | null;
  traceSize: number | null;
  junitSize: number | null;
}

/** `http://host/group/project/-/jobs/<id>`. */
export function jobWebUrl(projectWebUrl: string, id: number): string {
  return `${projectWebUrl}/-/jobs/${id}`;
}

/** The one runner of the embedded core (shared, always online). */
export const LOCAL_RUNNER: JobRunner = {
  id: 1,
  description: 'Outpost local executor',
  ip_address: '127.0.0.1',
  active: true,
  is_shared: true,
  name: 'outpost-local',
  online: true,
  status: 'online',
};

export interface JobPresentation {
  pipeline: PipelineRow;
  user: UserRow | null;
  projectWebUrl: string;
  baseUrl: string;
  /** Current trace size in bytes (null: no trace yet). */
  traceSize: number | null;
  /** Bytes of the collected JUnit report, if any. */
  junitSize: number | null;
  /** For the live `duration`/`queued_duration` of running and pending jobs (ISO time). */
  now: string;
}

function seconds(from: string, to: string): number {
  return Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000);
}

/** Parsed commits kept by {@link commitOf}. */
export const PARSED_COMMITS_MAX = 256;

/**
 * Parsed `commit_json`, by its exact text: a page of jobs shows one pipeline's commit once per job and
 * the pipelines of a page mostly share a few commits, and parsing each row's JSON was a tenth of a page
 * of 20 jobs computed in full (issue 17). The parse is a pure function of the text, so the text is the
 * key (looking up a string hashes it once: far cheaper than parsing it); at most
 * {@link PARSED_COMMITS_MAX} are kept, oldest dropped first. Kept commits are frozen: shared, never
 * changed.
 */
const parsedCommits = new Map<string, CommitInfo>();

function commitOf(pipeline: PipelineRow): CommitInfo {
  const text = pipeline.commit_json;
  let commit = parsedCommits.get(text);
  if (!commit) {
    const parsed = JSON.parse(text) as CommitInfo;
    if (Array.isArray(parsed.parentIds)) Object.freeze(parsed.parentIds);
    commit = Object.freeze(parsed);
    parsedCommits.set(text, commit);
    if (parsedCommits.size > PARSED_COMMITS_MAX) parsedCommits.delete(parsedCommits.keys().next().value!);
  }
  return commit;
}

/** The API form of a job (GitLab's Entities::Ci::Job). */
export function presentJob(j: JobRow, o: JobPresentation): Job {
  const commit = commitOf(o.pipeline);
  const artifacts: JobArtifact[] = [];
  if (o.traceSize !== null)
    artifacts.push({ file_type: 'trace', size: o.traceSize, filename: 'job.log', file_format: 'raw' });
  if (o.junitSize !== null)
    artifacts.push({ file_type: 'junit', size: o.junitSize, filename: 'junit.xml.gz', file_format: 'gzip' });
  const out: Job = {
    id: j.id,
    status: j.status,
    stage: j.stage,
    name: j.name,
    ref: o.pipeline.ref,
    tag: o.pipeline.tag === 1,
    coverage: j.coverage,
    allow_failure: j.allow_failure === 1,
    created_at: j.created_at,
    started_at: j.started_at,
    finished_at: j.finished_at,
    erased_at: null,
    duration: j.duration ?? (j.started_at && j.status === 'running' ? seconds(j.started_at, o.now) : null),
    queued_duration:
      j.queued_duration ?? (j.queued_at && j.status === 'pending' ? seconds(j.queued_at, o.now) : null),
    user: o.user ? presentUser(o.user, o.baseUrl) : null,
    commit: commit.id ? presentCommit(commit, o.projectWebUrl) : null,
    pipeline: presentPipelineBasic(o.pipeline, o.projectWebUrl),
    web_url: jobWebUrl(o.projectWebUrl, j.id),
    artifacts,
    artifacts_expire_at: null,
    tag_list: [],
    runner: j.runner_description ? LOCAL_RUNNER : null,
    project: { ci_job_token_scope_enabled: false },
    archived: false,
  };
  if (j.status === 'failed') out.failure_reason = j.failure_reason ?? 'unknown_failure';
  return out;
}
