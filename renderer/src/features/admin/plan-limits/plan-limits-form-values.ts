import {
  PLAN_FILE_SIZE_LIMITS,
  type PlanFileSizeLimitName,
  type PlanLimits,
  type UpdatePlanLimitsInput,
} from '../../../api/admin/plan-limits/types.js';
import { bytesToParts, checkByteSize, partsToBytes, type ByteUnit } from '../../../lib/byte-size.js';

/** One limit as entered: a number (or the text being typed) and a unit. */
export interface SizeEntry {
  value: number | string;
  unit: ByteUnit;
}

/** The form's entries, per limit. */
export type PlanLimitEntries = Record<PlanFileSizeLimitName, SizeEntry>;

/** Entries showing the plan's limits in the largest exact unit (MiB for zero). */
export function limitsToEntries(limits: PlanLimits): PlanLimitEntries {
  const entries = {} as PlanLimitEntries;
  for (const name of PLAN_FILE_SIZE_LIMITS) {
    const bytes = limits[name];
    entries[name] = typeof bytes === 'number' ? bytesToParts(bytes) : { value: '', unit: 'MiB' };
  }
  return entries;
}

/** The problem of each entry that is not a non-negative whole number of bytes. */
export function entryErrors(entries: PlanLimitEntries): Partial<Record<PlanFileSizeLimitName, string>> {
  const errors: Partial<Record<PlanFileSizeLimitName, string>> = {};
  for (const name of PLAN_FILE_SIZE_LIMITS) {
    const problem = checkByteSize(entries[name]);
    if (problem) errors[name] = problem;
  }
  return errors;
}

/**
 * Body of `PUT /application/plan_limits`: the plan and the limits whose byte value differs from the
 * plan's current one; null when an entry is invalid.
 */
export function toPlanLimitsInput(
  planName: string,
  entries: PlanLimitEntries,
  limits: PlanLimits,
): UpdatePlanLimitsInput | null {
  const input: UpdatePlanLimitsInput = { plan_name: planName };
  for (const name of PLAN_FILE_SIZE_LIMITS) {
    const bytes = partsToBytes(entries[name]);
    if (bytes === null) return null;
    if (bytes !== limits[name]) input[name] = bytes;
  }
  return input;
}

/** The limits an input changes. */
export function changedLimits(input: UpdatePlanLimitsInput | null): PlanFileSizeLimitName[] {
  if (!input) return [];
  return PLAN_FILE_SIZE_LIMITS.filter((name) => input[name] !== undefined);
}

/**
 * The limits whose entry differs from the plan's current value, invalid entries included (an entry
 * that is not a size, or not the one shown at first, is a change too): what the dirty count and Reset
 * go by. A valid entry counts when its bytes differ (`1024 MiB` for `1 GiB` is no change).
 */
export function editedLimits(entries: PlanLimitEntries, limits: PlanLimits): PlanFileSizeLimitName[] {
  const original = limitsToEntries(limits);
  return PLAN_FILE_SIZE_LIMITS.filter((name) => {
    const bytes = partsToBytes(entries[name]);
    if (bytes !== null) return bytes !== limits[name];
    const before = original[name];
    return String(entries[name].value) !== String(before.value) || entries[name].unit !== before.unit;
  });
}
