/**
 * One job of `.gitlab-ci.yml` (doc/ci/yaml/index.md, job keywords): scripts with `default` and `inherit`,
 * `stage`, `when`, `allow_failure` (and `exit_codes`), `timeout`, `retry`, `coverage`,
 * `artifacts:reports:junit`, `environment`, `image`, `needs`, `rules`, `only`/`except`; keywords the
 * local executor can't honour (`trigger`, `parallel`, `start_in`) are errors. Pure.
 */
import { parseDuration } from './duration.js';
import { RubySyntax } from '../untrusted-regexp.js';
import {
  ENV_ACTIONS,
  Errors,
  IGNORED_JOB_KEYS,
  isHash,
  JOB_KEYS,
  JOB_WHEN,
  readImage,
  readScript,
  readStringArray,
  readVariables,
  RETRY_WHEN,
} from './keywords.js';
import type { Defaults } from './keywords.js';
import { readNeeds } from './needs.js';
import { readPolicy, readRules } from './rules.js';
import type { CiJob, CiNeed, JobEnvironment, JobWhen } from './types.js';

export function readRetry(
  raw: unknown,
  where: string,
  errors: Errors,
): { max: number; when: string[] | null } {
  if (raw === undefined || raw === null) return { max: 0, when: null };
  const checkMax = (n: unknown, at: string): number => {
    if (typeof n !== 'number' || !Number.isInteger(n)) {
      errors.add(`${at} config has to be either an integer or a hash`);
      return 0;
    }
    if (n < 0) errors.add(`${at} config must be greater than or equal to 0`);
    if (n > 2) errors.add(`${at} config must be less than or equal to 2`);
    return Math.max(0, Math.min(2, n));
  };
  if (typeof raw === 'number') return { max: checkMax(raw, where), when: null };
  if (!isHash(raw)) {
    errors.add(`${where} config has to be either an integer or a hash`);
    return { max: 0, when: null };
  }
  const unknown = Object.keys(raw).filter((k) => !['max', 'when', 'exit_codes'].includes(k));
  if (unknown.length > 0) errors.add(`${where} config contains unknown keys: ${unknown.join(', ')}`);
  const max = raw.max === undefined ? 0 : checkMax(raw.max, `${where}:max`);
  let when: string[] | null = null;
  if (raw.when !== undefined) {
    when =
      typeof raw.when === 'string' ? [raw.when] : Array.isArray(raw.when) ? (raw.when as string[]) : null;
    if (!when || when.some((w) => !RETRY_WHEN.has(w))) {
      errors.add(`${where} when should be one of: ${[...RETRY_WHEN].join(', ')}`);
      when = null;
    }
  }
  return { max, when };
}

export function readEnvironment(raw: unknown, where: string, errors: Errors): JobEnvironment | null {
  if (typeof raw === 'string') return { name: raw, url: null, action: 'start', extra: {} };
  if (!isHash(raw)) {
    errors.add(`${where} config should be a hash or a string`);
    return null;
  }
  const known = ['name', 'url', 'action', 'on_stop', 'deployment_tier', 'auto_stop_in', 'kubernetes'];
  const unknown = Object.keys(raw).filter((k) => !known.includes(k));
  if (unknown.length > 0) errors.add(`${where} config contains unknown keys: ${unknown.join(', ')}`);
  if (typeof raw.name !== 'string' || raw.name.trim() === '') {
    errors.add(`${where} name can't be blank`);
    return null;
  }
  if (raw.url !== undefined && typeof raw.url !== 'string') errors.add(`${where} url should be a string`);
  const action = raw.action ?? 'start';
  if (typeof action !== 'string' || !(ENV_ACTIONS as readonly string[]).includes(action)) {
    errors.add(`${where} action should be ${ENV_ACTIONS.join(', ')}`);
    return null;
  }
  const extra: Record<string, unknown> = {};
  for (const k of ['on_stop', 'deployment_tier', 'auto_stop_in', 'kubernetes'])
    if (k in raw) extra[k] = raw[k];
  return {
    name: raw.name,
    url: typeof raw.url === 'string' ? raw.url : null,
    action: action as JobEnvironment['action'],
    extra,
  };
}

export function readJob(name: string, raw: unknown, defaults: Defaults, errors: Errors): CiJob | null {
  const at = `jobs:${name}`;
  if (!isHash(raw)) {
    errors.add(`${at} config should be a hash`);
    return null;
  }
  const unknown = Object.keys(raw).filter((k) => !JOB_KEYS.has(k));
  if (unknown.length > 0) errors.add(`${at} config contains unknown keys: ${unknown.join(', ')}`);
  if (raw.trigger !== undefined) {
    errors.add(`${at} trigger is not supported by Outpost's local executor`);
    return null;
  }
  if (raw.parallel !== undefined) errors.add(`${at} parallel is not supported by Outpost's local executor`);
  if (raw.start_in !== undefined) errors.add(`${at} start_in is not supported by Outpost's local executor`);
  if (raw.script === undefined) {
    errors.add(`${at} config should implement a script: or a trigger: keyword`);
    return null;
  }
  if (raw.rules !== undefined) {
    const clash = ['only', 'except'].filter((k) => raw[k] !== undefined);
    if (clash.length > 0) errors.add(`${at} config key may not be used with \`rules\`: ${clash.join(', ')}`);
  }

  // inherit: default and variables.
  let inheritDefault: boolean | string[] = true;
  let inheritVariables: boolean | string[] = true;
  if (raw.inherit !== undefined) {
    if (!isHash(raw.inherit)) errors.add(`${at}:inherit config should be a hash`);
    else {
      const read = (v: unknown, key: string): boolean | string[] => {
        if (v === undefined) return true;
        if (typeof v === 'boolean') return v;
        if (Array.isArray(v) && v.every((s) => typeof s === 'string')) return v as string[];
        errors.add(`${at}:inherit:${key} config should be a boolean value or an array of strings`);
        return true;
      };
      inheritDefault = read(raw.inherit.default, 'default');
      inheritVariables = read(raw.inherit.variables, 'variables');
    }
  }
  const inherits = (key: string) =>
    inheritDefault === true || (Array.isArray(inheritDefault) && inheritDefault.includes(key));

  const script = readScript(raw.script, `${at}:script`, errors) ?? [];
  if (script.length === 0 && Array.isArray(raw.script)) errors.add(`${at}:script config can't be blank`);
  const beforeScript =
    raw.before_script !== undefined
      ? (readScript(raw.before_script, `${at}:before_script`, errors) ?? [])
      : inherits('before_script')
        ? (defaults.beforeScript ?? [])
        : [];
  const afterScript =
    raw.after_script !== undefined
      ? (readScript(raw.after_script, `${at}:after_script`, errors) ?? [])
      : inherits('after_script')
        ? (defaults.afterScript ?? [])
        : [];

  let stage = 'test';
  const rawStage = raw.stage ?? raw.type;
  if (rawStage !== undefined) {
    if (typeof rawStage !== 'string') errors.add(`${at}:stage config should be a string`);
    else stage = rawStage;
  }

  let when: JobWhen | null = null;
  if (raw.when !== undefined) {
    if (typeof raw.when !== 'string' || !JOB_WHEN.includes(raw.when))
      errors.add(`${at} when should be one of: ${JOB_WHEN.join(', ')}`);
    else if (raw.when === 'delayed')
      errors.add(`${at} when delayed is not supported by Outpost's local executor`);
    else when = raw.when as JobWhen;
  }

  let allowFailure: boolean | null = null;
  let allowFailureExitCodes: number[] | null = null;
  if (raw.allow_failure !== undefined) {
    if (typeof raw.allow_failure === 'boolean') allowFailure = raw.allow_failure;
    else if (isHash(raw.allow_failure) && raw.allow_failure.exit_codes !== undefined) {
      const codes = raw.allow_failure.exit_codes;
      const list = typeof codes === 'number' ? [codes] : Array.isArray(codes) ? codes : null;
      if (!list || list.some((c) => typeof c !== 'number' || !Number.isInteger(c)))
        errors.add(`${at}:allow_failure exit_codes should be an array of integers or an integer`);
      else {
        allowFailure = false;
        allowFailureExitCodes = list as number[];
      }
    } else errors.add(`${at} allow_failure should be a hash or a boolean value`);
  }

  const timeoutRaw =
    raw.timeout !== undefined ? raw.timeout : inherits('timeout') ? defaults.timeout : undefined;
  let timeoutSeconds: number | null = null;
  if (timeoutRaw !== undefined && timeoutRaw !== null) {
    const parsed =
      typeof timeoutRaw === 'string' || typeof timeoutRaw === 'number' ? parseDuration(timeoutRaw) : null;
    if (parsed === null || parsed <= 0) errors.add(`${at} timeout should be a duration`);
    else if (parsed > 30 * 86_400) errors.add(`${at} timeout should not exceed the limit`);
    else timeoutSeconds = parsed;
  }

  const retryRaw = raw.retry !== undefined ? raw.retry : inherits('retry') ? defaults.retry : undefined;
  const retry = readRetry(retryRaw, `${at}:retry`, errors);

  // Entry::Coverage: `validates :config, regexp: true` (RegexpValidator: RubySyntax.matches_syntax? and
  // valid?, so RE2 syntax with `[ismU]` flags), and its value is `config[1...-1]`, the text between the
  // first and the last character, compiled later by Trace::Stream#extract_coverage with
  // UntrustedRegexp.new. (So GitLab drops flags: `/x/i` keeps `x/`. We do the same.)
  let coverageRegex: string | null = null;
  if (raw.coverage !== undefined) {
    if (typeof raw.coverage === 'string' && RubySyntax.valid(raw.coverage))
      coverageRegex = raw.coverage.slice(1, -1);
    else errors.add(`${at}:coverage config must be a regular expression with re2 syntax`);
  }

  const junit: string[] = [];
  if (raw.artifacts !== undefined) {
    if (!isHash(raw.artifacts)) errors.add(`${at}:artifacts config should be a hash`);
    else {
      const known = [
        'name',
        'untracked',
        'paths',
        'exclude',
        'expose_as',
        'reports',
        'when',
        'expire_in',
        'public',
        'access',
      ];
      const unknownArt = Object.keys(raw.artifacts).filter((k) => !known.includes(k));
      if (unknownArt.length > 0)
        errors.add(`${at}:artifacts config contains unknown keys: ${unknownArt.join(', ')}`);
      const reports = raw.artifacts.reports;
      if (reports !== undefined) {
        if (!isHash(reports)) errors.add(`${at}:artifacts:reports config should be a hash`);
        else if (reports.junit !== undefined) {
          const list = readStringArray(reports.junit, `${at}:artifacts:reports junit`, errors);
          if (list) junit.push(...list);
        }
      }
    }
  }

  let environment: JobEnvironment | null = null;
  if (raw.environment !== undefined)
    environment = readEnvironment(raw.environment, `${at}:environment`, errors);

  let image: string | null = inherits('image') ? defaults.image : null;
  if (raw.image !== undefined) image = readImage(raw.image, `${at}:image`, errors);

  let needs: CiNeed[] | null = null;
  if (raw.needs !== undefined) needs = readNeeds(raw.needs, `${at}:needs`, errors);

  const rules = raw.rules !== undefined ? readRules(raw.rules, `${at}:rules`, errors) : null;
  const only = readPolicy(raw.only, `${at}:only`, errors);
  const except = readPolicy(raw.except, `${at}:except`, errors);

  return {
    name,
    stage,
    beforeScript,
    script,
    afterScript,
    variables: readVariables(raw.variables, `${at}:variables`, errors),
    inheritVariables,
    when,
    allowFailure,
    allowFailureExitCodes,
    needs,
    rules,
    only,
    except,
    timeoutSeconds,
    retryMax: retry.max,
    retryWhen: retry.when,
    coverageRegex,
    junit,
    environment,
    image,
    ignoredKeywords: IGNORED_JOB_KEYS.filter((k) => raw[k] !== undefined),
  };
}
