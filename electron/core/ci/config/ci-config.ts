/**
 * `.gitlab-ci.yml` → a validated configuration (doc/ci/yaml/index.md), with GitLab's error wording
 * (`jobs:build config contains unknown keys: foo`, `build job: chosen stage does not exist; available
 * stages are .pre, build, test, deploy, .post`, `test job: undefined need: build`). Supported: `stages`,
 * `variables`, `default` and the global `before_script`/`after_script`/`image`, `workflow:rules`, hidden
 * jobs and `extends`, and per job `script`, `before_script`, `after_script`, `stage`, `variables`, `rules`
 * (`if`, `changes`, `exists`, `when`, `allow_failure`, `variables`), `only`/`except` (`refs`, `variables`,
 * `changes`), `when`, `allow_failure` (also `exit_codes`), `needs`, `timeout`, `retry`, `coverage`,
 * `artifacts:reports:junit`, `environment`, `image` (accepted, not used), `inherit`. Keywords the local
 * executor can't honour (`include`, `trigger`, `parallel`, `when: delayed`) are configuration errors.
 * Pure; unit-tested.
 */
import { parseDocument } from 'yaml';
import { parseDuration } from './duration.js';
import { compileExpression, ExpressionSyntaxError, toRegExp } from './expression.js';
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

const ROOT_KEYWORDS = new Set([
  'image',
  'services',
  'stages',
  'types',
  'before_script',
  'after_script',
  'variables',
  'cache',
  'include',
  'workflow',
  'default',
]);

const JOB_KEYS = new Set([
  'after_script',
  'allow_failure',
  'artifacts',
  'before_script',
  'cache',
  'coverage',
  'dependencies',
  'environment',
  'except',
  'extends',
  'hooks',
  'id_tokens',
  'image',
  'inherit',
  'interruptible',
  'needs',
  'only',
  'parallel',
  'release',
  'resource_group',
  'retry',
  'rules',
  'script',
  'secrets',
  'services',
  'stage',
  'start_in',
  'tags',
  'timeout',
  'trigger',
  'type',
  'variables',
  'when',
]);

/** Accepted for compatibility, not used by the local executor. */
const IGNORED_JOB_KEYS = [
  'cache',
  'dependencies',
  'hooks',
  'id_tokens',
  'interruptible',
  'release',
  'resource_group',
  'secrets',
  'services',
  'tags',
];

const DEFAULT_KEYS = new Set([
  'after_script',
  'artifacts',
  'before_script',
  'cache',
  'hooks',
  'id_tokens',
  'image',
  'interruptible',
  'retry',
  'services',
  'tags',
  'timeout',
]);

const RULE_KEYS = new Set([
  'if',
  'changes',
  'exists',
  'when',
  'start_in',
  'allow_failure',
  'variables',
  'needs',
]);
const JOB_WHEN = ['on_success', 'on_failure', 'always', 'manual', 'delayed'];
const RULE_WHEN = ['on_success', 'on_failure', 'always', 'manual', 'delayed', 'never'];
const RETRY_WHEN = new Set([
  'always',
  'unknown_failure',
  'script_failure',
  'api_failure',
  'stuck_or_timeout_failure',
  'runner_system_failure',
  'runner_unsupported',
  'stale_schedule',
  'job_execution_timeout',
  'archived_failure',
  'unmet_prerequisites',
  'scheduler_failure',
  'data_integrity_failure',
]);
const ENV_ACTIONS = ['start', 'prepare', 'stop', 'verify', 'access'] as const;
const MAX_EXTENDS_DEPTH = 11;

type Hash = Record<string, unknown>;

function isHash(v: unknown): v is Hash {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Collects errors with GitLab's `<location> <message>` wording. */
class Errors {
  readonly list: string[] = [];
  add(message: string): void {
    if (!this.list.includes(message)) this.list.push(message);
  }
}

/**
 * Parse and validate `.gitlab-ci.yml` text. On failure, `errors` hold every problem found (GitLab joins
 * them with ", " into `yaml_errors`).
 */
export function parseCiConfig(text: string): ParseResult {
  if (text.trim() === '') return { ok: false, errors: ['Please provide content of .gitlab-ci.yml'] };
  const doc = parseDocument(text, { merge: true, prettyErrors: false, uniqueKeys: false });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const offset = e.pos[0];
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const col = offset - before.lastIndexOf('\n');
    const where = ` at line ${line} column ${col}`;
    const first = e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    return { ok: false, errors: [`(<unknown>): ${first}${where}`] };
  }
  let root: unknown;
  try {
    root = doc.toJS({ maxAliasCount: 10_000 });
  } catch (err) {
    return { ok: false, errors: [`(<unknown>): ${(err as Error).message.split('\n')[0]}`] };
  }
  if (!isHash(root)) return { ok: false, errors: ['Invalid configuration format'] };
  const errors = new Errors();

  if ('include' in root) errors.add("include config is not supported by Outpost's local executor");

  // extends: resolve for every job-like entry (hidden templates included).
  const resolved = resolveExtends(root, errors);

  const stages = readStages(resolved, errors);
  const variables = readVariables(resolved.variables, 'variables', errors, true);
  const defaults = readDefault(resolved, errors);
  const workflowRules = readWorkflow(resolved.workflow, errors);

  const jobs: CiJob[] = [];
  for (const [name, value] of Object.entries(resolved)) {
    if (ROOT_KEYWORDS.has(name) || name.startsWith('.')) continue;
    const job = readJob(name, value, defaults, errors);
    if (job) jobs.push(job);
  }
  if (jobs.length === 0 && errors.list.length === 0)
    errors.add('jobs config should contain at least one visible job');

  const available = ['.pre', ...stages, '.post'];
  for (const job of jobs) {
    if (!available.includes(job.stage))
      errors.add(
        `${job.name} job: chosen stage does not exist; available stages are ${available.join(', ')}`,
      );
  }
  validateNeeds(jobs, available, errors);

  if (errors.list.length > 0) return { ok: false, errors: errors.list };
  return { ok: true, config: { stages: available, variables, workflowRules, jobs } };
}

/** Deep merge as GitLab's `extends` does: hashes merge key by key, anything else is replaced. */
function deepMerge(base: Hash, over: Hash): Hash {
  const out: Hash = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = isHash(b) && isHash(v) ? deepMerge(b, v) : v;
  }
  return out;
}

function resolveExtends(root: Hash, errors: Errors): Hash {
  const out: Hash = { ...root };
  const done = new Map<string, Hash>();
  const resolve = (name: string, stack: string[]): Hash | null => {
    const cached = done.get(name);
    if (cached) return cached;
    const entry = root[name];
    if (!isHash(entry)) return null;
    const ext = entry.extends;
    if (ext === undefined) {
      done.set(name, entry);
      return entry;
    }
    if (stack.includes(name)) {
      errors.add(`${stack[0]}: circular dependency detected in \`extends\``);
      return null;
    }
    if (stack.length >= MAX_EXTENDS_DEPTH) {
      errors.add(`${stack[0]}: nesting too deep in \`extends\``);
      return null;
    }
    const parents = typeof ext === 'string' ? [ext] : Array.isArray(ext) ? ext : null;
    if (!parents || parents.some((p) => typeof p !== 'string')) {
      errors.add(`${name}: invalid base hash in \`extends\``);
      return null;
    }
    let base: Hash = {};
    for (const p of parents as string[]) {
      if (!isHash(root[p]) || ROOT_KEYWORDS.has(p)) {
        errors.add(`${name}: unknown key in \`extends\``);
        return null;
      }
      const parent = resolve(p, [...stack, name]);
      if (!parent) return null;
      base = deepMerge(base, parent);
    }
    const { extends: _ignored, ...own } = entry;
    void _ignored;
    const merged = deepMerge(base, own);
    delete merged.extends;
    done.set(name, merged);
    return merged;
  };
  for (const name of Object.keys(root)) {
    if (ROOT_KEYWORDS.has(name)) continue;
    const r = resolve(name, []);
    if (r) out[name] = r;
  }
  return out;
}

function readStages(root: Hash, errors: Errors): string[] {
  const raw = root.stages ?? root.types;
  if (raw === undefined || raw === null) return [...DEFAULT_STAGES];
  if (!Array.isArray(raw) || raw.some((s) => typeof s !== 'string')) {
    errors.add('stages config should be an array of strings');
    return [...DEFAULT_STAGES];
  }
  return (raw as string[]).filter((s) => s !== '.pre' && s !== '.post');
}

/** `variables:` — strings, numbers, or `{value, description, expand, options}`. */
function readVariables(raw: unknown, where: string, errors: Errors, root = false): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  const message = root
    ? `${where} config should be a hash of key value pairs, value can be a hash`
    : `${where} config should be a hash of key value pairs`;
  if (!isHash(raw)) {
    errors.add(message);
    return {};
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number') out[k] = String(v);
    else if (isHash(v) && (typeof v.value === 'string' || typeof v.value === 'number'))
      out[k] = String(v.value);
    else if (isHash(v) && v.value === undefined && root) out[k] = '';
    else {
      errors.add(message);
      return {};
    }
  }
  return out;
}

/** Flatten a script entry (string or nested arrays of strings, up to 10 levels). */
function readScript(raw: unknown, where: string, errors: Errors): string[] | null {
  const message = `${where} config should be a string or a nested array of strings up to 10 levels deep`;
  if (typeof raw === 'string') return [raw];
  if (!Array.isArray(raw)) {
    errors.add(message);
    return null;
  }
  const out: string[] = [];
  const walk = (items: unknown[], depth: number): boolean => {
    if (depth > 10) return false;
    for (const item of items) {
      if (typeof item === 'string') out.push(item);
      else if (Array.isArray(item)) {
        if (!walk(item, depth + 1)) return false;
      } else return false;
    }
    return true;
  };
  if (!walk(raw, 1)) {
    errors.add(message);
    return null;
  }
  return out;
}

interface Defaults {
  beforeScript: string[] | null;
  afterScript: string[] | null;
  image: string | null;
  timeout: unknown;
  retry: unknown;
}

function readDefault(root: Hash, errors: Errors): Defaults {
  const d: Defaults = {
    beforeScript: null,
    afterScript: null,
    image: null,
    timeout: undefined,
    retry: undefined,
  };
  if (root.before_script !== undefined)
    d.beforeScript = readScript(root.before_script, 'before_script', errors);
  if (root.after_script !== undefined) d.afterScript = readScript(root.after_script, 'after_script', errors);
  if (root.image !== undefined) d.image = readImage(root.image, 'image', errors);
  const def = root.default;
  if (def === undefined || def === null) return d;
  if (!isHash(def)) {
    errors.add('default config should be a hash');
    return d;
  }
  const unknown = Object.keys(def).filter((k) => !DEFAULT_KEYS.has(k));
  if (unknown.length > 0) errors.add(`default config contains unknown keys: ${unknown.join(', ')}`);
  if (def.before_script !== undefined)
    d.beforeScript = readScript(def.before_script, 'default:before_script', errors);
  if (def.after_script !== undefined)
    d.afterScript = readScript(def.after_script, 'default:after_script', errors);
  if (def.image !== undefined) d.image = readImage(def.image, 'default:image', errors);
  if (def.timeout !== undefined) d.timeout = def.timeout;
  if (def.retry !== undefined) d.retry = def.retry;
  return d;
}

function readImage(raw: unknown, where: string, errors: Errors): string | null {
  if (typeof raw === 'string') return raw;
  if (isHash(raw) && typeof raw.name === 'string') return raw.name;
  errors.add(`${where} config should be a hash or a string`);
  return null;
}

function readExpression(raw: unknown, where: string, errors: Errors): Expression | null {
  if (typeof raw !== 'string') {
    errors.add(`${where} should be a string`);
    return null;
  }
  try {
    return compileExpression(raw);
  } catch (err) {
    if (err instanceof ExpressionSyntaxError) {
      errors.add(`${where} invalid expression syntax`);
      return null;
    }
    throw err;
  }
}

function readStringArray(raw: unknown, where: string, errors: Errors, allowString = true): string[] | null {
  if (allowString && typeof raw === 'string') return [raw];
  if (Array.isArray(raw) && raw.every((s) => typeof s === 'string')) return raw as string[];
  errors.add(`${where} should be an array of strings`);
  return null;
}

function readRules(raw: unknown, where: string, errors: Errors, workflow = false): CiRule[] | null {
  if (!Array.isArray(raw)) {
    errors.add(`${where} config should be an array of hashes`);
    return null;
  }
  const rules: CiRule[] = [];
  for (const entry of raw) {
    const at = `${where}:rule`;
    if (!isHash(entry)) {
      errors.add(`${at} config should be a hash`);
      continue;
    }
    const allowed = workflow ? new Set(['if', 'changes', 'exists', 'when', 'variables']) : RULE_KEYS;
    const unknown = Object.keys(entry).filter((k) => !allowed.has(k));
    if (unknown.length > 0) errors.add(`${at} config contains unknown keys: ${unknown.join(', ')}`);
    const rule: CiRule = {
      if: null,
      changes: null,
      exists: null,
      when: null,
      allowFailure: null,
      variables: {},
    };
    if (entry.if !== undefined) rule.if = readExpression(entry.if, `${at} if`, errors);
    if (entry.changes !== undefined) {
      const c = isHash(entry.changes) ? entry.changes.paths : entry.changes;
      rule.changes = readStringArray(c, `${at} changes`, errors, false);
    }
    if (entry.exists !== undefined) rule.exists = readStringArray(entry.exists, `${at} exists`, errors);
    if (entry.when !== undefined) {
      const allowedWhen = workflow ? ['always', 'never'] : RULE_WHEN;
      if (typeof entry.when !== 'string' || !allowedWhen.includes(entry.when))
        errors.add(`${at} when unknown value: ${String(entry.when)}`);
      else if (entry.when === 'delayed')
        errors.add(`${at} when delayed is not supported by Outpost's local executor`);
      else rule.when = entry.when as RuleWhen;
    }
    if (entry.start_in !== undefined)
      errors.add(`${at} start_in is not supported by Outpost's local executor`);
    if (entry.allow_failure !== undefined) {
      if (typeof entry.allow_failure !== 'boolean')
        errors.add(`${at} allow_failure should be a boolean value`);
      else rule.allowFailure = entry.allow_failure;
    }
    if (entry.variables !== undefined)
      rule.variables = readVariables(entry.variables, `${at}:variables`, errors);
    rules.push(rule);
  }
  return rules;
}

function readWorkflow(raw: unknown, errors: Errors): CiRule[] | null {
  if (raw === undefined || raw === null) return null;
  if (!isHash(raw)) {
    errors.add('workflow config should be a hash');
    return null;
  }
  const unknown = Object.keys(raw).filter((k) => k !== 'rules' && k !== 'name');
  if (unknown.length > 0) errors.add(`workflow config contains unknown keys: ${unknown.join(', ')}`);
  return raw.rules === undefined ? null : readRules(raw.rules, 'workflow:rules', errors, true);
}

function readPolicy(raw: unknown, where: string, errors: Errors): RefPolicy | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'string' || Array.isArray(raw)) {
    const refs = readStringArray(raw, `${where} config`, errors);
    return refs ? { refs, variables: null, changes: null } : null;
  }
  if (!isHash(raw)) {
    errors.add(`${where} config should be an array of strings or regular expressions`);
    return null;
  }
  const unknown = Object.keys(raw).filter((k) => !['refs', 'variables', 'changes', 'kubernetes'].includes(k));
  if (unknown.length > 0) errors.add(`${where} config contains unknown keys: ${unknown.join(', ')}`);
  const policy: RefPolicy = { refs: null, variables: null, changes: null };
  if (raw.refs !== undefined) policy.refs = readStringArray(raw.refs, `${where}:refs config`, errors);
  if (raw.variables !== undefined) {
    const list = readStringArray(raw.variables, `${where}:variables config`, errors);
    policy.variables = list
      ? list.map((e) => readExpression(e, `${where}:variables`, errors)).filter((e): e is Expression => !!e)
      : null;
  }
  if (raw.changes !== undefined)
    policy.changes = readStringArray(raw.changes, `${where}:changes config`, errors);
  for (const ref of policy.refs ?? []) {
    const m = /^\/(.*)\/([a-z]*)$/s.exec(ref);
    if (m) {
      try {
        toRegExp(m[1]!, m[2]!);
      } catch {
        errors.add(`${where} config should be an array of strings or regular expressions`);
      }
    }
  }
  return policy;
}

function readNeeds(raw: unknown, where: string, errors: Errors): CiNeed[] | null {
  if (!Array.isArray(raw)) {
    errors.add(`${where} config can only be a hash or an array`);
    return null;
  }
  const needs: CiNeed[] = [];
  for (const n of raw) {
    if (typeof n === 'string') needs.push({ job: n, optional: false });
    else if (isHash(n) && typeof n.job === 'string') {
      if (n.pipeline !== undefined || n.project !== undefined)
        errors.add(`${where} cross-pipeline needs are not supported by Outpost's local executor`);
      needs.push({ job: n.job, optional: n.optional === true });
    } else errors.add(`${where} config can only be a hash or an array`);
  }
  if (needs.length > 50) errors.add(`${where} config has too many entries (maximum 50)`);
  return needs;
}

function readRetry(raw: unknown, where: string, errors: Errors): { max: number; when: string[] | null } {
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

function readEnvironment(raw: unknown, where: string, errors: Errors): JobEnvironment | null {
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

function readJob(name: string, raw: unknown, defaults: Defaults, errors: Errors): CiJob | null {
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

  let coverageRegex: string | null = null;
  if (raw.coverage !== undefined) {
    const m = typeof raw.coverage === 'string' ? /^\/(.+)\/$/s.exec(raw.coverage) : null;
    if (!m) errors.add(`${at}:coverage config must be a regular expression`);
    else {
      try {
        toRegExp(m[1]!, '');
        coverageRegex = m[1]!;
      } catch {
        errors.add(`${at}:coverage config must be a regular expression`);
      }
    }
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

/** Needs must name defined jobs in the same or an earlier stage, without cycles. */
function validateNeeds(jobs: CiJob[], stages: string[], errors: Errors): void {
  const byName = new Map(jobs.map((j) => [j.name, j]));
  for (const job of jobs) {
    if (!job.needs) continue;
    const seen = new Set<string>();
    for (const need of job.needs) {
      if (seen.has(need.job)) errors.add(`${job.name} has duplicate entries in the needs section.`);
      seen.add(need.job);
      const dep = byName.get(need.job);
      if (!dep) {
        if (!need.optional) errors.add(`${job.name} job: undefined need: ${need.job}`);
        continue;
      }
      if (stages.indexOf(dep.stage) > stages.indexOf(job.stage))
        errors.add(`${job.name} job: need ${need.job} is not defined in current or prior stages`);
    }
  }
  // Cycles (possible within one stage).
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string): boolean => {
    const s = state.get(name);
    if (s === 'done') return true;
    if (s === 'visiting') return false;
    state.set(name, 'visiting');
    for (const n of byName.get(name)?.needs ?? []) if (byName.has(n.job) && !visit(n.job)) return false;
    state.set(name, 'done');
    return true;
  };
  for (const job of jobs) {
    if (!visit(job.name)) {
      errors.add('The pipeline has circular dependencies');
      return;
    }
  }
}
