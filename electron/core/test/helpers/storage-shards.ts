/**
 * Storage shard fixtures for the storage move tests: shard directories in a temp dir, where a project's
 * repository lives on a given shard (GitLab hashed storage, computed independently of the core), and a
 * gate a storage move hook can wait on.
 */
import { createHash } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** `<shardDir>/@hashed/ab/cd/<sha256(id)>.git`. */
export function shardRepoPath(shardDir: string, projectId: number, suffix = '.git'): string {
  const h = createHash('sha256').update(String(projectId)).digest('hex');
  return path.join(shardDir, '@hashed', h.slice(0, 2), h.slice(2, 4), `${h}${suffix}`);
}

/** The default shard of a data dir. */
export function defaultShard(dataDir: string): string {
  return path.join(dataDir, 'repositories', 'default');
}

/** A fresh temp directory for extra shards. */
export async function shardsRoot(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'outpost-shards-'));
}

/** A promise the test opens when it wants (`open()`), and a promise telling a hook was reached. */
export class Gate {
  private release!: () => void;
  private arrive!: () => void;
  readonly opened: Promise<void>;
  /** Resolves when `reached()` was called the first time. */
  readonly arrived: Promise<void>;
  constructor() {
    this.opened = new Promise((r) => (this.release = r));
    this.arrived = new Promise((r) => (this.arrive = r));
  }
  reached(): void {
    this.arrive();
  }
  open(): void {
    this.release();
  }
  /** Wait until opened or `signal` aborts (the core closing). */
  wait(signal: AbortSignal): Promise<void> {
    this.reached();
    return new Promise((resolve) => {
      if (signal.aborted) return resolve();
      signal.addEventListener('abort', () => resolve(), { once: true });
      void this.opened.then(resolve);
    });
  }
}
