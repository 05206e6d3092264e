/**
 * Audit events (doc/api/audit_events.md): `GET /audit_events` and `/audit_events/:id` (administrators),
 * `GET /groups/:id/audit_events[/:audit_event_id]`, `GET /projects/:id/audit_events[/:audit_event_id]`
 * (role rules in services/audit/audit-events-service.ts). Lists are newest first with GitLab's offset
 * pagination, or walked by keyset with `pagination=keyset` (`order_by=id`, `sort=desc` default or `asc`,
 * `cursor` from the `Link` rel="next" URL). Read-only: there is no route that changes an event.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { presentAuditEvent } from '../entities/audit-events.js';
import { isKeysetRequest, readKeysetPageRequest, setKeysetHeaders } from '../http/pagination.js';
import { findReadableGroup, findReadableProject } from '../services/access/project-access.js';
import {
  auditEventPages,
  auditEventTextChunks,
  getGroupAuditEvent,
  getInstanceAuditEvent,
  getProjectAuditEvent,
  groupAuditScope,
  instanceAuditScope,
  listAuditEventsKeyset,
  listAuditEventsOffset,
  projectAuditScope,
} from '../services/audit/audit-events-service.js';
import type { AuditEventQuery, AuditScope } from '../services/audit/audit-events-service.js';
import type { ServiceContext } from '../services/context.js';
import { ForbiddenError, ParameterError } from '../services/errors.js';
import { authenticateToken, userAccessDeniedReason } from '../services/users/users-service.js';
import type { AuditEventExport } from '../core-contract.js';
import { defaultScopes } from '../http/auth.js';
import { pageOf, pathParam, sendPage } from './respond.js';

/** `entity_type` values GitLab accepts (AuditEventFinder::VALID_ENTITY_TYPES). */
export const AUDIT_EVENT_ENTITY_TYPES = ['User', 'Group', 'Project', 'Gitlab::Audit::InstanceScope'] as const;

/** Keyset orders audit events support: by id, newest first (GitLab's only order) or oldest first. */
const KEYSET_ORDERS = { id: ['desc', 'asc'] } as const;

const TIME_FORM = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/**
 * A `YYYY-MM-DDTHH:MM:SSZ` time as stored (`…:SS.000Z`), or null when the text is in another form or
 * names no real instant (month 13, February 30).
 */
export function parseAuditTime(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const m = TIME_FORM.exec(raw);
  if (!m) return null;
  const date = new Date(`${raw.slice(0, 19)}.000Z`);
  if (Number.isNaN(date.getTime())) return null;
  const iso = date.toISOString();
  return iso.slice(0, 19) === raw.slice(0, 19) ? iso : null;
}

function present(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '';
}

/**
 * Read the filters a list takes; `withEntity` adds `entity_type`/`entity_id` (instance list).
 * @throws ParameterError with Grape's words, several joined by ", ".
 */
export function readAuditEventQuery(params: Record<string, unknown>, withEntity: boolean): AuditEventQuery {
  const errors: string[] = [];
  const q: AuditEventQuery = {};
  if (withEntity) {
    if (present(params.entity_type)) {
      const t = String(params.entity_type);
      if ((AUDIT_EVENT_ENTITY_TYPES as readonly string[]).includes(t)) q.entityType = t;
      else errors.push('entity_type does not have a valid value');
    }
    if (present(params.entity_id)) {
      const s = String(params.entity_id).trim();
      if (/^\d{1,15}$/.test(s)) q.entityId = Number(s);
      else errors.push('entity_id is invalid');
      // Grape's `given :entity_id do requires :entity_type end`.
      if (!present(params.entity_type)) errors.push('entity_type is missing');
    }
  }
  for (const name of ['created_after', 'created_before'] as const) {
    if (!present(params[name])) continue;
    const at = parseAuditTime(params[name]);
    if (at === null) errors.push(`${name} is invalid`);
    else if (name === 'created_after') q.createdAfter = at;
    else q.createdBefore = at;
  }
  if (errors.length) throw new ParameterError(errors.join(', '));
  return q;
}

/**
 * Read the list's filters and paging, then send the page of `scope`: offset pages with GitLab's headers,
 * or a keyset page with `Link` rel="next" while more events exist. The caller has checked access already,
 * so a refused caller gets 403/404 before any parameter error.
 */
function sendEvents(
  req: FastifyRequest,
  reply: FastifyReply,
  scope: AuditScope,
  withEntity: boolean,
): FastifyReply {
  const q = readAuditEventQuery(req.gparams, withEntity);
  if (isKeysetRequest(req.gparams)) {
    const k = readKeysetPageRequest(req.gparams, KEYSET_ORDERS);
    const page = listAuditEventsKeyset(req.svc, scope, q, { limit: k.perPage, sort: k.sort, after: k.after });
    setKeysetHeaders(req, reply, k, page.nextAfter, req.svc.externalUrl());
    return reply.send(page.rows.map(presentAuditEvent));
  }
  const pageReq = pageOf(req);
  const page = listAuditEventsOffset(req.svc, scope, q, pageReq.perPage, pageReq.offset);
  return sendPage(req, reply, pageReq, page.total, page.rows.map(presentAuditEvent));
}

/** Integer path parameter as Grape's `requires :<name>, type: Integer` reads it (400 otherwise). */
function idParam(req: FastifyRequest, name: string): number {
  const v = pathParam(req, name);
  if (!/^\d{1,15}$/.test(v)) throw new ParameterError(`${name} is invalid`);
  return Number(v);
}

export async function auditEventsRoutes(app: FastifyInstance): Promise<void> {
  /**
   * `GET /audit_events` (administrators, declared by `config.admin`: http/admin-guard.ts, GitLab's
   * `before { authenticated_as_admin! }` in ee/lib/api/audit_events.rb): `created_after`, `created_before`
   * (`YYYY-MM-DDTHH:MM:SSZ`), `entity_type` (User, Group, Project, Gitlab::Audit::InstanceScope),
   * `entity_id` (needs entity_type). The service checks again (`core.exportAuditEvents` has no route).
   */
  app.get('/audit_events', { config: { admin: true } }, async (req, reply) =>
    sendEvents(req, reply, instanceAuditScope(req.svc), true),
  );

  /** `GET /audit_events/:id` (administrators, `config.admin`). 404 `Audit Event Not Found`. */
  app.get('/audit_events/:id', { config: { admin: true } }, async (req) =>
    presentAuditEvent(getInstanceAuditEvent(req.svc, idParam(req, 'id'))),
  );

  /** `GET /groups/:id/audit_events`: Owners all, Developers and Maintainers their own; `created_after`/`created_before`. */
  app.get('/groups/:id/audit_events', { config: { auth: 'optional' } }, async (req, reply) => {
    const group = findReadableGroup(req.svc, pathParam(req, 'id'));
    return sendEvents(req, reply, groupAuditScope(req.svc, group), false);
  });

  /** `GET /groups/:id/audit_events/:audit_event_id`: group Owners and administrators. */
  app.get('/groups/:id/audit_events/:audit_event_id', { config: { auth: 'optional' } }, async (req) => {
    const group = findReadableGroup(req.svc, pathParam(req, 'id'));
    return presentAuditEvent(getGroupAuditEvent(req.svc, group, idParam(req, 'audit_event_id')));
  });

  /** `GET /projects/:id/audit_events`: Maintainers and above all, Developers their own; `created_after`/`created_before`. */
  app.get('/projects/:id/audit_events', { config: { auth: 'optional' } }, async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    return sendEvents(req, reply, projectAuditScope(req.svc, project), false);
  });

  /** `GET /projects/:id/audit_events/:audit_event_id`: project Maintainers, Owners and administrators. */
  app.get('/projects/:id/audit_events/:audit_event_id', { config: { auth: 'optional' } }, async (req) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    return presentAuditEvent(getProjectAuditEvent(req.svc, project, idParam(req, 'audit_event_id')));
  });
}

/** Events per page of the in-process export when the host names no size. */
export const AUDIT_EXPORT_PAGE_SIZE = 5000;

/**
 * The in-process export behind `core.exportAuditEvents` (host only, no HTTP route reaches it; issue 17):
 * the same events `GET /audit_events?pagination=keyset&order_by=id&sort=desc` walks, with the same
 * access rules and parameters, read straight from SQLite in pages of `pageSize` (default 5,000) instead
 * of 100-event HTTP pages serialized to JSON and parsed again.
 * - `token` is checked as the `PRIVATE-TOKEN` header is: unknown, revoked or expired → 401
 *   `{"message":"401 Unauthorized"}`; a blocked user's → 403 with GitLab's reason; a token without
 *   `api`/`read_api` → 403 `insufficient_scope`; a non-administrator → 403 `{"message":"403 Forbidden"}`.
 * - `query` takes the instance list's filters (`created_after`, `created_before`, `entity_type`,
 *   `entity_id`); a bad one → 400 `{"error": …}` in Grape's words.
 * Refusals come back before any event is read; otherwise `pages` yields presented events (GitLab's
 * AuditEvent entity, as the API answers), newest first, one page per pull.
 */
export function openAuditEventExport(
  system: ServiceContext,
  token: string,
  query: Record<string, unknown>,
  pageSize = AUDIT_EXPORT_PAGE_SIZE,
): AuditEventExport {
  const auth = authenticateToken(system.db, token);
  if ('refused' in auth) {
    const reason = auth.user && userAccessDeniedReason(auth.user, system.externalUrl());
    return reason
      ? { status: 403, body: { message: `403 Forbidden - ${reason}` } }
      : { status: 401, body: { message: '401 Unauthorized' } };
  }
  const scopes = JSON.parse(auth.token.scopes) as string[];
  const allowed = defaultScopes('GET');
  if (!allowed.some((s) => scopes.includes(s)))
    return {
      status: 403,
      body: {
        error: 'insufficient_scope',
        error_description: 'The request requires higher privileges than provided by the access token.',
        scope: allowed.join(' '),
      },
    };
  const ctx: ServiceContext = { ...system, actor: { user: auth.user, scopes, ipAddress: null } };
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
