/**
 * Which jobs of a parsed `.gitlab-ci.yml` a pipeline gets (doc/ci/jobs/job_control.md): `workflow:rules`,
 * then per job `rules` (first match decides `when`, `allow_failure` and extra variables; `when: never` or no
 * match leaves the job out) or `only`/`except` (refs keywords `branches`, `tags`, `api`, `pushes`, `web`,
 * `merge_requests`, names and `/regex/`; `variables` expressions; `changes`), and the default
 * `only: [branches, tags]`. `changes` compares against the push's previous commit and is always true when
 * there is none (new branch, tag, API or web pipelines). Pure; unit-tested.
 *
 * Every user-supplied pattern (`rules:if`/`only:variables` `=~`/`!~`, `/regex/` refs, `changes`/`exists`
 * globs) runs on re2js (../untrusted-regexp.ts), and all matches of one `seedPipeline` call share one
 * {@link RegexBudget}: past it, pipeline creation fails with an error instead of holding the event loop.
 */
import type { CiConfig, CiJob, CiRule, JobEnvironment, JobWhen, RefPolicy } from './types.js';
import {
  quoteMeta,
  RegexBudget,
  RegexBudgetError,
  RubySyntax,
  UntrustedRegexp,
  UntrustedRegexpError,
} from '../untrusted-regexp.js';

export type PipelineSource = 'push' | 'web' | 'api' | 'merge_request_event';

export interface SeedContext {
  ref: string;
  tag: boolean;
  source: PipelineSource;
  /** Variables rules see besides the YAML ones: predefined pipeline variables, instance and pipeline variables. */
  variables: Readonly<Record<string, string>>;
  /** Paths changed by the push; null when there is nothing to compare with (then `changes` is true). */
  changedPaths: readonly string[] | null;
  /** Paths of the commit's tree, for `exists` (null: not loaded, `exists` is false). */
  files: readonly string[] | null;
}

export interface SeededJob {
  name: string;
  stage: string;
  stageIdx: number;
  when: JobWhen;
  allowFailure: boolean;
  allowFailureExitCodes: number[] | null;
  schedulingType: 'stage' | 'dag';
  needs: string[] | null;
  beforeScript: string[];
  script: string[];
  afterScript: string[];
  /** YAML variables in order of precedence (global, job, rules): later entries win. */
  variables: { key: string; value: string }[];
  image: string | null;
  timeoutSeconds: number | null;
  retryMax: number;
  retryWhen: string[] | null;
  coverageRegex: string | null;
  junit: string[];
  environment: JobEnvironment | null;
  ignoredKeywords: string[];
}

export type SeedResult =
  | { kind: 'ok'; jobs: SeededJob[] }
  | { kind: 'excluded' }
  | { kind: 'no-jobs' }
  | { kind: 'error'; errors: string[] };

/** True when the config uses `exists` anywhere (the caller then loads the commit's file list). */
export function usesExists(config: CiConfig): boolean {
  const rules = [...(config.workflowRules ?? []), ...config.jobs.flatMap((j) => j.rules ?? [])];
  return rules.some((r) => r.exists !== null);
}

/** What a compiled glob offers: a linear-time test of one path. */
export interface GlobMatcher {
  test(path: string): boolean;
}

const NEVER: GlobMatcher = { test: () => false };

/**
 * `fnmatch` with FNM_PATHNAME | FNM_DOTMATCH | FNM_EXTGLOB, as GitLab matches `changes`/`exists`:
 * `*` stays within a directory, `**` crosses them, `?`, `[...]` and `{a,b}` as usual. The glob becomes
 * an RE2 pattern run on re2js (a glob like `*a*a*a*a*b` would backtrack on a JavaScript RegExp); a glob
 * RE2 refuses (a bad `[...]` class, or one past REGEX_LIMITS) matches nothing.
 * @throws RegexBudgetError when this event-loop turn has spent its compile time (seedPipeline turns it
 *   into an error; the runner's report search fails the search).
 */
export function globToRegExp(glob: string): GlobMatcher {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        i++;
        if (glob[i + 1] === '/') {
          i++;
          re += '(?:.*/)?';
        } else re += '.*';
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '{') {
      const end = glob.indexOf('}', i);
      if (end < 0) re += '\\{';
      else {
        re += `(?:${glob
          .slice(i + 1, end)
          .split(',')
          .map((p) => quoteMeta(p))
          .join('|')})`;
        i = end;
      }
    } else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end < 0) re += '\\[';
      else {
        re += `[${glob.slice(i + 1, end).replace(/^!/, '^')}]`;
        i = end;
      }
    } else re += quoteMeta(c);
  }
  try {
    return UntrustedRegexp.compile(`^${re}$`, 's');
  } catch (err) {
    if (err instanceof UntrustedRegexpError) return NEVER;
    throw err;
  }
}

function anyPathMatches(paths: readonly string[], globs: readonly string[]): boolean {
  const res = globs.map(globToRegExp);
  return paths.some((p) => res.some((r) => r.test(p)));
}

/** Expand `$VAR` and `${VAR}` from `vars` (unknown variables become empty, as GitLab expands them). */
export function expandVariables(text: string, vars: Readonly<Record<string, string>>): string {
  return text.replace(
    /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g,
    (_m, a: string, b: string) => {
      const name = a ?? b;
      return Object.hasOwn(vars, name) ? vars[name]! : '';
    },
  );
}

function ruleMatches(
  rule: CiRule,
  vars: Readonly<Record<string, string>>,
  ctx: SeedContext,
  budget: RegexBudget,
): boolean {
  if (rule.if && !rule.if.evaluate(vars, budget)) return false;
  if (rule.changes && ctx.changedPaths !== null && !anyPathMatches(ctx.changedPaths, rule.changes))
    return false;
  if (rule.exists && !(ctx.files && anyPathMatches(ctx.files, rule.exists))) return false;
  return true;
}

/**
 * Whether one `only`/`except` refs entry matches the pipeline (Build::Policy::Refs#matches_pattern?: a
 * `/re/flags` entry that RubySyntax.fabricate compiles is matched on re2js, anything else is a ref name).
 * @throws RegexBudgetError when the match would exceed its limit or `budget`.
 */
export function refMatches(
  pattern: string,
  ctx: Pick<SeedContext, 'ref' | 'tag' | 'source'>,
  budget: RegexBudget = new RegexBudget(),
): boolean {
  switch (pattern) {
    case 'branches':
      return !ctx.tag && ctx.source !== 'merge_request_event';
    case 'tags':
      return ctx.tag;
    case 'api':
      return ctx.source === 'api';
    case 'pushes':
      return ctx.source === 'push';
    case 'web':
      return ctx.source === 'web';
    case 'merge_requests':
      return ctx.source === 'merge_request_event';
    case 'triggers':
    case 'schedules':
    case 'pipelines':
    case 'chat':
    case 'external':
    case 'external_pull_requests':
      return false;
  }
  const re = RubySyntax.fabricate(pattern);
  if (re) return re.test(ctx.ref, budget);
  const name = pattern.replace(/@.*$/, '');
  return name === ctx.ref;
}

function policyMatches(
  policy: RefPolicy,
  vars: Readonly<Record<string, string>>,
  ctx: SeedContext,
  mode: 'only' | 'except',
  budget: RegexBudget,
): boolean {
  const checks: boolean[] = [];
  if (policy.refs) checks.push(policy.refs.some((r) => refMatches(r, ctx, budget)));
  if (policy.variables) checks.push(policy.variables.some((e) => e.evaluate(vars, budget)));
  if (policy.changes)
    checks.push(ctx.changedPaths === null || anyPathMatches(ctx.changedPaths, policy.changes));
  if (checks.length === 0) return mode === 'only';
  return mode === 'only' ? checks.every(Boolean) : checks.some(Boolean);
}

function globalVariablesFor(job: CiJob, global: Record<string, string>): Record<string, string> {
  if (job.inheritVariables === true) return global;
  if (job.inheritVariables === false) return {};
  const keep = job.inheritVariables;
  return Object.fromEntries(Object.entries(global).filter(([k]) => keep.includes(k)));
}

/**
 * The jobs of a pipeline for `ctx`, or why there are none: `excluded` by `workflow:rules`, `no-jobs`
 * (nothing selected, or only `.pre`/`.post` jobs), or `error` (a job needs a job left out, or the
 * rules' regular expressions went past their limits: one match over REGEX_LIMITS.maxMatchUnits, or all
 * of them over `budget`, REGEX_LIMITS.pipelineUnits by default).
 */
export function seedPipeline(
  config: CiConfig,
  ctx: SeedContext,
  budget: RegexBudget = new RegexBudget(),
): SeedResult {
  try {
    return seedWithin(config, ctx, budget);
  } catch (err) {
    if (err instanceof RegexBudgetError) return { kind: 'error', errors: [err.message] };
    throw err;
  }
}

function seedWithin(config: CiConfig, ctx: SeedContext, budget: RegexBudget): SeedResult {
  let globalVars = { ...config.variables };
  if (config.workflowRules) {
    const vars = { ...globalVars, ...ctx.variables };
    const rule = config.workflowRules.find((r) => ruleMatches(r, vars, ctx, budget));
    if (!rule || rule.when === 'never') return { kind: 'excluded' };
    globalVars = { ...globalVars, ...rule.variables };
  }

  const jobs: SeededJob[] = [];
  for (const job of config.jobs) {
    const inherited = globalVariablesFor(job, globalVars);
    const yamlVars = { ...inherited, ...job.variables };
    const vars = { ...yamlVars, ...ctx.variables };
    let when: JobWhen = job.when ?? 'on_success';
    let allowFailure: boolean;
    let ruleVars: Record<string, string> = {};
    if (job.rules) {
      const rule = job.rules.find((r) => ruleMatches(r, vars, ctx, budget));
      if (!rule || rule.when === 'never') continue;
      when = (rule.when as JobWhen | null) ?? job.when ?? 'on_success';
      allowFailure = rule.allowFailure ?? job.allowFailure ?? false;
      ruleVars = rule.variables;
    } else {
      const only = job.only ?? { refs: ['branches', 'tags'], variables: null, changes: null };
      if (!only.refs && (only.variables || only.changes)) only.refs = ['branches', 'tags'];
      if (!policyMatches(only, vars, ctx, 'only', budget)) continue;
      if (job.except && policyMatches(job.except, vars, ctx, 'except', budget)) continue;
      allowFailure = job.allowFailure ?? when === 'manual';
    }
    const variables = [
      ...Object.entries(inherited),
      ...Object.entries(job.variables),
      ...Object.entries(ruleVars),
    ].map(([key, value]) => ({ key, value }));
    const allVars = { ...Object.fromEntries(variables.map((v) => [v.key, v.value])), ...ctx.variables };
    const environment = job.environment
      ? {
          ...job.environment,
          name: expandVariables(job.environment.name, allVars),
          url: job.environment.url === null ? null : expandVariables(job.environment.url, allVars),
        }
      : null;
    jobs.push({
      name: job.name,
      stage: job.stage,
      stageIdx: config.stages.indexOf(job.stage),
      when,
      allowFailure,
      allowFailureExitCodes: job.allowFailureExitCodes,
      schedulingType: job.needs ? 'dag' : 'stage',
      needs: job.needs ? job.needs.map((n) => n.job) : null,
      beforeScript: job.beforeScript,
      script: job.script,
      afterScript: job.afterScript,
      variables,
      image: job.image,
      timeoutSeconds: job.timeoutSeconds,
      retryMax: job.retryMax,
      retryWhen: job.retryWhen,
      coverageRegex: job.coverageRegex,
      junit: job.junit,
      environment,
      ignoredKeywords: job.ignoredKeywords,
    });
  }

  if (jobs.length === 0 || jobs.every((j) => j.stage === '.pre' || j.stage === '.post'))
    return { kind: 'no-jobs' };

  // Needs on jobs left out: optional ones are dropped, others are an error.
  const selected = new Set(jobs.map((j) => j.name));
  const errors: string[] = [];
  const byName = new Map(config.jobs.map((j) => [j.name, j]));
  for (const job of jobs) {
    if (!job.needs) continue;
    const needs = byName.get(job.name)?.needs ?? [];
    job.needs = needs
      .filter((n) => {
        if (selected.has(n.job)) return true;
        if (!n.optional)
          errors.push(`'${job.name}' job needs '${n.job}' job, but '${n.job}' was not added to the pipeline`);
        return false;
      })
      .map((n) => n.job);
  }
  if (errors.length > 0) return { kind: 'error', errors };
  return { kind: 'ok', jobs };
}
