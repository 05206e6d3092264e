/**
 * `rules` and `workflow:rules` (`if`, `changes`, `exists`, `when`, `allow_failure`, `variables`) and the
 * older `only`/`except` policies (`refs`, `variables`, `changes`), as doc/ci/yaml/index.md#rules and
 * #only--except describe them, with GitLab's error wording. Pure.
 */
import { RubySyntax } from '../untrusted-regexp.js';
import type { Expression } from './expression.js';
import {
  Errors,
  isHash,
  readExpression,
  readStringArray,
  readVariables,
  RULE_KEYS,
  RULE_WHEN,
} from './keywords.js';
import type { CiRule, RefPolicy, RuleWhen } from './types.js';

export function readRules(raw: unknown, where: string, errors: Errors, workflow = false): CiRule[] | null {
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

export function readWorkflow(raw: unknown, errors: Errors): CiRule[] | null {
  if (raw === undefined || raw === null) return null;
  if (!isHash(raw)) {
    errors.add('workflow config should be a hash');
    return null;
  }
  const unknown = Object.keys(raw).filter((k) => k !== 'rules' && k !== 'name');
  if (unknown.length > 0) errors.add(`workflow config contains unknown keys: ${unknown.join(', ')}`);
  return raw.rules === undefined ? null : readRules(raw.rules, 'workflow:rules', errors, true);
}

export function readPolicy(raw: unknown, where: string, errors: Errors): RefPolicy | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'string' || Array.isArray(raw)) {
    const refs = readStringArray(raw, `${where} config`, errors);
    if (refs) checkRefPatterns(refs, where, errors);
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
  if (policy.refs) checkRefPatterns(policy.refs, where, errors);
  return policy;
}

/**
 * ArrayOfStringsOrRegexpsValidator: a ref in the `/re/flags` form must compile on RE2
 * (RubySyntax.valid?); anything else is a ref name or keyword.
 */
function checkRefPatterns(refs: readonly string[], where: string, errors: Errors): void {
  if (refs.some((ref) => RubySyntax.matchesSyntax(ref) && !RubySyntax.valid(ref)))
    errors.add(`${where} config should be an array of strings or regular expressions`);
}
