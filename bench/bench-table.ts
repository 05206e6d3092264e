/**
 * The one table `npm run bench` ends with (issue "whole job"): every benchmark's figure beside the
 * baseline measured in the same run, and their ratio. Each bench module returns `BenchRow[]` (and may
 * print its own details while it runs); `bench/run.ts` prints all rows together at the end and writes
 * them to `bench/results/latest.json` as a `BenchReport`.
 *
 * Pure functions only (no I/O): the formatting is unit-tested in `bench-table.test.ts`.
 */

/** One measured figure and the baseline it is compared with. */
export interface BenchRow {
  /** The benchmark family, e.g. `core API`, `git over HTTP`. */
  group: string;
  /** What was measured, e.g. `GET /projects (20 of 300) over HTTP`. */
  name: string;
  /** The figure, in `unit`. */
  value: number;
  /** `req/s`, `MB/s`, `ms`, `s`, `payloads/s`… */
  unit: string;
  /** Whether a bigger figure is better (throughput) or worse (latency, duration). */
  better: 'higher' | 'lower';
  /**
   * The same work done by the layer underneath, measured in the same run, in the same unit: e.g. the
   * SQLite query alone, `git clone --bare` from disk, `cp -r`. Null when the figure has no baseline.
   */
  baseline: { name: string; value: number } | null;
}

/**
 * `value / baseline.value`, or null without a baseline. For `better: 'higher'` a ratio below 1 is the
 * share of the baseline's speed reached; for `better: 'lower'` a ratio above 1 is how many times slower.
 */
export function benchRatio(row: BenchRow): number | null {
  if (!row.baseline || row.baseline.value === 0) return null;
  return row.value / row.baseline.value;
}

/** Where and when the rows were measured (the table's heading; the JSON file's envelope). */
export interface BenchMachine {
  /** `process.version`, e.g. `v24.21.0`. */
  node: string;
  /** First CPU's model string (`os.cpus()[0].model`). */
  cpuModel: string;
  /** Logical CPUs the process may use (`os.availableParallelism()`). */
  cpuCount: number;
  /** `${os.platform()} ${os.arch()}`. */
  platform: string;
  /** ISO 8601 time the run started. */
  date: string;
}

/** A benchmark that did not finish: its group and the error message (printed under the table). */
export interface BenchFailure {
  group: string;
  message: string;
}

/** The content of `bench/results/latest.json`. */
export interface BenchReport {
  machine: BenchMachine;
  /** Groups run (`--only`), or null for all. */
  only: string[] | null;
  /** Every `OUTPOST_BENCH_*` variable set for the run (the sizes). */
  env: Record<string, string>;
  /** The rows, each with its `ratio` (`benchRatio`, null without a baseline). */
  rows: (BenchRow & { ratio: number | null })[];
  failures: BenchFailure[];
}

/**
 * A figure with digits that matter: thousands separated from 1,000 on, no decimals from 100,
 * one from 10, two from 1, two significant digits below 1 (`1,234`, `456`, `12.3`, `4.56`, `0.042`).
 */
export function formatFigure(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en');
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1 || abs === 0) return value.toFixed(2);
  return value.toPrecision(2);
}

function formatTimes(x: number): string {
  if (x >= 100) return Math.round(x).toLocaleString('en');
  if (x >= 10) return x.toFixed(1);
  return x.toFixed(2);
}

/** Units of an amount (memory, disk) rather than a speed or a duration: their verdicts say more/less. */
const AMOUNT_UNITS = new Set(['B', 'KiB', 'MiB', 'GiB', 'kB', 'MB', 'GB']);

/**
 * The ratio cell: the raw `value / baseline` (e.g. `0.42×`), then what it means given `better`:
 * `2.4× slower` / `1.3× faster` (for an amount such as MiB: `2.4× more` / `1.3× less`), or `on par`
 * within ±5 %. `—` without a baseline.
 */
export function formatRatio(row: BenchRow): string {
  const ratio = benchRatio(row);
  if (ratio === null || !Number.isFinite(ratio) || ratio <= 0) return '—';
  /** How many times worse the figure is than the baseline (below 1: better). */
  const worse = row.better === 'higher' ? 1 / ratio : ratio;
  const [worseWord, betterWord] = AMOUNT_UNITS.has(row.unit) ? ['more', 'less'] : ['slower', 'faster'];
  const verdict =
    worse >= 1.05
      ? `${formatTimes(worse)}× ${worseWord}`
      : worse <= 1 / 1.05
        ? `${formatTimes(1 / worse)}× ${betterWord}`
        : 'on par';
  return `${formatTimes(ratio)}× · ${verdict}`;
}

/** The baseline cell: `name: figure unit`, or `—`. */
export function formatBaseline(row: BenchRow): string {
  return row.baseline ? `${row.baseline.name}: ${formatFigure(row.baseline.value)} ${row.unit}` : '—';
}

/** `v24.21.0 · Intel(R) Xeon(R) … × 2 · linux x64 · 2026-11-22T13:00:00.000Z` */
export function formatMachine(m: BenchMachine): string {
  return `node ${m.node} · ${m.cpuModel} × ${m.cpuCount} · ${m.platform} · ${m.date}`;
}

const HEADINGS = ['group', 'benchmark', 'figure', 'baseline (same run)', 'ratio'] as const;
/** Columns whose cells are right-aligned (numbers). */
const RIGHT = new Set([2]);

/**
 * The whole table as text lines: a heading with the machine, the column headings, a rule, one line per
 * row (the group written once per run of equal groups), then one line per failure. Columns are padded
 * to their widest cell (`padEnd`/`padStart`), separated by ` │ `.
 */
export function formatBenchTable(
  rows: readonly BenchRow[],
  machine: BenchMachine,
  failures: readonly BenchFailure[] = [],
): string[] {
  const cells = rows.map((row, i) => [
    i > 0 && rows[i - 1]!.group === row.group ? '' : row.group,
    row.name,
    `${formatFigure(row.value)} ${row.unit}`,
    formatBaseline(row),
    formatRatio(row),
  ]);
  const widths = HEADINGS.map((h, c) => Math.max(h.length, ...cells.map((line) => line[c]!.length)));
  const render = (line: readonly string[]) =>
    line
      .map((cell, c) => (RIGHT.has(c) ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join(' │ ')
      .trimEnd();
  const out = [
    `Outpost benchmarks — ${formatMachine(machine)}`,
    '',
    render(HEADINGS),
    widths.map((w) => '─'.repeat(w)).join('─┼─'),
    ...cells.map(render),
  ];
  if (rows.length === 0) out.push('(no rows)');
  for (const f of failures) out.push(`FAILED ${f.group}: ${f.message}`);
  return out;
}

/** The JSON report: the rows with their ratios, the machine, the groups run and the size variables. */
export function benchReport(
  rows: readonly BenchRow[],
  machine: BenchMachine,
  opts: { only: string[] | null; env: Record<string, string | undefined>; failures?: BenchFailure[] },
): BenchReport {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(opts.env).sort(([a], [b]) => a.localeCompare(b)))
    if (k.startsWith('OUTPOST_BENCH_') && v !== undefined) env[k] = v;
  return {
    machine,
    only: opts.only,
    env,
    rows: rows.map((row) => ({ ...row, ratio: benchRatio(row) })),
    failures: opts.failures ?? [],
  };
}

/**
 * The group keys `--only` selects: comma-separated and/or repeated keys, case-insensitive, returned in
 * `known`'s order; every key when `only` names none.
 * @throws Error naming the unknown keys and listing the known ones.
 */
export function selectBenchGroups(known: readonly string[], only: readonly string[]): string[] {
  const wanted = only
    .flatMap((o) => o.split(','))
    .map((o) => o.trim().toLowerCase())
    .filter(Boolean);
  if (wanted.length === 0) return [...known];
  const unknown = wanted.filter((w) => !known.includes(w));
  if (unknown.length)
    throw new Error(`unknown bench group ${unknown.join(', ')}; known: ${known.join(', ')}`);
  return known.filter((k) => wanted.includes(k));
}
