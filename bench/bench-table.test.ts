import { describe, expect, it } from 'vitest';
import {
  benchRatio,
  benchReport,
  formatBenchTable,
  formatFigure,
  formatRatio,
  selectBenchGroups,
} from './bench-table.js';
import type { BenchMachine, BenchRow } from './bench-table.js';

const machine: BenchMachine = {
  node: 'v24.21.0',
  cpuModel: 'Test CPU @ 2.0GHz',
  cpuCount: 2,
  platform: 'linux x64',
  date: '2026-11-22T13:00:00.000Z',
};

const throughput: BenchRow = {
  group: 'core API',
  name: 'GET /projects via inject',
  value: 420,
  unit: 'req/s',
  better: 'higher',
  baseline: { name: 'count + page SQL alone', value: 1000 },
};
const latency: BenchRow = {
  group: 'merge requests: merge',
  name: 'PUT merge',
  value: 119,
  unit: 'ms',
  better: 'lower',
  baseline: { name: 'merge-tree + commit-tree + update-ref alone', value: 10 },
};

describe('formatFigure', () => {
  it('keeps the digits that matter at each size', () => {
    expect(formatFigure(123456.7)).toBe('123,457');
    expect(formatFigure(456.4)).toBe('456');
    expect(formatFigure(12.345)).toBe('12.3');
    expect(formatFigure(4.567)).toBe('4.57');
    expect(formatFigure(0.04213)).toBe('0.042');
    expect(formatFigure(0)).toBe('0.00');
  });
});

describe('formatRatio', () => {
  it('reads a throughput below its baseline as slower', () => {
    expect(benchRatio(throughput)).toBeCloseTo(0.42);
    expect(formatRatio(throughput)).toBe('0.42× · 2.38× slower');
  });

  it('reads a latency above its baseline as slower', () => {
    expect(formatRatio(latency)).toBe('11.9× · 11.9× slower');
  });

  it('says faster and on par when they apply', () => {
    expect(formatRatio({ ...throughput, value: 3000 })).toBe('3.00× · 3.00× faster');
    expect(formatRatio({ ...latency, value: 5 })).toBe('0.50× · 2.00× faster');
    expect(formatRatio({ ...latency, value: 10.2 })).toBe('1.02× · on par');
  });

  it('says more and less for amounts such as memory', () => {
    const rss: BenchRow = { ...latency, unit: 'MiB', value: 400, baseline: { name: 'before', value: 100 } };
    expect(formatRatio(rss)).toBe('4.00× · 4.00× more');
    expect(formatRatio({ ...rss, value: 50 })).toBe('0.50× · 2.00× less');
  });

  it('shows a dash without a usable baseline', () => {
    expect(formatRatio({ ...throughput, baseline: null })).toBe('—');
    expect(formatRatio({ ...throughput, baseline: { name: 'x', value: 0 } })).toBe('—');
    expect(benchRatio({ ...throughput, baseline: null })).toBeNull();
  });
});

describe('formatBenchTable', () => {
  it('aligns every column and writes each group once per run of rows', () => {
    const second: BenchRow = { ...throughput, name: 'GET /user via inject', value: 12_345 };
    const lines = formatBenchTable([throughput, second, latency], machine, [
      { group: 'alerts', message: 'boom' },
    ]);
    expect(lines[0]).toBe(
      'Outpost benchmarks — node v24.21.0 · Test CPU @ 2.0GHz × 2 · linux x64 · 2026-11-22T13:00:00.000Z',
    );
    const table = lines.slice(2, 7);
    // Every separator sits at the same column on every line.
    const bars = table.map((l) => [...l].flatMap((ch, i) => (ch === '│' || ch === '┼' ? [i] : [])));
    for (const b of bars) expect(b).toEqual(bars[0]);
    expect(bars[0]).toHaveLength(4);
    expect(table[0]).toMatch(/^group\s+│ benchmark\s+│\s+figure │ baseline \(same run\)\s+│ ratio$/);
    expect(table[2]).toContain('core API');
    expect(table[3]!.startsWith(' '.repeat('core API'.length))).toBe(true);
    expect(table[3]).toContain('12,345 req/s');
    expect(table[3]).toContain('count + page SQL alone: 1,000 req/s');
    expect(table[4]).toContain('merge requests: merge');
    expect(table[4]).toContain('119 ms');
    expect(table[4]).toContain('11.9× slower');
    expect(lines[7]).toBe('FAILED alerts: boom');
  });

  it('says so when there are no rows', () => {
    expect(formatBenchTable([], machine)).toContain('(no rows)');
  });
});

describe('benchReport', () => {
  it('keeps the rows with their ratios and only the bench size variables', () => {
    const report = benchReport([throughput, latency], machine, {
      only: ['core-api'],
      env: { OUTPOST_BENCH_MRS: '500', HOME: '/root', OUTPOST_BENCH_X: undefined, OUTPOST_BENCH_ALERTS: '9' },
    });
    expect(report.env).toEqual({ OUTPOST_BENCH_ALERTS: '9', OUTPOST_BENCH_MRS: '500' });
    expect(Object.keys(report.env)).toEqual(['OUTPOST_BENCH_ALERTS', 'OUTPOST_BENCH_MRS']);
    expect(report.rows.map((r) => r.ratio)).toEqual([0.42, 11.9]);
    expect(report.only).toEqual(['core-api']);
    expect(report.failures).toEqual([]);
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });
});

describe('selectBenchGroups', () => {
  const known = ['core-api', 'repository', 'pipelines'];

  it('selects every group without --only, else the named ones in registry order', () => {
    expect(selectBenchGroups(known, [])).toEqual(known);
    expect(selectBenchGroups(known, ['pipelines,core-api'])).toEqual(['core-api', 'pipelines']);
    expect(selectBenchGroups(known, ['Repository', 'pipelines'])).toEqual(['repository', 'pipelines']);
  });

  it('refuses an unknown key and lists the known ones', () => {
    expect(() => selectBenchGroups(known, ['core-api,nope'])).toThrow(
      'unknown bench group nope; known: core-api, repository, pipelines',
    );
  });
});
