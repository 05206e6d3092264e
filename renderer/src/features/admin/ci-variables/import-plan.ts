import type { CiVariableImportStep } from '../../../api/admin/ci-variables/mutations.js';
import type { CiVariable } from '../../../api/admin/ci-variables/types.js';
import type { DotenvEntry, UnreadableDotenvLine } from './dotenv-format.js';
import {
  checkMaskable,
  checkVariableKey,
  checkVariableValue,
} from '../../../../../shared/ci-variable-rules.js';

/** What an import does to one key. */
export type ImportRowStatus = 'add' | 'change' | 'unchanged' | 'invalid';

/** One row of the import preview. */
export interface ImportRow {
  key: string;
  value: string;
  status: ImportRowStatus;
  /** The current value, for `change` and `unchanged` rows. */
  currentValue: string | null;
  /** Why an `invalid` row will be skipped. */
  problem: string | null;
  /** For a line of the file that could not be read at all: its 1-based number (`key` is its text). */
  line?: number;
}

/**
 * Preview rows for the lines of the file that hold no readable `KEY=value` (skipped, with the line
 * number and why), so an import never drops a line without saying so.
 */
export function unreadableLineRows(lines: readonly UnreadableDotenvLine[]): ImportRow[] {
  return lines.map(({ line, text, reason }) => ({
    key: text.trim().length > 60 ? `${text.trim().slice(0, 59)}…` : text.trim(),
    value: '',
    status: 'invalid',
    currentValue: null,
    problem: `Line ${line}: ${reason}`,
    line,
  }));
}

/** Flags given to the variables an import creates (existing ones keep theirs). */
export interface ImportOptions {
  protected: boolean;
  masked: boolean;
}

/**
 * Compare the entries of a `.env` file with the instance's variables: each key is added, changed,
 * unchanged or invalid (a key GitLab refuses, a value too long, or a value that cannot be masked
 * where it has to be: new variables when `options.masked`, and existing masked variables).
 * Rows keep the file's order.
 */
export function planImport(
  entries: readonly DotenvEntry[],
  existing: readonly CiVariable[],
  options: ImportOptions,
): ImportRow[] {
  const current = new Map(existing.map((variable) => [variable.key, variable]));
  return entries.map(({ key, value }) => {
    const variable = current.get(key);
    const row = (status: ImportRowStatus, problem: string | null = null): ImportRow => ({
      key,
      value,
      status,
      currentValue: variable?.value ?? null,
      problem,
    });
    const keyProblem = checkVariableKey(key);
    if (keyProblem) return row('invalid', keyProblem);
    const valueProblem = checkVariableValue(value);
    if (valueProblem) return row('invalid', valueProblem);
    if (variable && variable.value === value) return row('unchanged');
    const mustMask = variable ? variable.masked : options.masked;
    if (mustMask) {
      const { message } = checkMaskable(value);
      if (message) {
        return row('invalid', variable ? `${key} is masked. ${message}` : message);
      }
    }
    return row(variable ? 'change' : 'add');
  });
}

/** How many rows have each status. */
export function countImportRows(rows: readonly ImportRow[]): Record<ImportRowStatus, number> {
  const counts: Record<ImportRowStatus, number> = { add: 0, change: 0, unchanged: 0, invalid: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/**
 * The requests that apply a preview: `POST` for added keys (with the chosen flags), `PUT` with only
 * the new value for changed keys. Unchanged and invalid rows send nothing.
 */
export function importSteps(rows: readonly ImportRow[], options: ImportOptions): CiVariableImportStep[] {
  return rows.flatMap((row): CiVariableImportStep[] => {
    if (row.status === 'add') {
      return [
        {
          kind: 'create',
          input: {
            key: row.key,
            value: row.value,
            variable_type: 'env_var',
            protected: options.protected,
            masked: options.masked,
          },
        },
      ];
    }
    if (row.status === 'change') return [{ kind: 'update', key: row.key, input: { value: row.value } }];
    return [];
  });
}
