/**
 * The storage-move copy rate limit's pacing, on a clock the test moves by hand (what it waits is the
 * behaviour; the real clock's timing is the core's, exercised in electron/host/embedded-core.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { copyRateLimitHooks } from './copy-rate-limit.js';

const MOVE = { id: 7, projectId: 3, source: 'default', destination: 'second' };
const MiB = 1024 * 1024;

/** A hand-moved clock: `wait` records the request and advances time by it. */
function fakeClock() {
  let t = 1_000;
  const waits: number[] = [];
  return {
    waits,
    advance: (ms: number) => {
      t += ms;
    },
    clock: {
      now: () => t,
      wait: async (ms: number) => {
        waits.push(ms);
        t += ms;
      },
    },
  };
}

describe('copyRateLimitHooks', () => {
  it('waits after a file until the bytes so far fit the rate since the copy began', async () => {
    const { clock, waits, advance } = fakeClock();
    const hooks = copyRateLimitHooks(2 * MiB, clock);
    const signal = new AbortController().signal;
    await hooks.beforeCopy!(MOVE, signal);
    advance(100);
    // 1 MiB copied in 100 ms at 2 MiB/s is due at 500 ms: wait the 400 ms left.
    await hooks.afterCopyFile!(
      MOVE,
      { relativePath: 'objects/pack/a.pack', bytesCopied: MiB, bytesTotal: 3 * MiB },
      signal,
    );
    expect(waits).toEqual([400]);
    // Slower than the rate (the disk took 2 s for the next MiB): no wait.
    advance(2_000);
    await hooks.afterCopyFile!(
      MOVE,
      { relativePath: 'objects/pack/b.pack', bytesCopied: 2 * MiB, bytesTotal: 3 * MiB },
      signal,
    );
    expect(waits).toEqual([400]);
  });

  it('paces each move on its own clock', async () => {
    const { clock, waits, advance } = fakeClock();
    const hooks = copyRateLimitHooks(MiB, clock);
    const signal = new AbortController().signal;
    const other = { ...MOVE, id: 8 };
    await hooks.beforeCopy!(MOVE, signal);
    advance(500);
    await hooks.beforeCopy!(other, signal);
    await hooks.afterCopyFile!(
      other,
      { relativePath: 'HEAD', bytesCopied: MiB / 2, bytesTotal: MiB },
      signal,
    );
    await hooks.afterCopyFile!(MOVE, { relativePath: 'HEAD', bytesCopied: MiB, bytesTotal: MiB }, signal);
    // `other` began 500 ms ago: its half MiB is due now + 500; MOVE, begun 1 s before that, is due then too.
    expect(waits).toEqual([500]);
  });

  it('gives up a wait when the core shuts down', async () => {
    const controller = new AbortController();
    const hooks = copyRateLimitHooks(1); // one byte per second: any real wait would be long
    await hooks.beforeCopy!(MOVE, controller.signal);
    const pending = hooks.afterCopyFile!(
      MOVE,
      { relativePath: 'HEAD', bytesCopied: 10_000, bytesTotal: 20_000 },
      controller.signal,
    );
    controller.abort();
    await expect(pending).resolves.toBeUndefined();
  });

  it('refuses a rate that is not a positive number', () => {
    for (const rate of [0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => copyRateLimitHooks(rate)).toThrow(RangeError);
  });
});
