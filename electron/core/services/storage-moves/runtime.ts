/**
 * The per-core part of storage moves that is not in SQLite: the queue of moves to run (a small global
 * concurrency; one move per project is guaranteed by scheduling), the abort signal raised when the core
 * closes, the test seams, and the random source of weighted shard choices.
 */
import type { BackgroundTasks } from '../../jobs/background-tasks.js';

/** A move as the hooks see it. */
export interface StorageMoveHookInfo {
  id: number;
  projectId: number;
  source: string;
  destination: string;
}

/**
 * Points in a move where a test (or a host wanting to throttle) may wait. Each receives the core's
 * shutdown signal: a hook that waits must give up when it aborts, or `core.close()` waits for it.
 */
export interface StorageMoveHooks {
  /** Awaited once the move is `started`, before the first byte is copied. */
  beforeCopy?: (move: StorageMoveHookInfo, signal: AbortSignal) => Promise<void>;
  /** Awaited after each file is copied (`relativePath` inside the repository directory). */
  afterCopyFile?: (
    move: StorageMoveHookInfo,
    file: { relativePath: string; bytesCopied: number; bytesTotal: number },
    signal: AbortSignal,
  ) => Promise<void>;
  /** Awaited after the switch to the destination, before the source is removed. */
  beforeCleanup?: (move: StorageMoveHookInfo, signal: AbortSignal) => Promise<void>;
}

export interface StorageMoveRuntimeOptions {
  /** Moves copying at the same time, over all projects. Default 2. */
  concurrency?: number;
  hooks?: StorageMoveHooks;
  /** Random numbers in [0, 1) for weighted shard choices. Default Math.random. */
  random?: () => number;
}

/** Runs queued moves through the core's background tasks, `concurrency` at a time. */
export class StorageMoveRuntime {
  readonly hooks: StorageMoveHooks;
  readonly random: () => number;
  private readonly concurrency: number;
  private readonly controller = new AbortController();
  private readonly queue: number[] = [];
  private readonly queued = new Set<number>();
  private running = 0;

  constructor(
    private readonly tasks: BackgroundTasks,
    opts: StorageMoveRuntimeOptions = {},
  ) {
    this.hooks = opts.hooks ?? {};
    this.random = opts.random ?? Math.random;
    this.concurrency = Math.max(1, opts.concurrency ?? 2);
  }

  /** Aborted when the core closes: running copies stop and their moves fail cleanly. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Queue move `id` to be run by `execute` (ignored when already queued or after shutdown). */
  enqueue(id: number, execute: (id: number) => Promise<void>): void {
    if (this.controller.signal.aborted || this.queued.has(id)) return;
    this.queue.push(id);
    this.queued.add(id);
    this.pump(execute);
  }

  private pump(execute: (id: number) => Promise<void>): void {
    while (this.running < this.concurrency && this.queue.length > 0 && !this.controller.signal.aborted) {
      const id = this.queue.shift()!;
      this.running++;
      this.tasks.run(
        `storage move ${id}`,
        () =>
          execute(id).finally(() => {
            this.running--;
            this.queued.delete(id);
            this.pump(execute);
          }),
        () => undefined,
      );
    }
  }

  /** Stop: drop the queue (those moves stay `scheduled` and run on the next start) and abort running ones. */
  shutdown(): void {
    this.queue.length = 0;
    this.queued.clear();
    this.controller.abort();
  }
}
