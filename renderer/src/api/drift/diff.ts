/**
 * Configuration drift, the comparison (pure): snapshots of several instances ({@link ConfigSnapshot})
 * become rows, one per compared item (a CI/CD variable, one limit of one plan, one setting), with each
 * instance's cell and whether the instances differ. Rules:
 * - a CI/CD variable missing on an instance is drift (`absent`); its value is compared by digest, with
 *   its type and the protected, masked and raw flags (raw only where both instances report it);
 * - a plan limit is compared only on instances that have the plan and report the limit, a setting only
 *   on instances that report the key (the others are `not-applicable`: older versions lack it);
 * - an instance whose part could not be read is `unavailable` for that part and never counts as drift.
 */
import type { ConfigSnapshot, DriftCiVariable, SnapshotPart } from './snapshot.js';

/** The three parts drift compares. */
export type DriftSection = 'ci-variables' | 'plan-limits' | 'settings';

/** Section titles as the screen shows them. */
export const SECTION_TITLES: Record<DriftSection, string> = {
  'ci-variables': 'CI/CD variables',
  'plan-limits': 'Plan limits',
  settings: 'Application settings',
};

/** One instance's side of a row. */
export type DriftCell =
  | { kind: 'value'; value: DriftValue }
  | { kind: 'absent' }
  | { kind: 'not-applicable'; why: string }
  | { kind: 'unavailable'; why: string };

/** A compared value: what it is, and what is compared. */
export type DriftValue =
  | { section: 'ci-variables'; variable: DriftCiVariable }
  | { section: 'plan-limits'; plan: string; limit: string; value: unknown }
  | { section: 'settings'; key: string; value: unknown };

/** One compared item across instances. */
export interface DriftRow {
  /** `ci-variables:KEY`, `plan-limits:PLAN:LIMIT`, `settings:KEY`. */
  id: string;
  section: DriftSection;
  /** `KEY`, `premium · ci_pipeline_size`, `signup_enabled`. */
  label: string;
  /** Cells by profile id, in the snapshots' order. */
  cells: Record<string, DriftCell>;
  /** True when two comparable cells (value or absent) differ. */
  differs: boolean;
}

/** JSON with sorted object keys, so `{a,b}` and `{b,a}` compare equal. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * What is compared of a variable: digest, type, flags; `raw` only when `withRaw` (both sides report it).
 */
export function variableFingerprint(variable: DriftCiVariable, withRaw: boolean): string {
  return canonicalJson({
    digest: variable.digest,
    type: variable.variable_type,
    protected: variable.protected,
    masked: variable.masked,
    ...(withRaw ? { raw: variable.raw } : {}),
  });
}

/** The fingerprint of a comparable cell: absent is its own value. */
function fingerprint(cell: DriftCell, withRaw: boolean): string | null {
  if (cell.kind === 'absent') return '∅';
  if (cell.kind !== 'value') return null;
  const value = cell.value;
  if (value.section === 'ci-variables') return variableFingerprint(value.variable, withRaw);
  return canonicalJson(value.value);
}

function partOf<T>(
  snapshot: ConfigSnapshot,
  pick: (s: Extract<ConfigSnapshot, { kind: 'compared' }>) => SnapshotPart<T>,
) {
  if (snapshot.kind === 'not-comparable') return { kind: 'unavailable' as const, why: snapshot.why };
  return pick(snapshot);
}

/** Builds the drift rows of `snapshots` (two or more), sorted by section then label. Pure. */
export function buildDriftRows(snapshots: readonly ConfigSnapshot[]): DriftRow[] {
  const rows = new Map<string, DriftRow>();
  const row = (id: string, section: DriftSection, label: string): DriftRow => {
    let existing = rows.get(id);
    if (!existing) {
      existing = { id, section, label, cells: {}, differs: false };
      rows.set(id, existing);
    }
    return existing;
  };

  // Collect every item any readable instance has.
  for (const snapshot of snapshots) {
    const vars = partOf(snapshot, (s) => s.ciVariables);
    if (vars.kind === 'value')
      for (const variable of vars.value) row(`ci-variables:${variable.key}`, 'ci-variables', variable.key);
    const plans = partOf(snapshot, (s) => s.planLimits);
    if (plans.kind === 'value')
      for (const [plan, limits] of Object.entries(plans.value))
        for (const limit of Object.keys(limits))
          row(`plan-limits:${plan}:${limit}`, 'plan-limits', `${plan} · ${limit}`);
    const settings = partOf(snapshot, (s) => s.settings);
    if (settings.kind === 'value')
      for (const key of Object.keys(settings.value)) row(`settings:${key}`, 'settings', key);
  }

  // Fill each instance's cell.
  for (const current of rows.values()) {
    for (const snapshot of snapshots) {
      current.cells[snapshot.profileId] = cellOf(current, snapshot);
    }
    const cells = Object.values(current.cells);
    const withRaw =
      current.section === 'ci-variables' &&
      cells.every(
        (cell) =>
          cell.kind !== 'value' || cell.value.section !== 'ci-variables' || cell.value.variable.raw !== null,
      );
    const prints = new Set(cells.map((cell) => fingerprint(cell, withRaw)).filter((print) => print !== null));
    current.differs = prints.size > 1;
  }

  const order: DriftSection[] = ['ci-variables', 'plan-limits', 'settings'];
  return [...rows.values()].sort(
    (a, b) => order.indexOf(a.section) - order.indexOf(b.section) || a.label.localeCompare(b.label),
  );
}

function cellOf(row: DriftRow, snapshot: ConfigSnapshot): DriftCell {
  if (row.section === 'ci-variables') {
    const part = partOf(snapshot, (s) => s.ciVariables);
    if (part.kind === 'unavailable') return part;
    const key = row.id.slice('ci-variables:'.length);
    const variable = part.value.find((candidate) => candidate.key === key);
    return variable ? { kind: 'value', value: { section: 'ci-variables', variable } } : { kind: 'absent' };
  }
  if (row.section === 'plan-limits') {
    const part = partOf(snapshot, (s) => s.planLimits);
    if (part.kind === 'unavailable') return part;
    const [, plan, limit] = row.id.split(':') as [string, string, string];
    const limits = part.value[plan];
    if (!limits) return { kind: 'not-applicable', why: `This instance has no ${plan} plan.` };
    if (!(limit in limits)) return { kind: 'not-applicable', why: `This instance does not report ${limit}.` };
    return { kind: 'value', value: { section: 'plan-limits', plan, limit, value: limits[limit] } };
  }
  const part = partOf(snapshot, (s) => s.settings);
  if (part.kind === 'unavailable') return part;
  const key = row.id.slice('settings:'.length);
  if (!(key in part.value)) return { kind: 'not-applicable', why: `This instance does not report ${key}.` };
  return { kind: 'value', value: { section: 'settings', key, value: part.value[key] } };
}

/**
 * How many items of `other` differ from `baseline` (both must be compared snapshots; null otherwise):
 * the count the Fleet overview shows beside each instance. Pure.
 */
export function driftCount(baseline: ConfigSnapshot, other: ConfigSnapshot): number | null {
  if (baseline.kind !== 'compared' || other.kind !== 'compared') return null;
  return buildDriftRows([baseline, other]).filter((row) => row.differs).length;
}

/** A value as text for the screen (settings and limits; variables are shown by digest). */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'object') return canonicalJson(value);
  return String(value);
}
