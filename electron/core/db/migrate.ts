/**
 * Versioned schema migrations. Each migration runs once, in its own transaction, in order; the
 * applied version is kept in `PRAGMA user_version`. Add a migration by appending to `MIGRATIONS`
 * (never edit one that has shipped).
 */
import type Database from 'better-sqlite3';
import { migration001Initial } from './migrations/001-initial.js';
import { migration002RepositoryProtection } from './migrations/002-repository-protection.js';
import { migration003AdminResources } from './migrations/003-admin-resources.js';
import { migration005Alerts } from './migrations/005-alerts.js';
import { migration006Pipelines } from './migrations/006-pipelines.js';
import { migration007EnvironmentsDeployments } from './migrations/007-environments-deployments.js';
import { migration008MergeRequests } from './migrations/008-merge-requests.js';
import { migration009StorageMoves } from './migrations/009-storage-moves.js';
import { migration010MergeRequestDiffs } from './migrations/010-merge-request-diffs.js';
import { migration011MergeRequestListCounts } from './migrations/011-merge-request-list-counts.js';
import { migration012Avatars } from './migrations/012-avatars.js';
import { migration013ResourceEvents } from './migrations/013-resource-events.js';
import { migration014ReleasesApi } from './migrations/014-releases-api.js';
import { migration015UserAdmin } from './migrations/015-user-admin.js';
import { migration016SuggestionsDraftNotes } from './migrations/016-suggestions-draft-notes.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Applied in version order, whatever the order of this list (versions may be reserved and land later). */
export const MIGRATIONS: readonly Migration[] = [
  migration001Initial,
  migration002RepositoryProtection,
  migration003AdminResources,
  migration005Alerts,
  migration006Pipelines,
  migration007EnvironmentsDeployments,
  migration008MergeRequests,
  migration009StorageMoves,
  migration010MergeRequestDiffs,
  migration011MergeRequestListCounts,
  migration012Avatars,
  migration013ResourceEvents,
  migration014ReleasesApi,
  migration015UserAdmin,
  migration016SuggestionsDraftNotes,
].sort((a, b) => a.version - b.version);

/**
 * Apply every migration newer than the database's `user_version`.
 * @throws if the database is newer than this build knows (downgrade), naming both versions.
 */
export function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;
  if (current > latest) {
    throw new Error(`Database schema version ${current} is newer than this Outpost build knows (${latest}).`);
  }
  for (const m of MIGRATIONS) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
}
