import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AuditEvent, AuditEventFilters } from '../../../shared/audit-events.js';
import type { Core } from '../../core/core-contract.js';
import type { ProfileStore } from '../profiles/profile-store.js';
import type { TokenVault } from '../vault/token-vault.js';
import { auditFilterQuery } from './audit-export.js';
import { ExportError, pageFailureMessage } from './keyset-pages.js';

/**
 * The events of an audit export read in-process from the embedded core, or null when the export must
 * walk the API instead (a remote profile, no embedded core, a core without `exportAuditEvents`, no
 * stored token). Errors: ExportError with the same sentence the API walk gives for the same refusal
 * (401, 403, 400); the vault's and profile store's errors.
 */
export type EmbeddedAuditPages = (
  profileId: string,
  filters: AuditEventFilters,
  signal?: AbortSignal,
) => Promise<AsyncIterable<AuditEvent[]> | null>;

/** Options of {@link embeddedAuditPages}. */
export interface EmbeddedAuditPagesOptions {
  profiles: Pick<ProfileStore, 'get'>;
  vault: Pick<TokenVault, 'get'>;
  core: Pick<Core, 'exportAuditEvents'> | null;
  /** Events per page read from SQLite (default: the core's, 5,000). */
  pageSize?: number;
}

/**
 * Exports of the embedded profile at disk speed (issue 17): instead of 100-event pages through
 * `inject` (each serialized to JSON by the core and parsed again here), the core hands over its
 * presented events a large keyset page at a time (`core.exportAuditEvents`, checked against the
 * profile's token exactly as `GET /audit_events` is). Between pages the walk yields to the event loop,
 * so IPC, cancel and the UI's progress polls are served during a long export; a page is read only when
 * the file stream asks for more (backpressure in ./audit-export.ts).
 */
export function embeddedAuditPages(options: EmbeddedAuditPagesOptions): EmbeddedAuditPages {
  const { profiles, vault, core } = options;
  return async (profileId, filters, signal) => {
    if (!core?.exportAuditEvents || profiles.get(profileId).kind !== 'embedded') return null;
    const token = await vault.get(profileId);
    if (token === null) return null;
    const opened = core.exportAuditEvents(
      token,
      auditFilterQuery(filters) as Record<string, string | number>,
      options.pageSize === undefined ? undefined : { pageSize: options.pageSize },
    );
    if (opened.status !== 200) throw new ExportError(pageFailureMessage(opened));
    const pages = opened.pages;
    return (async function* () {
      for (const page of pages) {
        yield page;
        await nextTurn();
        signal?.throwIfAborted();
      }
    })();
  };
}
