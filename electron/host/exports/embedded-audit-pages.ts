import { availableParallelism } from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AuditEvent, AuditEventFilters } from '../../../shared/audit-events.js';
import { formatAuditEventPage } from '../../../shared/audit-export-format.js';
import type { ExportFormat } from '../../../shared/ipc-contract.js';
import type { Core } from '../../core/core-contract.js';
import type { ProfileStore } from '../profiles/profile-store.js';
import type { TokenVault } from '../vault/token-vault.js';
import { auditFilterQuery, type AuditExportTextChunk } from './audit-export.js';
import { ExportError, pageFailureMessage } from './keyset-pages.js';

/**
 * Where an embedded export's events come from: presented events a page at a time (read on the host's
 * thread), or, when a format is named and the core can, text already formatted by the core's export
 * workers.
 */
export type EmbeddedAuditSource =
  { pages: AsyncIterable<AuditEvent[]> } | { chunks: AsyncIterable<AuditExportTextChunk> };

/**
 * The events of an audit export read in-process from the embedded core, or null when the export must
 * walk the API instead (a remote profile, no embedded core, a core without `exportAuditEvents`, no
 * stored token). With `format`, the events come as text made on worker threads when the core offers it
 * (`formatted`) and workers are not turned off. Errors: ExportError with the same sentence the API walk
 * gives for the same refusal (401, 403, 400); the vault's and profile store's errors.
 */
export type EmbeddedAuditPages = (
  profileId: string,
  filters: AuditEventFilters,
  signal?: AbortSignal,
  format?: ExportFormat,
) => Promise<EmbeddedAuditSource | null>;

/**
 * Events per page read on the host's thread when the host names no size: 1,000 keeps a page's objects
 * in V8's young generation (the app runs with 16 MiB semi-spaces), which measured ~30% less CPU per
 * event and ~90 MiB less peak RSS over a million events than pages of 5,000 (issue 17).
 */
export const EMBEDDED_EXPORT_PAGE_SIZE = 1000;

/**
 * Export workers by default: 2 on a machine with two cores or more, else none (one core gains nothing
 * from a second thread, and each worker costs ~30 MiB of RSS while it works).
 */
export function defaultExportWorkers(cores: number = availableParallelism()): number {
  return cores >= 2 ? 2 : 0;
}

/** Options of {@link embeddedAuditPages}. */
export interface EmbeddedAuditPagesOptions {
  profiles: Pick<ProfileStore, 'get'>;
  vault: Pick<TokenVault, 'get'>;
  core: Pick<Core, 'exportAuditEvents'> | null;
  /** Events per page read from SQLite on the host's thread (default {@link EMBEDDED_EXPORT_PAGE_SIZE}). */
  pageSize?: number;
  /**
   * Worker threads formatting the export when a format is named (default {@link defaultExportWorkers});
   * 0 reads pages on the host's thread instead.
   */
  workers?: number;
  /** Ids per worker block (default: the core's, 1,000). */
  blockIds?: number;
  /**
   * Tests only: a formatter module for the workers to load instead of shared/audit-export-format.ts,
   * which they import themselves (a broken one, a missing one).
   */
  formatterUrl?: string;
}

/**
 * Exports of the embedded profile at disk speed (issue 17): instead of 100-event pages through
 * `inject` (each serialized to JSON by the core and parsed again here), the core hands over its
 * events checked against the profile's token exactly as `GET /audit_events` is (`core.exportAuditEvents`):
 * - with a format: as text, formatted by shared/audit-export-format.ts on the core's worker threads (each
 *   with its own read-only SQLite connection; blocks come back in order), so reading, presenting and
 *   CSV writing use every core while this thread only writes the file;
 * - else: presented events a page at a time; between pages the walk yields to the event loop, so IPC,
 *   cancel and the UI's progress polls are served during a long export.
 * Either way a chunk or page is read only when the file stream asks for more (backpressure in
 * ./audit-export.ts). A worker failure after the first chunk (a formatter error, a worker out of
 * memory) ends the export with ExportError "The export stopped part-way and nothing was saved (…)".
 */
export function embeddedAuditPages(options: EmbeddedAuditPagesOptions): EmbeddedAuditPages {
  const { profiles, vault, core } = options;
  return async (profileId, filters, signal, format) => {
    if (!core?.exportAuditEvents || profiles.get(profileId).kind !== 'embedded') return null;
    const token = await vault.get(profileId);
    if (token === null) return null;
    const opened = core.exportAuditEvents(
      token,
      auditFilterQuery(filters) as Record<string, string | number>,
      {
        pageSize: options.pageSize ?? EMBEDDED_EXPORT_PAGE_SIZE,
      },
    );
    if (opened.status !== 200) throw new ExportError(pageFailureMessage(opened));
    const pages = opened.pages;
    const onThisThread = async function* (): AsyncGenerator<AuditEvent[], void, undefined> {
      for (const page of pages) {
        yield page;
        await nextTurn();
        signal?.throwIfAborted();
      }
    };
    const workers = options.workers ?? defaultExportWorkers();
    const formatted = opened.formatted?.bind(opened);
    if (format && formatted && workers > 0) {
      const formatter = {
        ...(options.formatterUrl ? { module: options.formatterUrl } : {}),
        options: format,
      };
      const blocks = { workers, ...(options.blockIds === undefined ? {} : { blockIds: options.blockIds }) };
      return {
        chunks: (async function* () {
          let started = false;
          try {
            for await (const chunk of formatted(formatter, blocks)) {
              started = true;
              yield chunk;
            }
          } catch (err) {
            // Workers that fail before their first chunk (a packaged app whose workers can't load,
            // a platform without them): the same export on this thread. A failure later is the export's
            // (the workers are stopped by then, and the writer removes the part file).
            if (signal?.aborted) throw err;
            if (started) {
              const reason = err instanceof Error ? err.message : String(err);
              throw new ExportError(`The export stopped part-way and nothing was saved (${reason}).`);
            }
            console.error(
              'outpost: export workers failed, exporting on the main thread:',
              err instanceof Error ? err.message : err,
            );
            for await (const page of onThisThread())
              yield { text: formatAuditEventPage(page, format), rows: page.length };
          }
        })(),
      };
    }
    return { pages: onThisThread() };
  };
}
