/**
 * The host's in-process audit export (issue 17), behind `core.exportAuditEvents` (core-contract.ts):
 * the events `GET /audit_events?pagination=keyset&order_by=id&sort=desc` walks, read straight from
 * SQLite instead of through 100-event HTTP pages. It is a second entry into the core, so it goes through
 * the same checks as the HTTP route (issue 31, one door per flow): the token and scope checks of
 * http/auth.ts (services/access/token-access.ts), the administrator check of `config.admin`
 * (`requireAdmin`, via `instanceAuditScope`) and the route's parameter reader (./audit-event-query.ts).
 */
import type { AuditEvent } from '../../../../shared/audit-events.js';
import { presentAuditEvent } from '../../entities/audit-events.js';
import {
  authenticateTokenAccess,
  grantingScopes,
  scopeRefusal,
  type AccessRefusal,
} from '../access/token-access.js';
import type { ServiceContext } from '../context.js';
import { ForbiddenError, ParameterError } from '../errors.js';
import { readAuditEventQuery } from './audit-event-query.js';
import {
  auditEventPages,
  auditEventTextChunks,
  instanceAuditScope,
  type AuditEventQuery,
  type AuditScope,
} from './audit-events-service.js';
import type { AuditExportChunk, AuditExportFormatter } from './export-workers.js';

/**
 * `core.exportAuditEvents` (core-contract.ts): a refusal as the HTTP list would answer it (`status`,
 * GitLab's error body), or the events as pages pulled one at a time ({@link exportAuditEvents}).
 */
export type AuditEventExport =
  | {
      status: 200;
      pages: Iterable<AuditEvent[]>;
      /**
       * The same events as text chunks in the same order, made by `formatter` on worker threads with
       * their own read-only connections (./export-workers.ts; `workers` default: the machine's cores,
       * 1–2), instead of `pages`. Absent when the core can't (an in-memory database).
       */
      formatted?(
        formatter: AuditExportFormatter,
        opts?: { workers?: number; blockIds?: number },
      ): AsyncIterable<AuditExportChunk>;
    }
  | { status: 400 | 401 | 403; body: { message?: string; error?: string; [key: string]: unknown } };

/** Events per page of the in-process export when the host names no size. */
export const AUDIT_EXPORT_PAGE_SIZE = 5000;

/**
 * The caller `token` authenticates as, checked as `GET /audit_events` checks the `PRIVATE-TOKEN` header:
 * the same functions as http/auth.ts `resolveActor` and `checkRouteAccess` (a GET with the route's
 * default scopes). `baseUrl` is the instance URL a deactivated user's message names. Returns the service
 * context acting as the token's user, or the refusal (401 or 403, GitLab's body).
 */
export function authenticateExportToken(
  system: ServiceContext,
  token: string,
  baseUrl: string,
): ServiceContext | AccessRefusal {
  const auth = authenticateTokenAccess(system.db, token, baseUrl);
  if ('refusal' in auth) return auth.refusal;
  const refused = scopeRefusal(grantingScopes('GET', undefined), auth.scopes);
  if (refused) return refused;
  return { ...system, actor: { user: { ...auth.user }, scopes: auth.scopes, ipAddress: null } };
}

/**
 * The in-process export behind `core.exportAuditEvents` (host only, no HTTP route reaches it; issue 17):
 * the same events `GET /audit_events?pagination=keyset&order_by=id&sort=desc` walks, with the same
 * access rules and parameters, read straight from SQLite in pages of `pageSize` (default 5,000, at most
 * 50,000) instead of 100-event HTTP pages serialized to JSON and parsed again.
 * - `token` is checked as the `PRIVATE-TOKEN` header is ({@link authenticateExportToken}): unknown,
 *   revoked or expired → 401 `{"message":"401 Unauthorized"}`; a blocked user's → 403 with GitLab's
 *   reason; a token without `api`/`read_api` → 403 `insufficient_scope`; a non-administrator (Admin
 *   Mode included) → 403 `{"message":"403 Forbidden"}`.
 * - `query` takes the instance list's filters (`created_after`, `created_before`, `entity_type`,
 *   `entity_id`); a bad one → 400 `{"error": …}` in Grape's words.
 * Refusals come back before any event is read; otherwise `pages` yields presented events (GitLab's
 * AuditEvent entity, as the API answers), newest first, one page per pull, and `formatted` (not for an
 * in-memory database) the same events as text made on worker threads (./export-workers.ts).
 */
export function exportAuditEvents(
  system: ServiceContext,
  token: string,
  query: Record<string, unknown>,
  pageSize = AUDIT_EXPORT_PAGE_SIZE,
): AuditEventExport {
  const ctx = authenticateExportToken(system, token, system.externalUrl());
  if ('status' in ctx) return ctx;
  let scope: AuditScope;
  let q: AuditEventQuery;
  try {
    scope = instanceAuditScope(ctx);
    q = readAuditEventQuery(query, true);
  } catch (err) {
    if (err instanceof ForbiddenError) return { status: 403, body: { message: err.message } };
    if (err instanceof ParameterError) return { status: 400, body: { error: err.message } };
    throw err;
  }
  const size = Math.max(1, Math.min(Math.trunc(pageSize) || AUDIT_EXPORT_PAGE_SIZE, 50_000));
  return {
    status: 200,
    pages: (function* () {
      for (const rows of auditEventPages(ctx, scope, q, size)) yield rows.map(presentAuditEvent);
    })(),
    ...(system.db.memory
      ? {}
      : {
          formatted: (formatter, opts) => auditEventTextChunks(ctx, scope, q, formatter, opts),
        }),
  };
}
