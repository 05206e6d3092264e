import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { coverageFromLine, TraceWriter } from './trace-writer.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'outpost-trace-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('coverageFromLine', () => {
  it('takes the first number of the last match (or its last group)', () => {
    expect(coverageFromLine('Coverage: 83.5% of statements', /Coverage: \d+\.\d+%/)).toBe(83.5);
    expect(coverageFromLine('lines 10 (71.43%)', /\((\d+\.\d+)%\)/)).toBe(71.43);
    expect(coverageFromLine('no numbers here', /numbers/)).toBeNull();
    expect(coverageFromLine('a 1% b 2%', /\d+%/)).toBe(2);
  });
});

describe('TraceWriter', () => {
  it('masks across chunks, keeps multi-byte characters whole and finds the last coverage line', () => {
    const file = path.join(dir, 'one.log');
    const w = new TraceWriter(file, ['topsecret1'], /Total: (\d+)%/);
    const bytes = Buffer.from('héllo top');
    w.writeOutput('stdout', bytes.subarray(0, 2));
    w.writeOutput('stdout', bytes.subarray(2));
    w.writeOutput('stdout', Buffer.from('secret1 Total: 40%\nTotal: 55%\nend'));
    w.note('Job succeeded', 'green');
    const size = w.close();
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('héllo [MASKED] Total: 40%\nTotal: 55%\nend');
    expect(text).not.toContain('topsecret1');
    expect(w.coverage).toBe(55);
    expect(size).toBe(Buffer.byteLength(text));
  });
});
