/**
 * HTTP endpoint alert integrations of a project (doc/operations/incident_management/integrations.md
 * "HTTP Endpoints"; GitLab's AlertManagement::HttpIntegrations::{Create,Update,Destroy}Service and
 * HttpIntegration model; spec "Alert receiver", Authentication rule 6: Maintainer to configure).
 * The authorization key is random (32 hex characters, as GitLab's `SecureRandom.hex`), returned only by
 * create and reset, and stored as a SHA-256 digest. Every change writes an audit event on the project in
 * the same transaction (target `AlertManagement::HttpIntegration`; never the key).
 */
import { randomBytes } from 'node:crypto';
import { AccessLevel } from '../../../../shared/access-levels.js';
import {
  countAlertIntegrations,
  deleteAlertIntegration,
  findAlertIntegration,
  findAlertIntegrationProjectId,
  insertAlertIntegration,
  listAlertIntegrations,
  updateAlertIntegration,
} from '../../db/alert-integrations.js';
import type { AlertIntegrationChanges, AlertIntegrationRow } from '../../db/alert-integrations.js';
import { nowIso } from '../../db/database.js';
import type { Db } from '../../db/database.js';
import { findNamespaceById } from '../../db/namespaces.js';
import type { ProjectRow } from '../../db/projects.js';
import { requireProjectAccess } from '../access/project-access.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { AuditEventInput } from '../audit/record-audit-event.js';
import type { ServiceContext } from '../context.js';
import { ValidationError, foundOr404 } from '../errors.js';
import { digestToken } from '../users/credentials.js';
import type { AlertIntegrationView, AlertIntegrationWithToken } from '../../entities/alerts.js';

/** Longest integration name (GitLab's column limit). */
export const INTEGRATION_NAME_MAX_LENGTH = 255;

/** URL segment used when a name has no letters or digits (GitLab's DEFAULT_NAME_SLUG). */
export const DEFAULT_NAME_SLUG = 'http-endpoint';

export interface CreateAlertIntegrationInput {
  name: string;
  active?: boolean;
}

export interface UpdateAlertIntegrationInput {
  name?: string;
  active?: boolean;
}

/** A new authorization key: 32 hex characters (128 bits). */
export function generateAlertIntegrationToken(): string {
  return randomBytes(16).toString('hex');
}

/** A new endpoint identifier: 16 hex characters, within GitLab's `[A-Za-z0-9]+`. */
export function generateEndpointIdentifier(): string {
  return randomBytes(8).toString('hex');
}

/**
 * Rails' `String#parameterize`: accents dropped, runs of other characters than letters, digits, `-` and
 * `_` become one `-`, no leading or trailing `-`, lower case; `http-endpoint` when nothing is left.
 */
export function integrationNameSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9\-_]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return slug === '' ? DEFAULT_NAME_SLUG : slug;
}

/** `namespace/sub/project` of a project. */
export function projectFullPath(db: Db, project: ProjectRow): string {
  return `${findNamespaceById(db, project.namespace_id)?.full_path ?? ''}/${project.path}`;
}

/** The notify URL as GitLab forms it: `<base>/<full path>/alerts/notify/<name slug>/<endpoint>.json`. */
export function notifyUrl(
  baseUrl: string,
  fullPath: string,
  name: string,
  endpointIdentifier: string,
): string {
  return `${baseUrl}/${fullPath}/alerts/notify/${integrationNameSlug(name)}/${endpointIdentifier}.json`;
}

function viewOf(ctx: ServiceContext, project: ProjectRow, row: AlertIntegrationRow): AlertIntegrationView {
  return {
    integration: row,
    url: notifyUrl(ctx.externalUrl(), projectFullPath(ctx.db, project), row.name, row.endpoint_identifier),
  };
}

/** `name` rules: present and at most 255 characters. @throws ValidationError `{"name": [...]}` */
function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new ValidationError('Validation failed', { name: ["can't be blank"] });
  if (Array.from(trimmed).length > INTEGRATION_NAME_MAX_LENGTH) {
    throw new ValidationError('Validation failed', {
      name: [`is too long (maximum is ${INTEGRATION_NAME_MAX_LENGTH} characters)`],
    });
  }
  return trimmed;
}

function audit(
  ctx: ServiceContext,
  project: ProjectRow,
  row: AlertIntegrationRow,
  eventName: string,
  action: AuditEventInput['action'],
): void {
  recordAuditEvent(ctx, {
    entityType: 'Project',
    entityId: project.id,
    entityPath: projectFullPath(ctx.db, project),
    targetId: row.id,
    targetType: 'AlertManagement::HttpIntegration',
    targetDetails: row.name,
    action,
    extra: { event_name: eventName },
  });
}

/**
 * The integration, for a Maintainer.
 * @throws ForbiddenError below Maintainer; NotFoundError('Integration')
 */
function loadIntegration(ctx: ServiceContext, project: ProjectRow, id: number): AlertIntegrationRow {
  requireProjectAccess(ctx, project, AccessLevel.Maintainer);
  return foundOr404(findAlertIntegration(ctx.db, project.id, id), 'Integration');
}

/**
 * A page of the project's integrations, oldest first (Maintainer).
 * @throws ForbiddenError
 */
export function listProjectAlertIntegrations(
  ctx: ServiceContext,
  project: ProjectRow,
  limit: number,
  offset: number,
): { total: number; views: AlertIntegrationView[] } {
  requireProjectAccess(ctx, project, AccessLevel.Maintainer);
  return {
    total: countAlertIntegrations(ctx.db, project.id),
    views: listAlertIntegrations(ctx.db, project.id, limit, offset).map((r) => viewOf(ctx, project, r)),
  };
}

/** One integration (Maintainer). @throws ForbiddenError, NotFoundError('Integration') */
export function getProjectAlertIntegration(
  ctx: ServiceContext,
  project: ProjectRow,
  id: number,
): AlertIntegrationView {
  return viewOf(ctx, project, loadIntegration(ctx, project, id));
}

/**
 * Create an integration (Maintainer); `active` defaults to true.
 * @returns the view and the key (the only time it is shown).
 * @throws ForbiddenError, ValidationError (blank or too long name)
 */
export function createProjectAlertIntegration(
  ctx: ServiceContext,
  project: ProjectRow,
  input: CreateAlertIntegrationInput,
): AlertIntegrationWithToken {
  requireProjectAccess(ctx, project, AccessLevel.Maintainer);
  const name = checkName(input.name);
  const token = generateAlertIntegrationToken();
  const row = ctx.db.transaction(() => {
    const id = insertAlertIntegration(ctx.db, {
      project_id: project.id,
      name,
      active: input.active === false ? 0 : 1,
      endpoint_identifier: generateEndpointIdentifier(),
      token_digest: digestToken(token),
      created_at: nowIso(),
    });
    const created = findAlertIntegration(ctx.db, project.id, id)!;
    audit(ctx, project, created, 'http_integration_created', { add: 'HTTP integration' });
    return created;
  })();
  return { ...viewOf(ctx, project, row), token };
}

/**
 * Rename and/or (de)activate an integration (Maintainer); one audit event per changed attribute.
 * @throws ForbiddenError, NotFoundError('Integration'), ValidationError
 */
export function updateProjectAlertIntegration(
  ctx: ServiceContext,
  project: ProjectRow,
  id: number,
  input: UpdateAlertIntegrationInput,
): AlertIntegrationView {
  const row = loadIntegration(ctx, project, id);
  const changes: AlertIntegrationChanges = {};
  if (input.name !== undefined) {
    const name = checkName(input.name);
    if (name !== row.name) changes.name = name;
  }
  if (input.active !== undefined && (input.active ? 1 : 0) !== row.active)
    changes.active = input.active ? 1 : 0;
  if (Object.keys(changes).length === 0) return viewOf(ctx, project, row);
  const updated = ctx.db.transaction(() => {
    updateAlertIntegration(ctx.db, row.id, changes, nowIso());
    const after = findAlertIntegration(ctx.db, project.id, row.id)!;
    if (changes.name !== undefined) {
      audit(ctx, project, after, 'http_integration_updated', {
        change: 'name',
        from: row.name,
        to: after.name,
      });
    }
    if (changes.active !== undefined) {
      audit(ctx, project, after, 'http_integration_updated', {
        change: 'active',
        from: row.active === 1,
        to: after.active === 1,
      });
    }
    return after;
  })();
  return viewOf(ctx, project, updated);
}

/**
 * Replace the key (Maintainer); the old one stops working at once.
 * @returns the view and the new key (shown this once).
 * @throws ForbiddenError, NotFoundError('Integration')
 */
export function resetProjectAlertIntegrationToken(
  ctx: ServiceContext,
  project: ProjectRow,
  id: number,
): AlertIntegrationWithToken {
  const row = loadIntegration(ctx, project, id);
  const token = generateAlertIntegrationToken();
  const updated = ctx.db.transaction(() => {
    updateAlertIntegration(ctx.db, row.id, { token_digest: digestToken(token) }, nowIso());
    const after = findAlertIntegration(ctx.db, project.id, row.id)!;
    audit(ctx, project, after, 'http_integration_token_reset', {
      custom_message: 'Reset the authorization key of the HTTP integration',
    });
    return after;
  })();
  return { ...viewOf(ctx, project, updated), token };
}

/**
 * Delete an integration (Maintainer). Its alerts stay, without integration.
 * @throws ForbiddenError, NotFoundError('Integration')
 */
export function deleteProjectAlertIntegration(ctx: ServiceContext, project: ProjectRow, id: number): void {
  const row = loadIntegration(ctx, project, id);
  ctx.db.transaction(() => {
    deleteAlertIntegration(ctx.db, row.id);
    audit(ctx, project, row, 'http_integration_deleted', { remove: 'HTTP integration' });
  })();
}

/**
 * The id of the project holding integration `id`, without permission checks (the GraphQL mutations name
 * an integration by its global id only; the caller checks access on the project it then loads).
 */
export function alertIntegrationProjectId(ctx: ServiceContext, id: number): number | undefined {
  return findAlertIntegrationProjectId(ctx.db, id);
}
