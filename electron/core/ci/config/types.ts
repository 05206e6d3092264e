/**
 * The shapes `.gitlab-ci.yml` is validated into (doc/ci/yaml/index.md): a configuration of stages,
 * global variables, `workflow:rules` and visible jobs after `extends`, `default` and global keywords
 * are applied. Pure types; `parseCiConfig` (ci-config.ts) produces them, `seedPipeline` consumes them.
 */
import type { Expression } from './expression.js';

export type JobWhen = 'on_success' | 'on_failure' | 'always' | 'manual';
export type RuleWhen = JobWhen | 'never';

/** One entry of `rules` (or `workflow:rules`). */
export interface CiRule {
  if: Expression | null;
  changes: string[] | null;
  exists: string[] | null;
  when: RuleWhen | null;
  allowFailure: boolean | null;
  variables: Record<string, string>;
}

/** `only`/`except` in their hash form (the array form is `refs`). */
export interface RefPolicy {
  refs: string[] | null;
  variables: Expression[] | null;
  changes: string[] | null;
}

export interface JobEnvironment {
  name: string;
  url: string | null;
  action: 'start' | 'prepare' | 'stop' | 'verify' | 'access';
  /** The other keys GitLab accepts (on_stop, deployment_tier, auto_stop_in, kubernetes), as written. */
  extra: Record<string, unknown>;
}

export interface CiNeed {
  job: string;
  optional: boolean;
}

/** A visible job after `extends`, `default` and global keywords are applied. */
export interface CiJob {
  name: string;
  stage: string;
  beforeScript: string[];
  script: string[];
  afterScript: string[];
  /** Job-level `variables` only (global ones are in `CiConfig.variables`, unless `inherit` says otherwise). */
  variables: Record<string, string>;
  /** Global variables this job inherits (`inherit:variables`): all, none, or the listed ones. */
  inheritVariables: boolean | string[];
  when: JobWhen | null;
  allowFailure: boolean | null;
  allowFailureExitCodes: number[] | null;
  needs: CiNeed[] | null;
  rules: CiRule[] | null;
  only: RefPolicy | null;
  except: RefPolicy | null;
  timeoutSeconds: number | null;
  retryMax: number;
  retryWhen: string[] | null;
  coverageRegex: string | null;
  junit: string[];
  environment: JobEnvironment | null;
  image: string | null;
  /** Keywords accepted but not honoured by the local executor, noted in the trace. */
  ignoredKeywords: string[];
}

export interface CiConfig {
  /** `.pre`, the configured (or default) stages, `.post`. */
  stages: string[];
  variables: Record<string, string>;
  workflowRules: CiRule[] | null;
  jobs: CiJob[];
}

export type ParseResult = { ok: true; config: CiConfig } | { ok: false; errors: string[] };

export const DEFAULT_STAGES = ['build', 'test', 'deploy'];
