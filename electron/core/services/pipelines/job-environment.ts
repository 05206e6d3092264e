/**
 * The variables a job runs with, in GitLab's order of precedence (doc/ci/variables/_index.md "CI/CD
 * variable precedence", lowest first): predefined variables, the YAML's global and job variables (with
 * `$VAR` references expanded), instance variables (protected ones only on protected refs), pipeline
 * variables. `file` variables become files whose path is the value (written by the runner). Masked
 * instance variables are masked in the trace.
 */
import type { JobRow } from '../../db/ci-jobs.js';
import type { PipelineRow, PipelineVariableRow } from '../../db/ci-pipelines.js';
import { findPipelineVariables } from '../../db/ci-pipelines.js';
import { findNamespaceById } from '../../db/namespaces.js';
import type { ProjectRow } from '../../db/projects.js';
import { findUserById } from '../../db/users.js';
import type { CommitInfo } from '../../git/commit-info.js';
import { expandVariables } from '../../ci/config/pipeline-seed.js';
import { CI_SERVER_VERSION, predefinedVariables } from '../../ci/predefined-variables.js';
import { instanceVariablesForJob } from '../admin/ci-variables/ci-variables-service.js';
import type { ServiceContext } from '../context.js';
import { isProtectedRef } from './create-pipeline.js';

export interface JobVariableValue {
  key: string;
  value: string;
  /** Written to a file; the variable holds the file's path. */
  file: boolean;
  masked: boolean;
}

/** Where the runner put the job. */
export interface JobPlacement {
  projectDir: string;
  buildsDir: string;
  startedAt: string;
}

/** `group/project` of a project. */
export function projectFullPath(ctx: ServiceContext, project: ProjectRow): string {
  const ns = findNamespaceById(ctx.db, project.namespace_id);
  return `${ns?.full_path ?? ''}/${project.path}`;
}

/**
 * The job's variables, lowest precedence first (a later entry with the same key wins). Values of
 * `file` variables are the file contents; the runner replaces them with paths.
 */
export function jobVariables(
  ctx: ServiceContext,
  job: JobRow,
  pipeline: PipelineRow,
  project: ProjectRow,
  placement: JobPlacement,
): JobVariableValue[] {
  const ns = findNamespaceById(ctx.db, project.namespace_id);
  const commit = JSON.parse(pipeline.commit_json) as CommitInfo;
  const user = job.user_id !== null ? findUserById(ctx.db, job.user_id) : undefined;
  const protectedRef = isProtectedRef(ctx, project, pipeline.ref, pipeline.tag === 1);
  const env = job.environment
    ? (JSON.parse(job.environment) as { name: string; url: string | null; action: string })
    : null;
  const predefined = predefinedVariables({
    serverUrl: ctx.externalUrl(),
    serverVersion: CI_SERVER_VERSION,
    project: {
      id: project.id,
      path: project.path,
      name: project.name,
      namespace: ns?.full_path ?? '',
      visibility: project.visibility,
      defaultBranch: project.default_branch,
    },
    pipeline: {
      id: pipeline.id,
      iid: pipeline.iid,
      source: pipeline.source,
      ref: pipeline.ref,
      tag: pipeline.tag === 1,
      protectedRef,
      sha: pipeline.sha,
      beforeSha: pipeline.before_sha,
      createdAt: pipeline.created_at,
      commit: {
        message: commit.message ?? '',
        authorName: commit.authorName ?? '',
        authorEmail: commit.authorEmail ?? '',
        committedDate: commit.committedDate ?? '',
      },
    },
    user: user ? { id: user.id, username: user.username, name: user.name, email: user.email } : null,
    job: {
      id: job.id,
      name: job.name,
      stage: job.stage,
      startedAt: placement.startedAt,
      manual: job.when === 'manual',
      projectDir: placement.projectDir,
      buildsDir: placement.buildsDir,
      timeoutSeconds: job.timeout ?? 3600,
      environment: env,
    },
  });
  const out: JobVariableValue[] = Object.entries(predefined).map(([key, value]) => ({
    key,
    value,
    file: false,
    masked: false,
  }));
  const known: Record<string, string> = { ...predefined };
  for (const v of JSON.parse(job.variables) as { key: string; value: string }[]) {
    const value = expandVariables(v.value, known);
    known[v.key] = value;
    out.push({ key: v.key, value, file: false, masked: false });
  }
  for (const v of instanceVariablesForJob(ctx, { protectedRef }))
    out.push({ key: v.key, value: v.value, file: v.variable_type === 'file', masked: v.masked });
  const pipelineVars: PipelineVariableRow[] = findPipelineVariables(ctx.db, pipeline.id);
  for (const v of pipelineVars)
    out.push({ key: v.key, value: v.value, file: v.variable_type === 'file', masked: false });
  return out;
}
