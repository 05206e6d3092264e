import { describe, expect, it } from 'vitest';
import type { Pipeline } from '../../../../shared/api-types/pipelines.js';
import { summarizeDurations } from './pipeline-chart-data.js';
import { elapsedSeconds, formatDuration } from './format-duration.js';
import { layoutNeedsGraph, parseCiGraphConfig } from './needs-graph.js';
import { isActiveStatus, statusLabel, statusLook } from './pipeline-status.js';
import { parseTrace, searchTrace, splitMatches } from './trace-lines.js';

describe('statusLook', () => {
  it('uses GitLab’s colours and labels', () => {
    expect(statusLook('success')).toMatchObject({ label: 'Passed', color: 'green' });
    expect(statusLook('failed')).toMatchObject({ label: 'Failed', color: 'red' });
    expect(statusLook('running')).toMatchObject({ label: 'Running', color: 'blue', spinning: true });
    expect(statusLook('pending')).toMatchObject({ color: 'orange' });
    expect(statusLook('manual')).toMatchObject({ color: 'gray' });
    expect(statusLook('failed', true)).toMatchObject({ label: 'Warning', color: 'orange' });
    expect(statusLook('something_new')).toMatchObject({ label: 'Something new', color: 'gray' });
    expect(statusLabel('waiting_for_resource')).toBe('Waiting');
    expect(isActiveStatus('running')).toBe(true);
    expect(isActiveStatus('success')).toBe(false);
  });
});

describe('formatDuration', () => {
  it('formats seconds compactly', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(-1)).toBe('—');
    expect(formatDuration(4.9)).toBe('4s');
    expect(formatDuration(125)).toBe('2m 05s');
    expect(formatDuration(3720)).toBe('1h 02m');
    expect(formatDuration(2 * 86400 + 3 * 3600)).toBe('2d 3h');
  });

  it('computes the running time from started_at', () => {
    const now = Date.parse('2026-01-01T00:01:00Z');
    expect(elapsedSeconds({ duration: 5, started_at: null }, now)).toBe(5);
    expect(elapsedSeconds({ duration: null, started_at: '2026-01-01T00:00:30Z' }, now)).toBe(30);
    expect(elapsedSeconds({ duration: null, started_at: null }, now)).toBeNull();
  });
});

describe('needs graph', () => {
  const yaml = `
stages: [build, test, deploy]
.hidden: { script: [x] }
variables: { A: b }
build: { stage: build, script: [make] }
lint: { stage: build, script: [lint] }
unit: { stage: test, needs: [build], script: [t] }
deploy: { stage: deploy, needs: [{ job: unit }, lint, gone], script: [d] }
`;

  it('reads stages and needs; bad YAML is empty', () => {
    expect(parseCiGraphConfig(yaml)).toEqual({
      stages: ['build', 'test', 'deploy'],
      needs: { unit: ['build'], deploy: ['unit', 'lint', 'gone'] },
    });
    expect(parseCiGraphConfig('a: [')).toEqual({ stages: [], needs: {} });
    expect(parseCiGraphConfig(null)).toEqual({ stages: [], needs: {} });
  });

  it('lays out stage columns and edges between present jobs', () => {
    const jobs = [
      { id: 4, name: 'deploy', stage: 'deploy' },
      { id: 3, name: 'unit', stage: 'test' },
      { id: 2, name: 'lint', stage: 'build' },
      { id: 1, name: 'build', stage: 'build' },
    ];
    const metrics = { cardWidth: 100, cardHeight: 40, columnGap: 50, rowGap: 10, headerHeight: 20 };
    const layout = layoutNeedsGraph(jobs, parseCiGraphConfig(yaml), metrics);
    expect(layout.columns).toEqual([
      { stage: 'build', x: 0 },
      { stage: 'test', x: 150 },
      { stage: 'deploy', x: 300 },
    ]);
    expect(layout.nodes.map((n) => [n.job.name, n.x, n.y])).toEqual([
      ['build', 0, 20],
      ['lint', 0, 70],
      ['unit', 150, 20],
      ['deploy', 300, 20],
    ]);
    expect(layout.edges.map((e) => `${e.from}→${e.to}`)).toEqual([
      'build→unit',
      'unit→deploy',
      'lint→deploy',
    ]);
    expect(layout.edges[0]?.path).toBe('M 100 40 C 125 40, 125 40, 150 40');
    expect(layout).toMatchObject({ width: 400, height: 110 });
  });

  it('orders unknown stages by first job id', () => {
    const layout = layoutNeedsGraph(
      [
        { id: 2, name: 'b', stage: 'later' },
        { id: 1, name: 'a', stage: 'first' },
      ],
      { stages: [], needs: {} },
    );
    expect(layout.columns.map((c) => c.stage)).toEqual(['first', 'later']);
    expect(layout.edges).toEqual([]);
  });
});

describe('trace lines', () => {
  it('turns ANSI colours into segments and drops section markers', () => {
    const lines = parseTrace(
      'section_start:1700000000:step_script\r\x1b[0K\x1b[32;1m$ echo hi\x1b[0m\nhi\n\x1b[38;5;208mwarm\x1b[0m \x1b[38;2;1;2;3mrgb\x1b[0m\n',
    );
    expect(lines.map((l) => l.text)).toEqual(['$ echo hi', 'hi', 'warm rgb']);
    expect(lines[0]?.segments[0]).toMatchObject({ text: '$ echo hi', fg: 'green', bold: true });
    expect(lines[2]?.segments[0]).toMatchObject({ text: 'warm', fg: null, fgRgb: 'rgb(255, 135, 0)' });
    expect(lines[2]?.segments[2]).toMatchObject({ text: 'rgb', fgRgb: 'rgb(1, 2, 3)' });
  });

  it('keeps what a carriage return overwrote last, and handles palette basics', () => {
    const lines = parseTrace('10%\r50%\r100%\r\n\x1b[38;5;9mbright\x1b[0m');
    expect(lines.map((l) => l.text)).toEqual(['100%', 'bright']);
    expect(lines[1]?.segments[0]?.fg).toBe('bright-red');
  });

  it('never interprets markup', () => {
    expect(parseTrace('<img src=x onerror=alert(1)>')[0]?.text).toBe('<img src=x onerror=alert(1)>');
  });

  it('searches case-insensitively and splits matches', () => {
    const lines = parseTrace('Build OK\ntest failed\nbuild again\n');
    expect(searchTrace(lines, 'BUILD')).toEqual([1, 3]);
    expect(searchTrace(lines, '  ')).toEqual([]);
    expect(splitMatches('a Build b build', 'build')).toEqual([
      { text: 'a ', match: false },
      { text: 'Build', match: true },
      { text: ' b ', match: false },
      { text: 'build', match: true },
    ]);
  });
});

describe('summarizeDurations', () => {
  const p = (id: number, status: string, duration: number | null) =>
    ({ id, status, duration }) as unknown as Pipeline;
  it('bars finished pipelines by outcome and rates success without skipped ones', () => {
    const summary = summarizeDurations([
      p(1, 'skipped', null),
      p(2, 'success', 10),
      p(3, 'failed', 30),
      p(4, 'running', null),
      p(5, 'success', 20),
    ]);
    expect(summary.bars).toEqual([
      { pipeline: '#2', Passed: 10, Failed: 0, Other: 0 },
      { pipeline: '#3', Passed: 0, Failed: 30, Other: 0 },
      { pipeline: '#5', Passed: 20, Failed: 0, Other: 0 },
    ]);
    expect(summary).toMatchObject({ finished: 3, passed: 2, successRate: 67, medianSeconds: 20 });
    expect(summarizeDurations([])).toMatchObject({ successRate: null, medianSeconds: null });
  });

  it('rates success from list fields alone and bars only pipelines whose duration is loaded', () => {
    const summary = summarizeDurations([
      { id: 1, status: 'success' },
      { id: 2, status: 'failed' },
      { id: 3, status: 'success', duration: 40 },
      { id: 4, status: 'running' },
    ]);
    expect(summary).toMatchObject({ finished: 3, timed: 1, passed: 2, successRate: 67, medianSeconds: 40 });
    expect(summary.bars).toEqual([{ pipeline: '#3', Passed: 40, Failed: 0, Other: 0 }]);
  });
});
