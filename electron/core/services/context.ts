/**
 * What every service call receives: the database, the storage shards, the calling actor, the
 * instance's external URL and the secret box. Services never see HTTP request/reply objects.
 */
import type { SecretBox } from '../crypto/secret-box.js';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/users.js';
import type { StorageShards } from '../git/storage.js';
import type { BackgroundTasks } from '../jobs/background-tasks.js';
import type { CiRuntime } from './pipelines/ci-runtime.js';
import type { StorageMoveRuntime } from './storage-moves/runtime.js';

/** The authenticated caller (null user = anonymous). */
export interface Actor {
  user: UserRow | null;
  /** Scopes of the token used; empty for anonymous. */
  scopes: readonly string[];
  /** Remote address, recorded in audit events. */
  ipAddress: string | null;
}

export interface ServiceContext {
  db: Db;
  shards: StorageShards;
  actor: Actor;
  /** Base URL for web_url fields, without trailing slash. */
  externalUrl: () => string;
  tasks: BackgroundTasks;
  /** The core's data directory (uploaded avatars live under it); absent only in hand-made contexts. */
  dataDir?: string;
  /** Seals secrets kept at rest (cluster tokens, CI/CD variable values); key in `<dataDir>/core_secret.key`. */
  secrets: SecretBox;
  /** The pipeline runner of this core (job processes, traces, change events); absent only in hand-made contexts. */
  ci?: CiRuntime;
  /** Queue, hooks and shutdown signal of repository storage moves; absent only in hand-made contexts. */
  storageMoves?: StorageMoveRuntime;
}

/** The actor's user, or throws for anonymous callers (routes normally check this first). */
export function requireUser(ctx: ServiceContext): UserRow {
  if (!ctx.actor.user) throw new Error('service called without an authenticated user');
  return ctx.actor.user;
}
