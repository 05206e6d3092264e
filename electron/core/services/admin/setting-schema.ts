/**
 * Typed instance settings: each setting is a zod schema (with the coercions Grape applies to the string
 * forms clients send: `"true"`, `"1"`, `"a,b"`) and a default; values are stored as JSON in
 * `application_settings` (db/application-settings.ts) and read fresh on each use.
 *
 * Validation is all or nothing: {@link validateSettings} checks every known key present in the request
 * and reports every bad one in Rails' words (`must be an integer`, `must be a boolean`,
 * `is not included in the list`, `must be between A and B`, `is too long (maximum is N characters)`), the
 * shape GitLab's `PUT /application/settings` answers as `400 {"message": {"<key>": ["<error>"]}}`.
 */
import { z } from 'zod';
import { getApplicationSetting, setApplicationSetting } from '../../db/application-settings.js';
import { nowIso } from '../../db/database.js';
import type { Db } from '../../db/database.js';

/** A JSON value a setting can hold. */
export type SettingValue = boolean | number | string | null | string[] | number[];

/** One setting: how a request value is read, and the value when none was stored. */
export interface SettingSpec<T extends SettingValue = SettingValue> {
  schema: z.ZodType<T>;
  default: T;
}

export type SettingSpecs = Record<string, SettingSpec>;

function toBoolean(v: unknown): unknown {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === 0) return v === 1;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (['true', '1', 'yes', 't'].includes(s)) return true;
    if (['false', '0', 'no', 'f'].includes(s)) return false;
  }
  return v;
}

function toNumber(v: unknown): unknown {
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return v;
}

/** `"a,b"` or `"a\nb"` → `['a','b']`; an object of `x[0]=…` form fields → its values. */
function toList(v: unknown): unknown {
  if (typeof v === 'string')
    return v
      .split(/[\s,;]+/)
      .map((s) => s.trim())
      .filter(Boolean);
  if (v && typeof v === 'object' && !Array.isArray(v)) return Object.values(v);
  return v;
}

/** A boolean (Grape's `true/false/1/0/yes/no/t/f`). */
export function boolSetting(def: boolean): SettingSpec<boolean> {
  return { schema: z.preprocess(toBoolean, z.boolean({ error: 'must be a boolean' })), default: def };
}

/** An integer in `[min, max]` (inclusive). */
export function intSetting(
  def: number,
  min: number,
  max: number,
  outOfRange = `must be between ${min} and ${max}`,
): SettingSpec<number> {
  return {
    schema: z.preprocess(
      toNumber,
      z
        .number({ error: 'must be an integer' })
        .int({ error: 'must be an integer' })
        .min(min, { error: outOfRange })
        .max(max, { error: outOfRange }),
    ),
    default: def,
  };
}

/** One of the integers `values`. */
export function intChoiceSetting(def: number, values: readonly number[]): SettingSpec<number> {
  return {
    schema: z.preprocess(
      toNumber,
      z
        .number({ error: 'must be an integer' })
        .int({ error: 'must be an integer' })
        .refine((n) => values.includes(n), { error: 'is not included in the list' }),
    ),
    default: def,
  };
}

/** An integer or null (null: not set / no limit). */
export function optionalIntSetting(def: number | null, min: number, max: number): SettingSpec<number | null> {
  const range = `must be between ${min} and ${max}`;
  return {
    schema: z.preprocess(
      (v) => (v === '' ? null : toNumber(v)),
      z
        .number({ error: 'must be an integer' })
        .int({ error: 'must be an integer' })
        .min(min, { error: range })
        .max(max, { error: range })
        .nullable(),
    ),
    default: def,
  };
}

/** A decimal number in `[min, max]`. */
export function numberSetting(def: number, min: number, max: number): SettingSpec<number> {
  const range = `must be between ${min} and ${max}`;
  return {
    schema: z.preprocess(
      toNumber,
      z.number({ error: 'is not a number' }).min(min, { error: range }).max(max, { error: range }),
    ),
    default: def,
  };
}

/** A text (null or empty allowed), at most `max` characters. */
export function textSetting(def: string | null, max = 255): SettingSpec<string | null> {
  return {
    schema: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : v),
      z
        .string({ error: 'must be a string' })
        .max(max, { error: `is too long (maximum is ${max} characters)` })
        .nullable(),
    ),
    default: def,
  };
}

/** A URL (http or https) or null/empty. */
export function urlSetting(def: string | null): SettingSpec<string | null> {
  return {
    schema: z
      .string({ error: 'must be a string' })
      .max(2048, { error: 'is too long (maximum is 2048 characters)' })
      .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), { error: 'must be a valid URL' })
      .nullable(),
    default: def,
  };
}

/** One of `values`. */
export function enumSetting<const T extends readonly [string, ...string[]]>(
  def: T[number],
  values: T,
): SettingSpec<T[number]> {
  return {
    schema: z.enum(values, { error: 'is not included in the list' }) as unknown as z.ZodType<T[number]>,
    default: def,
  };
}

/** A list of strings: a JSON array, `x[]=a&x[]=b`, or a comma/space/newline-separated string. */
export function listSetting(
  def: string[],
  opts: { values?: readonly string[]; maxItems?: number } = {},
): SettingSpec<string[]> {
  let item = z.string({ error: 'must be a list of strings' }).max(255, { error: 'has too long an entry' });
  if (opts.values) {
    const allowed = opts.values;
    item = item.refine((s) => allowed.includes(s), { error: 'is not included in the list' }) as typeof item;
  }
  return {
    schema: z.preprocess(
      (v) => (v === null ? [] : toList(v)),
      z.array(item, { error: 'must be a list of strings' }).max(opts.maxItems ?? 1000, {
        error: `is too long (maximum is ${opts.maxItems ?? 1000} entries)`,
      }),
    ),
    default: def,
  };
}

/** A list of positive integers (ids). */
export function intListSetting(def: number[]): SettingSpec<number[]> {
  return {
    schema: z.preprocess(
      (v) => {
        const list = v === null ? [] : toList(v);
        return Array.isArray(list) ? list.map(toNumber) : list;
      },
      z
        .array(
          z
            .number({ error: 'must be a list of ids' })
            .int({ error: 'must be a list of ids' })
            .min(1, { error: 'must be a list of ids' }),
          { error: 'must be a list of ids' },
        )
        .max(1000, { error: 'is too long (maximum is 1000 entries)' }),
    ),
    default: def,
  };
}

/** The stored value of `key`, or its default. */
export function readSetting<T extends SettingValue>(db: Db, key: string, spec: SettingSpec<T>): T {
  const stored = getApplicationSetting<T>(db, key);
  return stored === undefined ? spec.default : stored;
}

/** Every setting of `specs`, stored or default, in the order of `specs`. */
export function readSettings(db: Db, specs: SettingSpecs): Record<string, SettingValue> {
  const out: Record<string, SettingValue> = {};
  for (const [key, spec] of Object.entries(specs)) out[key] = readSetting(db, key, spec);
  return out;
}

/**
 * Validate the keys of `specs` present in `params` (others are ignored). Pure.
 * @returns the parsed values and the errors per key (empty when all are valid).
 */
export function validateSettings(
  specs: SettingSpecs,
  params: Record<string, unknown>,
): { values: Record<string, SettingValue>; errors: Record<string, string[]> } {
  const values: Record<string, SettingValue> = {};
  const errors: Record<string, string[]> = {};
  for (const [key, spec] of Object.entries(specs)) {
    const raw = params[key];
    if (raw === undefined) continue;
    const r = spec.schema.safeParse(raw);
    if (r.success) values[key] = r.data;
    else errors[key] = [...new Set(r.error.issues.map((i) => i.message))].slice(0, 1);
  }
  return { values, errors };
}

/** Store parsed values (one transaction; the caller's when nested in one). */
export function storeSettings(db: Db, values: Record<string, SettingValue>): void {
  const at = nowIso();
  db.transaction(() => {
    for (const [key, value] of Object.entries(values)) setApplicationSetting(db, key, value, at);
  })();
}
