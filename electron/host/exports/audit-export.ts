import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AUDIT_CSV_HEADER } from '../../../shared/audit-csv.js';
import type { AuditEvent, AuditEventFilters } from '../../../shared/audit-events.js';
import { formatAuditEventPage } from '../../../shared/audit-export-format.js';
import type { ApiQueryValue, ExportFormat } from '../../../shared/ipc-contract.js';
import type { ApiProxy } from '../proxy/api-proxy.js';
import { ExportError, pageFailureMessage, walkKeysetPages } from './keyset-pages.js';

/** Events per keyset page (GitLab's largest `per_page`). */
export const AUDIT_EXPORT_PAGE_SIZE = 100;

/** Options of {@link writeAuditExport}. */
export interface AuditExportWrite {
  proxy: Pick<ApiProxy, 'request'>;
  profileId: string;
  format: ExportFormat;
  filters: AuditEventFilters;
  /** Final path; the export writes `<file>.part` and renames it when complete. */
  file: string;
  signal?: AbortSignal;
  /** Called after each page with the running count of records handed to the file. */
  onProgress?: (written: number) => void;
  /** Events per page (default {@link AUDIT_EXPORT_PAGE_SIZE}). */
  pageSize?: number;
  /**
   * The events to write, newest first, when they come from elsewhere than the keyset walk over the
   * proxy: the embedded core's in-process export (./embedded-audit-pages.ts). The proxy is not used then.
   */
  pages?: AsyncIterable<AuditEvent[]>;
  /**
   * The events already as text (`rows` events per chunk, lines in the format's form without the CSV
   * header): the embedded core's export workers (./embedded-audit-pages.ts). Neither the proxy nor
   * `pages` is used then.
   */
  chunks?: AsyncIterable<AuditExportTextChunk>;
}

/** Export text for `rows` events (lines as {@link formatAuditEventPage} writes them). */
export interface AuditExportTextChunk {
  text: string;
  rows: number;
}

/** The filters as query parameters (absent ones left out). Pure. */
export function auditFilterQuery(filters: AuditEventFilters): Record<string, ApiQueryValue> {
  const query: Record<string, ApiQueryValue> = {};
  if (filters.created_after) query.created_after = filters.created_after;
  if (filters.created_before) query.created_before = filters.created_before;
  if (filters.entity_type) query.entity_type = filters.entity_type;
  if (filters.entity_id !== undefined) query.entity_id = filters.entity_id;
  return query;
}

/**
 * How many events match `filters`, from `x-total` of a one-row offset page; null when the instance
 * does not say (GitLab leaves `x-total` out above 10,000 rows) or the count request fails for a
 * reason other than access. Errors: ExportError for 401/403 (the export itself would fail the same
 * way); the proxy's BridgeError.
 */
export async function countAuditEvents(
  proxy: Pick<ApiProxy, 'request'>,
  profileId: string,
  filters: AuditEventFilters,
): Promise<number | null> {
  const response = await proxy.request({
    method: 'GET',
    path: '/audit_events',
    query: { ...auditFilterQuery(filters), per_page: 1, page: 1 },
    profileId,
  });
  if (response.status === 401 || response.status === 403) {
    throw new ExportError(pageFailureMessage(response));
  }
  const total = Number(response.headers['x-total']);
  return response.status === 200 && response.headers['x-total'] && Number.isSafeInteger(total) && total >= 0
    ? total
    : null;
}

/**
 * Exports the instance audit events matching `filters` to `file`: walks `GET /audit_events` with
 * keyset pagination (newest first, `order_by=id&sort=desc`, following each `Link: rel="next"`), or
 * reads `options.pages` when given, and streams every event into `<file>.part` one page at a time with
 * the file's backpressure, then renames it to `file`. With `options.chunks` (text the embedded core's
 * workers made with the same shared/audit-export-format.ts) the chunks are written as they are, in order.
 * - CSV: a header row, then one row per event in `AUDIT_CSV_COLUMNS` order (`csvLine` quotes commas,
 *   quotes and newlines as RFC 4180 says, written by Papa Parse; cells are formula-safe).
 * - NDJSON: each event exactly as the instance returned it, one JSON object per line.
 * On failure or abort the part file is removed and nothing is left at `file`.
 * Returns the number of events written.
 * Errors: ExportError (instance refusals), the proxy's BridgeError, fs errors, the signal's AbortError.
 */
export async function writeAuditExport(options: AuditExportWrite): Promise<{ written: number }> {
  const { proxy, profileId, format, filters, file, signal, onProgress } = options;
  const part = `${file}.part`;
  let written = 0;
  const pages = (): AsyncIterable<AuditEvent[]> =>
    options.pages ??
    walkKeysetPages<AuditEvent>(proxy, {
      profileId,
      path: '/audit_events',
      query: {
        ...auditFilterQuery(filters),
        pagination: 'keyset',
        per_page: options.pageSize ?? AUDIT_EXPORT_PAGE_SIZE,
        order_by: 'id',
        sort: 'desc',
      },
      ...(signal ? { signal } : {}),
    });
  // One chunk of text per page: the file stream's backpressure pauses the source (Readable.from pulls
  // the next chunk only when the stream wants more), so at most a page or two is in memory.
  const texts: AsyncIterable<AuditExportTextChunk> =
    options.chunks ??
    (async function* () {
      for await (const page of pages()) yield { text: formatAuditEventPage(page, format), rows: page.length };
    })();
  const chunks = async function* (): AsyncGenerator<string, void, undefined> {
    if (format === 'csv') yield AUDIT_CSV_HEADER;
    for await (const chunk of texts) {
      signal?.throwIfAborted();
      if (chunk.text) yield chunk.text;
      written += chunk.rows;
      onProgress?.(written);
    }
  };

  const out = createWriteStream(part, { flags: 'w', mode: 0o600 });
  try {
    await pipeline(Readable.from(chunks(), { objectMode: false }), out, { signal });
    signal?.throwIfAborted();
    await rename(part, file);
  } catch (err) {
    out.destroy();
    await rm(part, { force: true });
    throw err;
  }
  return { written };
}
