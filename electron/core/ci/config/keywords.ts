/**
 * The keyword tables of `.gitlab-ci.yml` (doc/ci/yaml/index.md: root keywords, job keywords, `default`
 * keys, `rules` keys, `when` and `retry:when` values), the error collector with GitLab's
 * `<location> <message>` wording, and the readers of values shared by global, `default` and job keywords:
 * `extends` resolution, `stages`, `variables`, scripts, `image`, `default`. Pure.
 */
import { compileExpression, ExpressionSyntaxError } from './expression.js';
import type { Expression } from './expression.js';
import { DEFAULT_STAGES } from './types.js';

export const ROOT_KEYWORDS = new Set([
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

export const JOB_KEYS = new Set([
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
export const IGNORED_JOB_KEYS = [
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

export const DEFAULT_KEYS = new Set([
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

export const RULE_KEYS = new Set([
  'if',
  'changes',
  'exists',
  'when',
  'start_in',
  'allow_failure',
  'variables',
  'needs',
]);
export const JOB_WHEN = ['on_success', 'on_failure', 'always', 'manual', 'delayed'];
export const RULE_WHEN = ['on_success', 'on_failure', 'always', 'manual', 'delayed', 'never'];
export const RETRY_WHEN = new Set([
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
export const ENV_ACTIONS = ['start', 'prepare', 'stop', 'verify', 'access'] as const;
export const MAX_EXTENDS_DEPTH = 11;

export type Hash = Record<string, unknown>;

export function isHash(v: unknown): v is Hash {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Collects errors with GitLab's `<location> <message>` wording. */
export class Errors {
  readonly list: string[] = [];
  add(message: string): void {
    if (!this.list.includes(message)) this.list.push(message);
  }
}

/** Deep merge as GitLab's `extends` does: hashes merge key by key, anything else is replaced. */
export function deepMerge(base: Hash, over: Hash): Hash {
  const out: Hash = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = isHash(b) && isHash(v) ? deepMerge(b, v) : v;
  }
  return out;
}

export function resolveExtends(root: Hash, errors: Errors): Hash {
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

export function readStages(root: Hash, errors: Errors): string[] {
  const raw = root.stages ?? root.types;
  if (raw === undefined || raw === null) return [...DEFAULT_STAGES];
  if (!Array.isArray(raw) || raw.some((s) => typeof s !== 'string')) {
    errors.add('stages config should be an array of strings');
    return [...DEFAULT_STAGES];
  }
  return (raw as string[]).filter((s) => s !== '.pre' && s !== '.post');
}

/** `variables:` — strings, numbers, or `{value, description, expand, options}`. */
export function readVariables(
  raw: unknown,
  where: string,
  errors: Errors,
  root = false,
): Record<string, string> {
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
export function readScript(raw: unknown, where: string, errors: Errors): string[] | null {
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

export interface Defaults {
  beforeScript: string[] | null;
  afterScript: string[] | null;
  image: string | null;
  timeout: unknown;
  retry: unknown;
}

export function readDefault(root: Hash, errors: Errors): Defaults {
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

export function readImage(raw: unknown, where: string, errors: Errors): string | null {
  if (typeof raw === 'string') return raw;
  if (isHash(raw) && typeof raw.name === 'string') return raw.name;
  errors.add(`${where} config should be a hash or a string`);
  return null;
}

export function readExpression(raw: unknown, where: string, errors: Errors): Expression | null {
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

export function readStringArray(
  raw: unknown,
  where: string,
  errors: Errors,
  allowString = true,
): string[] | null {
  if (allowString && typeof raw === 'string') return [raw];
  if (Array.isArray(raw) && raw.every((s) => typeof s === 'string')) return raw as string[];
  errors.add(`${where} should be an array of strings`);
  return null;
}
