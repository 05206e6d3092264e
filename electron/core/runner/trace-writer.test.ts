import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { coverageFromLine, cutToBytes, describeWriteError, TraceWriter } from './trace-writer.js';

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

describe('TraceWriter output limit (GitLab Runner output_limit)', () => {
  const SENTENCE = (n: number) =>
    `Job's log exceeded limit of ${n} bytes.\nJob execution will continue but no more output will be collected.`;
  let seq = 0;
  const fresh = () => path.join(dir, `limit-${++seq}.log`);

  it('stores output up to the limit, then the sentence, and runner lines after it', () => {
    const file = fresh();
    const limit = 1000;
    const w = new TraceWriter(file, [], null, { limitBytes: limit });
    w.note('Running with gitlab-runner');
    for (let i = 0; i < 100; i++) w.writeOutput('stdout', Buffer.from(`${'a'.repeat(99)}\n`));
    expect(w.limitExceeded).toBe(true);
    w.writeOutput('stdout', Buffer.from('LATE OUTPUT\n'));
    w.write('LATE TEXT\n');
    w.sectionEnd('step_script');
    w.note('Job succeeded', 'green');
    const size = w.close();
    const text = readFileSync(file, 'utf8');
    expect(size).toBe(Buffer.byteLength(text));
    const at = text.indexOf(SENTENCE(limit));
    expect(at).toBeGreaterThan(0);
    // Exactly `limit` bytes before the sentence's own leading newline.
    expect(Buffer.byteLength(text.slice(0, at)) - 1 - '\x1b[33;1m'.length).toBe(limit);
    expect(text).toBe(text.slice(0, at) + text.slice(at)); // one sentence only
    expect(text.split(SENTENCE(limit))).toHaveLength(2);
    expect(text).not.toContain('LATE');
    const after = text.slice(at + SENTENCE(limit).length);
    expect(after).toContain('section_end:');
    expect(after).toContain('Job succeeded');
    expect(w.writeError).toBeNull();
  });

  it('writes nothing extra when the output stays under the limit', () => {
    const file = fresh();
    const w = new TraceWriter(file, [], null, { limitBytes: 100 });
    w.writeOutput('stdout', Buffer.from('x'.repeat(100)));
    w.close();
    expect(w.limitExceeded).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('x'.repeat(100));
  });

  it('never cuts a multi-byte character: the cut falls before it', () => {
    for (const [ch, bytes] of [
      ['é', 2],
      ['€', 3],
      ['😀', 4],
    ] as const) {
      for (let offset = 1; offset < bytes; offset++) {
        const file = fresh();
        const limit = 10;
        const w = new TraceWriter(file, [], null, { limitBytes: limit });
        // `limit - offset` ASCII bytes, then the character straddles the limit.
        const out = Buffer.from(`${'a'.repeat(limit - offset)}${ch}${ch}tail`);
        // Fed one byte at a time, so the decoder sees the character in pieces too.
        for (const b of out) w.writeOutput('stdout', Buffer.from([b]));
        w.close();
        const raw = readFileSync(file);
        const text = raw.toString('utf8');
        expect(Buffer.from(text).equals(raw), `${ch} at ${offset}`).toBe(true); // valid UTF-8 throughout
        expect(text.startsWith(`${'a'.repeat(limit - offset)}\n`), `${ch} at ${offset}`).toBe(true);
        expect(text).not.toContain(ch);
        expect(text).toContain(SENTENCE(limit));
      }
    }
  });

  it('never stores part of a secret or of its mask, split across chunks or not', () => {
    const secret = 'TOPSECRET-VALUE-123';
    for (let limit = 1; limit <= 40; limit++) {
      const file = fresh();
      const w = new TraceWriter(file, [secret], null, { limitBytes: limit });
      // The secret arrives in two chunks; the limit falls before, inside or after it.
      w.writeOutput('stdout', Buffer.from(`abcde ${secret.slice(0, 7)}`));
      w.writeOutput('stdout', Buffer.from(`${secret.slice(7)} after the secret ${secret} end\n`));
      w.note('Job succeeded', 'green');
      w.close();
      const text = readFileSync(file, 'utf8');
      for (let n = 3; n <= secret.length; n++)
        expect(text, `limit ${limit}`).not.toContain(secret.slice(0, n));
      // A mask is whole or absent.
      const partialMask = text.replace(/\[MASKED\]/g, '').match(/\[M[A-Z]*/);
      expect(partialMask, `limit ${limit}: ${JSON.stringify(text)}`).toBeNull();
      expect(text).toContain(SENTENCE(limit));
      expect(text).toContain('Job succeeded');
    }
  });

  it('cutToBytes keeps whole characters and whole masks', () => {
    expect(cutToBytes('héllo', 2)).toBe('h');
    expect(cutToBytes('héllo', 3)).toBe('hé');
    expect(cutToBytes('ab😀', 5)).toBe('ab');
    expect(cutToBytes('ab😀', 6)).toBe('ab😀');
    expect(cutToBytes('x [MASKED] y', 5)).toBe('x ');
    expect(cutToBytes('x [MASKED] y', 10)).toBe('x [MASKED]');
    expect(cutToBytes('x [MASKED] y', 0)).toBe('');
  });
});

describe('TraceWriter write errors', () => {
  it('never throws when the device is full: the error is kept and reported once', () => {
    // /dev/full answers every write with ENOSPC (Linux), the same errno as a full disk.
    if (process.platform !== 'linux') return;
    const errors: string[] = [];
    const w = new TraceWriter('/dev/full', ['s3cret'], /(\d+)%/, {
      limitBytes: 1000,
      onWriteError: (m) => {
        errors.push(m);
        throw new Error('a callback that throws is contained too');
      },
    });
    expect(() => {
      w.writeOutput('stdout', Buffer.from('first line 10%\n'));
      w.writeOutput('stdout', Buffer.from('second line\n'));
      w.note('ERROR: Job failed', 'red');
      w.close();
    }).not.toThrow();
    expect(w.writeError).toBe('ENOSPC: no space left on device');
    expect(errors).toEqual(['ENOSPC: no space left on device']);
    expect(w.coverage).toBeNull(); // nothing was stored, so nothing was scanned
  });

  it('never throws when the file cannot be opened', () => {
    const w = new TraceWriter(path.join(dir, 'no-such-dir', 'x.log'), [], null);
    expect(w.writeError).toMatch(/^ENOENT: no such file or directory/);
    w.writeOutput('stdout', Buffer.from('out'));
    w.note('Job succeeded');
    expect(w.close()).toBe(0);
  });

  it('describeWriteError keeps the code and its words, without the path', () => {
    const e = Object.assign(new Error("ENOSPC: no space left on device, write '/x/y'"), { code: 'ENOSPC' });
    expect(describeWriteError(e)).toBe('ENOSPC: no space left on device');
    expect(describeWriteError(new Error('plain'))).toBe('plain');
  });
});
