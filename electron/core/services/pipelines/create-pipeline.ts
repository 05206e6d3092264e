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
 * - Merge request pipelines (doc/ci/pipelines/merge_request_pipelines.md; GitLab's
 *   MergeRequests::CreatePipelineService, detached pipelines): after a branch moved, every open merge
 *   request whose source it is gets a pipeline of source `merge_request_event` for the new head (after the
 *   branch pipeline, which still follows its own rules: both are created when the rules allow both, as
 *   GitLab does); `createMergeRequestPipeline` does the same when a merge request is opened and for
 *   `POST …/merge_requests/:iid/pipelines`. Its ref is `refs/merge-requests/<iid>/head` (kept at the source
 *   head in the target repository), it runs in the target project, its jobs get the `CI_MERGE_REQUEST_*`
 *   variables (ci/predefined-variables.ts `mergeRequestVariables`, stored with the jobs' variables so a
 *   retry keeps them) and `changes` rules compare the merge request's diff (merge base to head). Jobs
 *   without `rules`/`only` run only for branches and tags, so a configuration without
 *   `merge_request_event` rules or `only: [merge_requests]` makes no merge request pipeline.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import { NOT_YET_RUN, findPipelineJobs, insertJob } from '../../db/ci-jobs.js';
import { insertPipeline, insertPipelineVariables, findPipelineById } from '../../db/ci-pipelines.js';
import type { PipelineRow, PipelineSourceValue } from '../../db/ci-pipelines.js';
import { findProjectById } from '../../db/projects.js';
import type { ProjectRow } from '../../db/projects.js';
import type { UserRow } from '../../db/users.js';
import { changedPaths, listCommitFiles, readBlobAtCommit } from '../../git/ci-source.js';
import { readCommits } from '../../git/commit-info.js';
import type { CommitInfo } from '../../git/commit-info.js';
import { findBranchRef, findTagRef, ZERO_SHA } from '../../git/refs.js';
import { parseCiConfig } from '../../ci/config/ci-config.js';
import type { CiConfig } from '../../ci/config/ci-config.js';
import { seedPipeline, usesExists } from '../../ci/config/pipeline-seed.js';
import type { SeededJob } from '../../ci/config/pipeline-seed.js';
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
import {
  CI_SERVER_VERSION,
  mergeRequestVariables,
  predefinedVariables,
} from '../../ci/predefined-variables.js';
import type { MergeRequestCiInput } from '../../ci/predefined-variables.js';
import { findOpenMergeRequestsForBranch } from '../../db/merge-requests.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import { mergeRequestHeadRef } from '../../db/merge-request-pipelines.js';
import { mergeBase } from '../../git/merges.js';
import { branchHeads, ensureSourceInTarget, mergeRequestRepos } from '../merge-requests/merge-status.js';
import { mergeRequestViews } from '../merge-requests/merge-request-views.js';
import { abortAutoMergeOnPush } from '../merge-requests/auto-merge.js';
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
  /**
   * The paths changed by the push (or the merge request's diff), computed only when the configuration
   * uses `changes` (a `git diff` process otherwise saved); null when there is nothing to compare with
   * (then `changes` rules are true).
   */
  changed: (() => Promise<string[]>) | null;
  /** Store a failed pipeline for configuration errors (pushes) instead of only reporting them (API). */
  saveOnErrors: boolean;
  ignoreSkipCi: boolean;
  /** For a merge request pipeline: its merge request (predefined variables). */
  mergeRequest?: MergeRequestCiInput;
}

/**
 * True when the configuration uses `changes` anywhere: `workflow:rules`, a job's `rules`, or its
 * `only`/`except` (only then does a pipeline need the changed paths).
 */
export function usesChanges(config: CiConfig): boolean {
  const rules = [...(config.workflowRules ?? []), ...config.jobs.flatMap((j) => j.rules ?? [])];
  return (
    rules.some((r) => r.changes !== null) ||
    config.jobs.some((j) => (j.only?.changes ?? null) !== null || (j.except?.changes ?? null) !== null)
  );
}

export type BuildResult = { kind: 'created'; pipeline: PipelineRow } | { kind: 'refused'; errors: string[] };

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
    mergeRequest: spec.mergeRequest,
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
  // Merge request pipelines: the CI_MERGE_REQUEST_* variables go first among each job's variables (the
  // job's own YAML variables still win, as over any predefined variable).
  const mrVariables = spec.mergeRequest
    ? Object.entries(mergeRequestVariables(spec.mergeRequest)).map(([key, value]) => ({ key, value }))
    : [];
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
        ...NOT_YET_RUN,
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
        variables: JSON.stringify([...mrVariables, ...j.variables]),
        image: j.image,
        timeout: j.timeoutSeconds,
        retry_max: j.retryMax,
        retry_when: j.retryWhen ? JSON.stringify(j.retryWhen) : null,
        retry_attempt: 0,
        retried: 0,
        coverage_regex: j.coverageRegex,
        environment: j.environment ? JSON.stringify(j.environment) : null,
        junit_paths: j.junit.length > 0 ? JSON.stringify(j.junit) : null,
        user_id: spec.user?.id ?? null,
        created_at: now,
        updated_at: now,
        queued_at: null,
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
export async function buildPipeline(ctx: ServiceContext, spec: PipelineSpec): Promise<BuildResult> {
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
  const changed = spec.changed && usesChanges(parsed.config) ? await spec.changed() : null;
  const seed = seedPipeline(parsed.config, {
    ref: spec.ref,
    tag: spec.tag,
    source: spec.source,
    variables: ruleVariables(ctx, spec, protectedRef),
    changedPaths: changed,
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
        changed: before ? () => changedPaths(repo.path, before, sha) : null,
        saveOnErrors: true,
        ignoreSkipCi: false,
      });
      if (!opts.tag) await createPipelinesForSourceBranch(ctx, project, ref, sha);
    },
    () => undefined,
  );
  if (!opts.tag) abortAutoMergeOnPush(ctx, project, ref, sha);
}

/**
 * A branch moved without a pipeline (the `ci.skip` push option, a rebase with `skip_ci`): merge requests
 * from it still drop their automatic merge (see merge-requests/auto-merge.ts).
 */
export function onBranchPushedWithoutPipeline(
  ctx: ServiceContext,
  project: ProjectRow,
  branch: string,
  sha: string,
): void {
  abortAutoMergeOnPush(ctx, project, branch, sha);
}

/** Merge request pipelines for the open merge requests whose source is `branch` of `project` at `sha`. */
async function createPipelinesForSourceBranch(
  ctx: ServiceContext,
  project: ProjectRow,
  branch: string,
  sha: string,
): Promise<void> {
  for (const mr of findOpenMergeRequestsForBranch(ctx.db, project.id, branch, 'source')) {
    await createMergeRequestPipeline(ctx, mr, { user: ctx.actor.user, sourceSha: sha }).catch(() => null);
  }
}

/** What a merge request pipeline's jobs see of their merge request. */
function mergeRequestCiInput(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  diffBaseSha: string | null,
): MergeRequestCiInput {
  const v = mergeRequestViews(ctx, [mr])[0]!;
  const target = findProjectPlace(ctx, mr.project_id);
  const source =
    mr.source_project_id === mr.project_id ? target : findProjectPlace(ctx, mr.source_project_id);
  return {
    id: mr.id,
    iid: mr.iid,
    title: mr.title,
    projectId: mr.project_id,
    projectPath: target.fullPath,
    projectUrl: target.webUrl,
    sourceProjectId: mr.source_project_id,
    sourceProjectPath: source.fullPath,
    sourceProjectUrl: source.webUrl,
    sourceBranch: mr.source_branch,
    targetBranch: mr.target_branch,
    assignees: v.assignees.map((u) => u.username),
    labels: v.labels.map((l) => l.title),
    milestone: v.milestone?.title ?? null,
    diffBaseSha,
  };
}

function findProjectPlace(ctx: ServiceContext, projectId: number): { fullPath: string; webUrl: string } {
  const project = findProjectById(ctx.db, projectId);
  if (!project) return { fullPath: '', webUrl: '' };
  const repo = projectRepository(ctx, project);
  const ns = findNamespaceById(ctx.db, project.namespace_id);
  return { fullPath: `${ns?.full_path ?? ''}/${project.path}`, webUrl: repo.webUrl };
}

/**
 * A merge request pipeline for the current source head of `mr` (see the module comment): the head is
 * written to `refs/merge-requests/<iid>/head` in the target repository, then the configuration at the
 * head decides the jobs. With `sourceSha`, nothing is created when the source branch has moved on since
 * (a later push makes its own).
 * @returns the build result: `created` (also a `failed` pipeline for configuration errors) or `refused`
 *   with GitLab's reasons (`Reference not found`, `Missing CI config file`, `No stages / jobs for this
 *   pipeline.`, `Pipeline filtered out by workflow rules.`).
 */
export async function createMergeRequestPipeline(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  opts: { user: UserRow | null; sourceSha?: string },
): Promise<BuildResult> {
  const repos = mergeRequestRepos(ctx, mr);
  if (!repos) return { kind: 'refused', errors: ['Reference not found'] };
  const heads = await branchHeads(repos, mr);
  const sha = heads.source;
  if (!sha || (opts.sourceSha !== undefined && sha !== opts.sourceSha))
    return { kind: 'refused', errors: ['Reference not found'] };
  const ref = mergeRequestHeadRef(mr.iid);
  // Written only when it isn't at `sha` yet (the mergeability check usually wrote it just before).
  await ensureSourceInTarget(repos, mr, sha);
  const [commit] = await readCommits(repos.targetPath, [sha]);
  if (!commit) return { kind: 'refused', errors: ['Reference not found'] };
  const base = heads.target ? await mergeBase(repos.targetPath, heads.target, sha).catch(() => null) : null;
  return buildPipeline(ctx, {
    project: repos.target,
    repoPath: repos.targetPath,
    ref,
    tag: false,
    sha,
    beforeSha: ZERO_SHA,
    source: 'merge_request_event',
    user: opts.user,
    commit,
    variables: [],
    changed: base ? () => changedPaths(repos.targetPath, base, sha) : null,
    saveOnErrors: true,
    ignoreSkipCi: false,
    mergeRequest: mergeRequestCiInput(ctx, mr, base),
  });
}

/**
 * After a merge request was opened: its merge request pipeline, in the background. Never throws;
 * `core.idle()` waits for it.
 */
export function scheduleMergeRequestPipeline(ctx: ServiceContext, mr: MergeRequestRow): void {
  ctx.tasks.run(
    `merge request pipeline for ${mr.id}`,
    async () => {
      await createMergeRequestPipeline(ctx, mr, { user: ctx.actor.user });
    },
    () => undefined,
  );
}
