/**
 * Creating pipelines (doc/api/pipelines.md "Create a new pipeline"; GitLab's Ci::CreatePipelineService
 * chain): read `.gitlab-ci.yml` at the commit, parse it, honour `[skip ci]`/`[ci skip]` (pushes only),
 * evaluate `workflow:rules` and each job's `rules`/`only`/`except`, then store the pipeline and its jobs
 * and hand it to the runner.
 *
 * - `POST /projects/:id/pipeline` (`createApiPipeline`): every refusal is 400
 *   `{"message":{"base":[…]}}` — `Reference not found`, `Missing CI config file`, the configuration's
 *   errors, `No stages / jobs for this pipeline.`, `Pipeline filtered out by workflow rules.`,
 *   `Insufficient permissions for protected ref '<ref>'`; nothing is stored (GitLab's
 *   `save_on_errors: false`).
 * - Pushes through the API (`createPipelinesForRefUpdate`, called after file commits, branch and tag
 *   creation, merges): run in the background; an invalid configuration stores a `failed` pipeline with
 *   `yaml_errors`; `[skip ci]` stores a `skipped` pipeline without jobs; no configuration, or no job to
 *   run, stores nothing.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import { findPipelineJobs, insertJob } from '../../db/ci-jobs.js';
import { insertPipeline, insertPipelineVariables, findPipelineById } from '../../db/ci-pipelines.js';
import type { PipelineRow, PipelineSourceValue } from '../../db/ci-pipelines.js';
import type { ProjectRow } from '../../db/projects.js';
import type { UserRow } from '../../db/users.js';
import { changedPaths, listCommitFiles, readBlobAtCommit } from '../../git/ci-source.js';
import { readCommits } from '../../git/commit-info.js';
import type { CommitInfo } from '../../git/commit-info.js';
import { findBranchRef, findTagRef, ZERO_SHA } from '../../git/refs.js';
import { parseCiConfig } from '../../runner/config/ci-config.js';
import { seedPipeline, usesExists } from '../../runner/config/pipeline-seed.js';
import type { SeededJob } from '../../runner/config/pipeline-seed.js';
import { instanceVariablesForJob } from '../admin/ci-variables/ci-variables-service.js';
import { requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { ForbiddenError, ValidationError } from '../errors.js';
import {
  canActOnBranch,
  loadProtectionRules,
  matchingRules,
} from '../protected-branches/branch-protection.js';
import { projectRepository } from '../refs/project-repository.js';
import { findNamespaceById } from '../../db/namespaces.js';
import { CI_SERVER_VERSION, predefinedVariables } from '../../runner/predefined-variables.js';
import { publishJobChange, publishPipelineChange, refreshPipeline } from './pipeline-state.js';

export const CI_CONFIG_PATH = '.gitlab-ci.yml';
const SKIP_CI = /\[(ci[ _-]skip|skip[ _-]ci)\]/i;

export interface PipelineVariableInput {
  key: string;
  value: string;
  variable_type: 'env_var' | 'file';
}

/** Everything a new pipeline is made from. */
interface PipelineSpec {
  project: ProjectRow;
  repoPath: string;
  ref: string;
  tag: boolean;
  sha: string;
  beforeSha: string;
  source: PipelineSourceValue;
  user: UserRow | null;
  commit: CommitInfo;
  variables: PipelineVariableInput[];
  /** Paths changed by the push, or null (then `changes` rules are true). */
  changed: string[] | null;
  /** Store a failed pipeline for configuration errors (pushes) instead of only reporting them (API). */
  saveOnErrors: boolean;
  ignoreSkipCi: boolean;
}

type BuildResult = { kind: 'created'; pipeline: PipelineRow } | { kind: 'refused'; errors: string[] };

/** True when `ref` is a protected branch of the project (tags are never protected here). */
export function isProtectedRef(ctx: ServiceContext, project: ProjectRow, ref: string, tag: boolean): boolean {
  if (tag) return false;
  return matchingRules(loadProtectionRules(ctx.db, project.id), ref).length > 0;
}

/** Pipeline-level predefined variables as rules see them (the pipeline has no id yet). */
function ruleVariables(
  ctx: ServiceContext,
  spec: PipelineSpec,
  protectedRef: boolean,
): Record<string, string> {
  const ns = findNamespaceById(ctx.db, spec.project.namespace_id);
  const vars = predefinedVariables({
    serverUrl: ctx.externalUrl(),
    serverVersion: CI_SERVER_VERSION,
    project: {
      id: spec.project.id,
      path: spec.project.path,
      name: spec.project.name,
      namespace: ns?.full_path ?? '',
      visibility: spec.project.visibility,
      defaultBranch: spec.project.default_branch,
    },
    pipeline: {
      id: 0,
      iid: 0,
      source: spec.source,
      ref: spec.ref,
      tag: spec.tag,
      protectedRef,
      sha: spec.sha,
      beforeSha: spec.beforeSha,
      createdAt: nowIso(),
      commit: spec.commit
        ? {
            message: spec.commit.message,
            authorName: spec.commit.authorName,
            authorEmail: spec.commit.authorEmail,
            committedDate: spec.commit.committedDate,
          }
        : { message: '', authorName: '', authorEmail: '', committedDate: '' },
    },
    user: spec.user
      ? { id: spec.user.id, username: spec.user.username, name: spec.user.name, email: spec.user.email }
      : null,
  });
  for (const k of ['CI_PIPELINE_ID', 'CI_PIPELINE_IID', 'CI_PIPELINE_URL', 'CI_PIPELINE_CREATED_AT'])
    delete vars[k];
  for (const v of instanceVariablesForJob(ctx, { protectedRef })) vars[v.key] = v.value;
  for (const v of spec.variables) vars[v.key] = v.value;
  return vars;
}

function storePipeline(
  ctx: ServiceContext,
  spec: PipelineSpec,
  outcome: { status: 'created' | 'failed' | 'skipped'; yamlErrors?: string; jobs?: SeededJob[] },
): PipelineRow {
  const now = nowIso();
  const id = ctx.db.transaction(() => {
    const pipelineId = insertPipeline(ctx.db, {
      project_id: spec.project.id,
      status: outcome.status,
      ref: spec.ref,
      tag: spec.tag ? 1 : 0,
      sha: spec.sha,
      before_sha: spec.beforeSha,
      source: spec.source,
      yaml_errors: outcome.yamlErrors ?? null,
      failure_reason: outcome.yamlErrors ? 'config_error' : null,
      user_id: spec.user?.id ?? null,
      commit_json: JSON.stringify(spec.commit),
      created_at: now,
      updated_at: now,
      started_at: null,
      finished_at: outcome.status === 'created' ? null : now,
      committed_at: spec.commit.committedDate || null,
      duration: null,
      queued_duration: null,
      coverage: null,
    });
    insertPipelineVariables(ctx.db, pipelineId, spec.variables);
    for (const j of outcome.jobs ?? []) {
      insertJob(ctx.db, {
        project_id: spec.project.id,
        pipeline_id: pipelineId,
        name: j.name,
        stage: j.stage,
        stage_idx: j.stageIdx,
        status: 'created',
        when: j.when,
        allow_failure: j.allowFailure ? 1 : 0,
        allow_failure_exit_codes: j.allowFailureExitCodes ? JSON.stringify(j.allowFailureExitCodes) : null,
        scheduling_type: j.schedulingType,
        needs: j.needs ? JSON.stringify(j.needs) : null,
        script: JSON.stringify({
          before_script: j.beforeScript,
          script: j.script,
          after_script: j.afterScript,
          ignored_keywords: j.ignoredKeywords,
        }),
        variables: JSON.stringify(j.variables),
        image: j.image,
        timeout: j.timeoutSeconds,
        retry_max: j.retryMax,
        retry_when: j.retryWhen ? JSON.stringify(j.retryWhen) : null,
        retry_attempt: 0,
        retried: 0,
        coverage_regex: j.coverageRegex,
        coverage: null,
        environment: j.environment ? JSON.stringify(j.environment) : null,
        junit_paths: j.junit.length > 0 ? JSON.stringify(j.junit) : null,
        user_id: spec.user?.id ?? null,
        failure_reason: null,
        runner_description: null,
        pid: null,
        marker: null,
        trace_path: null,
        trace_size: null,
        created_at: now,
        updated_at: now,
        queued_at: null,
        started_at: null,
        finished_at: null,
        duration: null,
        queued_duration: null,
      });
    }
    return pipelineId;
  })();
  const pipeline = findPipelineById(ctx.db, id)!;
  publishPipelineChange(ctx, pipeline);
  if (outcome.jobs && outcome.jobs.length > 0) {
    for (const job of findPipelineJobs(ctx.db, id, { includeRetried: true })) publishJobChange(ctx, job);
    refreshPipeline(ctx, id);
    ctx.ci?.schedule(id);
  }
  return findPipelineById(ctx.db, id)!;
}

/** The configuration chain (see the module comment). */
async function buildPipeline(ctx: ServiceContext, spec: PipelineSpec): Promise<BuildResult> {
  const blob = await readBlobAtCommit(spec.repoPath, spec.sha, CI_CONFIG_PATH);
  if (!blob) return { kind: 'refused', errors: ['Missing CI config file'] };
  const parsed = parseCiConfig(blob.toString('utf8'));
  if (!parsed.ok) {
    if (spec.saveOnErrors)
      return {
        kind: 'created',
        pipeline: storePipeline(ctx, spec, { status: 'failed', yamlErrors: parsed.errors.join(', ') }),
      };
    return { kind: 'refused', errors: parsed.errors };
  }
  if (!spec.ignoreSkipCi && SKIP_CI.test(spec.commit.message))
    return { kind: 'created', pipeline: storePipeline(ctx, spec, { status: 'skipped' }) };

  const protectedRef = isProtectedRef(ctx, spec.project, spec.ref, spec.tag);
  const files = usesExists(parsed.config) ? await listCommitFiles(spec.repoPath, spec.sha) : null;
  const seed = seedPipeline(parsed.config, {
    ref: spec.ref,
    tag: spec.tag,
    source: spec.source,
    variables: ruleVariables(ctx, spec, protectedRef),
    changedPaths: spec.changed,
    files,
  });
  if (seed.kind === 'excluded')
    return { kind: 'refused', errors: ['Pipeline filtered out by workflow rules.'] };
  if (seed.kind === 'no-jobs') return { kind: 'refused', errors: ['No stages / jobs for this pipeline.'] };
  if (seed.kind === 'error') {
    if (spec.saveOnErrors)
      return {
        kind: 'created',
        pipeline: storePipeline(ctx, spec, { status: 'failed', yamlErrors: seed.errors.join(', ') }),
      };
    return { kind: 'refused', errors: seed.errors };
  }
  return { kind: 'created', pipeline: storePipeline(ctx, spec, { status: 'created', jobs: seed.jobs }) };
}

/**
 * `POST /projects/:id/pipeline`: a pipeline for a branch or tag (`source` api), with `variables`.
 * @throws ForbiddenError (below Developer, archived project); ValidationError 400 `{"message":{"base":[…]}}`.
 */
export async function createApiPipeline(
  ctx: ServiceContext,
  project: ProjectRow,
  input: { ref: string; variables: PipelineVariableInput[] },
): Promise<PipelineRow> {
  requireProjectAccess(ctx, project, AccessLevel.Developer);
  if (project.archived === 1) throw new ForbiddenError();
  const base = (message: string) => new ValidationError(message, { base: [message] });
  for (const v of input.variables) {
    if (!/^[a-zA-Z0-9_]+$/.test(v.key) || v.key.length > 255)
      throw base("Variables key can contain only letters, digits and '_'.");
  }
  const repo = projectRepository(ctx, project);
  const [branch, tag] = await Promise.all([
    findBranchRef(repo.path, input.ref).catch(() => null),
    findTagRef(repo.path, input.ref).catch(() => null),
  ]);
  if (branch && tag) throw base('Ref is ambiguous');
  const sha = branch?.commitId ?? tag?.commitId ?? null;
  if (!sha) throw base('Reference not found');
  const isTag = !branch;
  if (!isTag) {
    const user = ctx.actor.user;
    const rules = loadProtectionRules(ctx.db, project.id);
    if (
      matchingRules(rules, input.ref).length > 0 &&
      !canActOnBranch(ctx.db, user, project, input.ref, 'push', rules) &&
      !canActOnBranch(ctx.db, user, project, input.ref, 'merge', rules)
    )
      throw base(`Insufficient permissions for protected ref '${input.ref}'`);
  }
  const [commit] = await readCommits(repo.path, [sha]);
  const result = await buildPipeline(ctx, {
    project,
    repoPath: repo.path,
    ref: input.ref,
    tag: isTag,
    sha,
    beforeSha: ZERO_SHA,
    source: 'api',
    user: ctx.actor.user,
    commit: commit!,
    variables: input.variables,
    changed: null,
    saveOnErrors: false,
    ignoreSkipCi: true,
  });
  if (result.kind === 'refused') throw new ValidationError(result.errors.join(', '), { base: result.errors });
  return result.pipeline;
}

/**
 * After a branch or tag moved to `sha` through the API (file commits, branch and tag creation, merges):
 * create its pipeline in the background (see the module comment). `before` is the ref's previous commit
 * (null for a new ref). Never throws; `core.idle()` waits for it.
 */
export function createPipelinesForRefUpdate(
  ctx: ServiceContext,
  project: ProjectRow,
  ref: string,
  sha: string,
  opts: { tag?: boolean; before?: string | null; source?: PipelineSourceValue } = {},
): void {
  ctx.tasks.run(
    `pipeline for ${project.id}:${ref}`,
    async () => {
      const repo = projectRepository(ctx, project);
      const [commit] = await readCommits(repo.path, [sha]).catch(() => []);
      if (!commit) return;
      const before = opts.before && opts.before !== ZERO_SHA ? opts.before : null;
      await buildPipeline(ctx, {
        project,
        repoPath: repo.path,
        ref,
        tag: opts.tag ?? false,
        sha,
        beforeSha: before ?? ZERO_SHA,
        source: opts.source ?? 'push',
        user: ctx.actor.user,
        commit,
        variables: [],
        changed: before ? await changedPaths(repo.path, before, sha) : null,
        saveOnErrors: true,
        ignoreSkipCi: false,
      });
    },
    () => undefined,
  );
}
