/**
 * Configuration drift, the copy plan (pure): for chosen rows, what copying the source instance's value to
 * each target instance would change, and the one request each change takes:
 * - a CI/CD variable the target lacks: `POST /admin/ci/variables` with key, value, variable_type,
 *   protected, masked (and raw where the source reports it); one it has with another value or flags:
 *   `PUT /admin/ci/variables/:key` (doc/api/instance_level_ci_variables.md, "Create/Update variable");
 * - a plan limit: `PUT /application/plan_limits` with `plan_name` and that limit (doc/api/plan_limits.md);
 * - a setting: `PUT /application/settings` with that key (doc/api/settings.md).
 * A target that could not be read, lacks the plan or does not report the setting is `skip` with why; an
 * equal value is `unchanged` (no request).
 */
import type { ApiRequest } from '../../../../shared/ipc-contract.js';
import { canonicalJson, variableFingerprint, type DriftCell, type DriftRow } from './diff.js';

/** What one step does on its target. */
export type CopyAction = 'add' | 'change' | 'unchanged' | 'skip';

/** One item of the copy on one target. */
export interface CopyStep {
  rowId: string;
  label: string;
  action: CopyAction;
  /** Old → new, as text for the preview (values of variables as digests). */
  summary: string;
  /** The request that makes the change (add, change only). */
  request: Pick<ApiRequest, 'method' | 'path' | 'body'> | null;
  /** For settings and plan limits: the key and value the answer must carry for the change to count. */
  expect: { key: string; value: unknown } | null;
  /** Why it is skipped (skip only). */
  why: string | null;
}

/** The copy on one target instance. */
export interface TargetPlan {
  profileId: string;
  steps: CopyStep[];
}

const short = (digest: string) => `sha256:${digest.slice(0, 8)}`;

function describeCell(cell: DriftCell): string {
  if (cell.kind !== 'value') return cell.kind === 'absent' ? 'absent' : '—';
  const value = cell.value;
  if (value.section === 'ci-variables') {
    const v = value.variable;
    const flags = [
      v.variable_type,
      v.protected ? 'protected' : null,
      v.masked ? 'masked' : null,
      v.raw ? 'raw' : null,
    ];
    return `${short(v.digest)} (${flags.filter(Boolean).join(', ')})`;
  }
  return canonicalJson(value.value);
}

function stepFor(row: DriftRow, source: DriftCell, target: DriftCell | undefined): CopyStep {
  const base = { rowId: row.id, label: row.label };
  const skip = (why: string): CopyStep => ({
    ...base,
    action: 'skip',
    summary: '',
    request: null,
    expect: null,
    why,
  });
  if (source.kind !== 'value') return skip('The source instance has no value for this item.');
  if (!target || target.kind === 'unavailable') return skip(target?.why ?? 'The target could not be read.');
  if (target.kind === 'not-applicable') return skip(target.why);
  const value = source.value;
  const summary = `${describeCell(target)} → ${describeCell(source)}`;

  if (value.section === 'ci-variables') {
    const variable = value.variable;
    const targetVar =
      target.kind === 'value' && target.value.section === 'ci-variables' ? target.value.variable : null;
    const withRaw = variable.raw !== null && (targetVar === null || targetVar.raw !== null);
    if (targetVar && variableFingerprint(targetVar, withRaw) === variableFingerprint(variable, withRaw))
      return {
        ...base,
        action: 'unchanged',
        summary: describeCell(target),
        request: null,
        expect: null,
        why: null,
      };
    const attributes = {
      value: variable.value,
      variable_type: variable.variable_type,
      protected: variable.protected,
      masked: variable.masked,
      ...(variable.raw !== null ? { raw: variable.raw } : {}),
    };
    return targetVar
      ? {
          ...base,
          action: 'change',
          summary,
          request: {
            method: 'PUT',
            path: `/admin/ci/variables/${encodeURIComponent(variable.key)}`,
            body: attributes,
          },
          expect: null,
          why: null,
        }
      : {
          ...base,
          action: 'add',
          summary,
          request: {
            method: 'POST',
            path: '/admin/ci/variables',
            body: { key: variable.key, ...attributes },
          },
          expect: null,
          why: null,
        };
  }

  const targetValue =
    target.kind === 'value' && target.value.section !== 'ci-variables' ? target.value.value : undefined;
  if (canonicalJson(targetValue) === canonicalJson(value.value))
    return {
      ...base,
      action: 'unchanged',
      summary: describeCell(target),
      request: null,
      expect: null,
      why: null,
    };
  if (value.section === 'plan-limits') {
    return {
      ...base,
      action: 'change',
      summary,
      request: {
        method: 'PUT',
        path: '/application/plan_limits',
        body: { plan_name: value.plan, [value.limit]: value.value },
      },
      expect: { key: value.limit, value: value.value },
      why: null,
    };
  }
  return {
    ...base,
    action: 'change',
    summary,
    request: { method: 'PUT', path: '/application/settings', body: { [value.key]: value.value } },
    expect: { key: value.key, value: value.value },
    why: null,
  };
}

/**
 * The copy of `rowIds` from `sourceId` to each of `targetIds` (the source itself is left out), in row
 * order. Pure: `rows` from {@link buildDriftRows} over snapshots that include source and targets.
 */
export function planCopy(
  rows: readonly DriftRow[],
  sourceId: string,
  targetIds: readonly string[],
  rowIds: ReadonlySet<string>,
): TargetPlan[] {
  const chosen = rows.filter((row) => rowIds.has(row.id));
  return targetIds
    .filter((id) => id !== sourceId)
    .map((profileId) => ({
      profileId,
      steps: chosen.map((row) => {
        const source = row.cells[sourceId];
        if (!source) return stepFor(row, { kind: 'unavailable', why: 'The source was not read.' }, undefined);
        return stepFor(row, source, row.cells[profileId]);
      }),
    }));
}

/** Counts of a target's steps by action, for the preview's headline. */
export function countActions(plan: TargetPlan): Record<CopyAction, number> {
  const counts: Record<CopyAction, number> = { add: 0, change: 0, unchanged: 0, skip: 0 };
  for (const step of plan.steps) counts[step.action] += 1;
  return counts;
}
