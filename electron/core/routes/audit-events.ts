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
import { readAuditEventQuery } from '../services/audit/audit-event-query.js';
import {
  getGroupAuditEvent,
  getInstanceAuditEvent,
  getProjectAuditEvent,
  groupAuditScope,
  instanceAuditScope,
  listAuditEventsKeyset,
  listAuditEventsOffset,
  projectAuditScope,
} from '../services/audit/audit-events-service.js';
import type { AuditScope } from '../services/audit/audit-events-service.js';
import { ParameterError } from '../services/errors.js';
import { pageOf, pathParam, sendPage } from './respond.js';

/** Keyset orders audit events support: by id, newest first (GitLab's only order) or oldest first. */
const KEYSET_ORDERS = { id: ['desc', 'asc'] } as const;

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
   * `entity_id` (needs entity_type). The service checks again; the host's in-process export (`core.exportAuditEvents`, no route) goes
   * through the same checks in services/audit/export-audit-events.ts.
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
