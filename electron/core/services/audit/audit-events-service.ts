/**
 * Reading audit events (doc/api/audit_events.md; the spec's Authentication rule 6):
 * - instance: administrators only, filters `created_after`/`created_before`/`entity_type`/`entity_id`;
 * - group (entity Group = the group): Owners and administrators see every event, Developers and Maintainers
 *   only events they authored, others 403; the single event only for Owners and administrators;
 * - project (entity Project = the project): Maintainers and above (and administrators) see every event,
 *   Developers only their own, others 403; the single event only for Maintainers, Owners and administrators.
 * A group or project the caller can't see is 404 before any role check. Events are never changed here.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import {
  countAuditEvents,
  findAuditEventById,
  findAuditEventsAfter,
  findAuditEventsPage,
} from '../../db/audit-events.js';
import type { AuditEventFilter, AuditEventRow, AuditEventSort } from '../../db/audit-events.js';
import {
  formatAuditEventsInWorkers,
  type AuditExportChunk,
  type AuditExportFormatter,
} from './export-workers.js';
import type { NamespaceRow } from '../../db/namespaces.js';
import type { ProjectRow } from '../../db/projects.js';
import { isAdmin, namespaceAccessLevel, projectAccessLevel, requireAdmin } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { ForbiddenError, NotFoundError } from '../errors.js';

/** Offset pagination counts up to this many rows; above 10,000 GitLab leaves the totals out anyway. */
const COUNT_CAP = 10_001;

/** Filters a caller may pass (already validated). */
export interface AuditEventQuery {
  createdAfter?: string;
  createdBefore?: string;
  entityType?: string;
  entityId?: number;
}

/** Which events a caller may list; made only by the `*AuditScope` functions below (they check roles). */
export interface AuditScope {
  readonly filter: AuditEventFilter;
}

function filterOf(scope: AuditScope, q: AuditEventQuery): AuditEventFilter {
  // The scope's entity and author always win; `q.entityType`/`q.entityId` only narrow the instance scope.
  return {
    entityType: q.entityType,
    entityId: q.entityId,
    ...scope.filter,
    createdAfter: q.createdAfter,
    createdBefore: q.createdBefore,
  };
}

/** An offset page of the events in `scope` matching `q`, newest first, with the total (capped at 10,001). */
export function listAuditEventsOffset(
  ctx: ServiceContext,
  scope: AuditScope,
  q: AuditEventQuery,
  limit: number,
  offset: number,
): { rows: AuditEventRow[]; total: number } {
  const filter = filterOf(scope, q);
  return ctx.db.transaction(() => ({
    total: countAuditEvents(ctx.db, filter, COUNT_CAP),
    rows: findAuditEventsPage(ctx.db, filter, 'desc', limit, offset),
  }))();
}

/**
 * A keyset page of the events in `scope` matching `q`: up to `limit` events after the id `after` in
 * `sort` order. `nextAfter` is the id to continue after, or null at the end.
 */
export function listAuditEventsKeyset(
  ctx: ServiceContext,
  scope: AuditScope,
  q: AuditEventQuery,
  page: { limit: number; sort: AuditEventSort; after: number | null },
): { rows: AuditEventRow[]; nextAfter: number | null } {
  // One row more than the page tells whether another page exists, without a count.
  const rows = findAuditEventsAfter(ctx.db, filterOf(scope, q), page.sort, page.limit + 1, page.after);
  const more = rows.length > page.limit;
  if (more) rows.length = page.limit;
  return { rows, nextAfter: more ? rows[rows.length - 1]!.id : null };
}

/**
 * Every event in `scope` matching `q`, newest first, in pages of up to `pageSize` rows: each page is one
 * indexed keyset statement (`id < cursor`, see db/audit-events.ts), read only when the consumer asks for
 * the next page, so a walk of a million events holds one page at a time and never an open read
 * transaction between pages. Events recorded after the walk started (higher ids) are not included; none
 * is returned twice.
 */
export function* auditEventPages(
  ctx: ServiceContext,
  scope: AuditScope,
  q: AuditEventQuery,
  pageSize: number,
): Generator<AuditEventRow[], void, undefined> {
  let after: number | null = null;
  for (;;) {
    const page = listAuditEventsKeyset(ctx, scope, q, { limit: pageSize, sort: 'desc', after });
    if (page.rows.length) yield page.rows;
    if (page.nextAfter === null) return;
    after = page.nextAfter;
  }
}

/**
 * The events `auditEventPages` walks (same scope, filter and order), as text chunks made by `formatter`
 * on worker threads with their own read-only connections (./export-workers.ts); for the host's
 * exports. Errors: as `formatAuditEventsInWorkers`.
 */
export function auditEventTextChunks(
  ctx: ServiceContext,
  scope: AuditScope,
  q: AuditEventQuery,
  formatter: AuditExportFormatter,
  opts: { workers?: number; blockIds?: number } = {},
): AsyncGenerator<AuditExportChunk, void, undefined> {
  return formatAuditEventsInWorkers({ db: ctx.db, filter: filterOf(scope, q), formatter, ...opts });
}

/** Every event (`GET /audit_events`). @throws ForbiddenError unless administrator. */
export function instanceAuditScope(ctx: ServiceContext): AuditScope {
  requireAdmin(ctx);
  return { filter: {} };
}

/** `GET /audit_events/:id`. @throws ForbiddenError; NotFoundError('Audit Event'). */
export function getInstanceAuditEvent(ctx: ServiceContext, id: number): AuditEventRow {
  requireAdmin(ctx);
  const row = findAuditEventById(ctx.db, id);
  if (!row) throw new NotFoundError('Audit Event');
  return row;
}

/** Events of one entity a caller may list: all of them, or only their own (`authorId`). */
function entityScope(
  ctx: ServiceContext,
  entityType: 'Group' | 'Project',
  entityId: number,
  level: number,
  allFrom: number,
): AuditScope {
  const filter = { entityType, entityId };
  if (level >= allFrom) return { filter };
  if (level >= AccessLevel.Developer) return { filter: { ...filter, authorId: ctx.actor.user!.id } };
  throw new ForbiddenError();
}

/** The group's level for the caller (Owner for administrators). */
function groupLevel(ctx: ServiceContext, group: NamespaceRow): number {
  return isAdmin(ctx.actor.user) ? AccessLevel.Owner : namespaceAccessLevel(ctx.db, ctx.actor.user, group);
}

function projectLevel(ctx: ServiceContext, project: ProjectRow): number {
  return isAdmin(ctx.actor.user) ? AccessLevel.Owner : projectAccessLevel(ctx.db, ctx.actor.user, project);
}

/**
 * `GET /groups/:id/audit_events` for a group the caller can read (`findReadableGroup`): Owners and
 * administrators all, Developers and Maintainers their own.
 * @throws ForbiddenError below Developer.
 */
export function groupAuditScope(ctx: ServiceContext, group: NamespaceRow): AuditScope {
  return entityScope(ctx, 'Group', group.id, groupLevel(ctx, group), AccessLevel.Owner);
}

/** @throws ForbiddenError unless Owner or administrator; NotFoundError('Audit Event') outside the group. */
export function getGroupAuditEvent(ctx: ServiceContext, group: NamespaceRow, id: number): AuditEventRow {
  if (groupLevel(ctx, group) < AccessLevel.Owner) throw new ForbiddenError();
  return entityEvent(ctx, 'Group', group.id, id);
}

/**
 * `GET /projects/:id/audit_events` for a project the caller can read (`findReadableProject`):
 * Maintainers and above (and administrators) all, Developers their own.
 * @throws ForbiddenError below Developer.
 */
export function projectAuditScope(ctx: ServiceContext, project: ProjectRow): AuditScope {
  return entityScope(ctx, 'Project', project.id, projectLevel(ctx, project), AccessLevel.Maintainer);
}

/** @throws ForbiddenError below Maintainer (administrators pass); NotFoundError('Audit Event') outside the project. */
export function getProjectAuditEvent(ctx: ServiceContext, project: ProjectRow, id: number): AuditEventRow {
  if (projectLevel(ctx, project) < AccessLevel.Maintainer) throw new ForbiddenError();
  return entityEvent(ctx, 'Project', project.id, id);
}

function entityEvent(ctx: ServiceContext, entityType: string, entityId: number, id: number): AuditEventRow {
  const row = findAuditEventById(ctx.db, id);
  if (!row || row.entity_type !== entityType || row.entity_id !== entityId)
    throw new NotFoundError('Audit Event');
  return row;
}
