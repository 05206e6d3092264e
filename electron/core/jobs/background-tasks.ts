/**
 * Tracks background work started by services (imports, repository removals) so `core.close()` can
 * wait for it and tests can await quiescence. Durable state lives in SQLite; this only tracks promises.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<unknown>>();

  /** Start `work` in the background; errors are reported to `onError` (never unhandled). */
  run(name: string, work: () => Promise<unknown>, onError: (name: string, err: unknown) => void): void {
    const p = work()
      .catch((err) => onError(name, err))
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }

  /** Resolves when every task started so far (and any they start) has finished. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
