import { describe, expect, it } from 'vitest';
import { REGEX_LIMITS, UntrustedRegexp } from '../ci/untrusted-regexp.js';
import { COVERAGE_LIMITS, CoverageScanner } from './coverage-scanner.js';
import { coverageFromLine } from './trace-writer.js';

const nextTurn = () => new Promise((r) => setImmediate(r));

describe('CoverageScanner', () => {
  it('reads coverage like coverageFromLine and charges each line to the turn and the job', async () => {
    const scanner = new CoverageScanner(UntrustedRegexp.compile('Total: (\\d+)%'));
    expect(coverageFromLine('Total: 75%', scanner)).toBe(75);
    expect(coverageFromLine('nothing', scanner)).toBeNull();
    expect(scanner.spentUnits).toBeGreaterThan(0);
    expect(scanner.skippedLines).toBe(0);
    await nextTurn();
  });

  it('skips the lines past one event-loop turn’s share, and scans again on the next turn', async () => {
    const re = UntrustedRegexp.compile('(\\d+)%');
    const line = `${'x'.repeat(100)} 42%`;
    const perLine = re.unitsFor(line) * (1 + REGEX_LIMITS.captureWeight);
    const scanner = new CoverageScanner(re, { turnUnits: perLine * 3, jobUnits: perLine * 5 });
    const values = [1, 2, 3, 4].map(() => coverageFromLine(line, scanner));
    expect(values).toEqual([42, 42, 42, null]);
    expect(scanner.skippedLines).toBe(1);
    await nextTurn();
    expect(coverageFromLine(line, scanner)).toBe(42);
    expect(coverageFromLine(line, scanner)).toBe(42);
    // The job's budget (5 lines) is spent now: nothing more is scanned, whatever the turn.
    await nextTurn();
    expect(coverageFromLine(line, scanner)).toBeNull();
    expect(scanner.skippedLines).toBe(2);
  });

  it('holds the event loop ~one turn’s share on a chunk of expensive matching lines', async () => {
    // (.*a){100}: ~500 instructions; a 2,900-character line of a's is within maxCaptureUnits, and its
    // capturing scan takes tens of ms on re2js. 200 such lines in one chunk would take seconds.
    const re = UntrustedRegexp.compile('(.*a){100}(\\d*)');
    const line = 'a'.repeat(Math.floor(REGEX_LIMITS.maxCaptureUnits / re.programSize) - 10);
    const scanner = new CoverageScanner(re);
    const started = performance.now();
    for (let i = 0; i < 200; i++) coverageFromLine(line, scanner);
    const elapsed = performance.now() - started;
    expect(scanner.skippedLines).toBeGreaterThanOrEqual(198);
    expect(scanner.spentUnits).toBeLessThanOrEqual(COVERAGE_LIMITS.turnUnits);
    expect(elapsed).toBeLessThan(2000);
    await nextTurn();
  });
});
