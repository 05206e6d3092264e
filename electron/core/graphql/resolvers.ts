/**
 * Resolvers of the alert management GraphQL subset (schema.ts), over the same services as the REST
 * routes (services/alerts/*), with GitLab's GraphQL permission behaviour:
 * - `Query.project(fullPath)`: null when the project is missing or unreadable (GitLab's
 *   `Resolvers::ProjectResolver` + `authorize :read_project`).
 * - `alertManagementAlerts` / `alertManagementAlertStatusCounts`: Developer or above
 *   (`read_alert_management_alert`; doc/operations/incident_management/alerts.md "Users with at least the
 *   Developer role can access the Alert list"); below that an empty connection / zero counts, as GitLab's
 *   `AlertManagement::AlertsFinder` returns `Alert.none` when not authorized.
 * - `alertManagementHttpIntegrations`: null below Developer, no nodes for a Developer (each node is
 *   authorized with `admin_operations`, Maintainer), the list for a Maintainer
 *   (spec/requests/api/graphql/project/alert_management/http_integrations_spec.rb).
 * - Mutations: `updateAlertStatus` needs Developer (`update_alert_management_alert`), the integration
 *   mutations Maintainer (`admin_operations`); otherwise a top-level error with GitLab's
 *   `RESOURCE_ACCESS_ERROR` and a null payload (Gitlab::Graphql::Authorize::AuthorizeResource). Rule
 *   violations (a blank name, reopening an alert whose fingerprint is open elsewhere) come back in the
 *   payload's `errors`, as GitLab's services answer them.
 * Cursors are opaque (base64 of the offset). Page size: 100 at most, GitLab's `default_max_page_size`.
 */
import { GraphQLError } from 'graphql';
import { AccessLevel } from '../../../shared/access-levels.js';
import type { AlertOrder, AlertOrderColumn } from '../db/alerts.js';
import type { ProjectRow } from '../db/projects.js';
import type {
  AlertIntegrationView,
  AlertIntegrationWithToken,
  AlertStatusCountsResult,
  AlertView,
} from '../entities/alerts.js';
import { presentAlertDetail } from '../entities/alerts.js';
import {
  canReadProject,
  findProjectByIdOrPath,
  isAdmin,
  projectAccessLevel,
} from '../services/access/project-access.js';
import {
  countProjectAlertsByStatus,
  getProjectAlert,
  listProjectAlerts,
  updateProjectAlertStatus,
} from '../services/alerts/alerts-service.js';
import {
  alertIntegrationProjectId,
  createProjectAlertIntegration,
  deleteProjectAlertIntegration,
  getProjectAlertIntegration,
  listProjectAlertIntegrations,
  projectFullPath,
  resetProjectAlertIntegrationToken,
  updateProjectAlertIntegration,
} from '../services/alerts/http-integrations-service.js';
import type { AlertSeverity, AlertStatus } from '../services/alerts/payload-mapping.js';
import type { ServiceContext } from '../services/context.js';
import { ConflictError, NotFoundError, ValidationError } from '../services/errors.js';

/** What every resolver receives: the caller's service context. */
export interface GraphqlContext {
  svc: ServiceContext;
}

/** GitLab's message for a missing or forbidden resource (Gitlab::Graphql::Authorize::AuthorizeResource). */
export const RESOURCE_ACCESS_ERROR =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

/** Largest page (GitLab's `default_max_page_size`, config/initializers/graphql.rb: 100). */
export const MAX_PAGE_SIZE = 100;

const INTEGRATION_GID = 'gid://gitlab/AlertManagement::HttpIntegration/';

/** An error shown to the caller as it is (graphql-js keeps the message). */
function clientError(message: string): GraphQLError {
  return new GraphQLError(message);
}

function accessLevel(ctx: GraphqlContext, project: ProjectRow): number {
  const user = ctx.svc.actor.user;
  if (isAdmin(user)) return AccessLevel.Owner;
  return projectAccessLevel(ctx.svc.db, user, project);
}

/** The readable project at `fullPath` (`group/sub/project`), or null. */
function readableProject(ctx: GraphqlContext, fullPath: string): ProjectRow | null {
  if (!fullPath.includes('/')) return null;
  const project = findProjectByIdOrPath(ctx.svc.db, fullPath);
  if (!project || !canReadProject(ctx.svc.db, ctx.svc.actor.user, project)) return null;
  return project;
}

/** The project of a mutation, or the access error when missing, unreadable or below `level`. */
function projectForMutation(ctx: GraphqlContext, fullPath: string, level: number): ProjectRow {
  const project = readableProject(ctx, fullPath);
  if (!project || accessLevel(ctx, project) < level) throw clientError(RESOURCE_ACCESS_ERROR);
  return project;
}

/** `gid://gitlab/AlertManagement::HttpIntegration/7` → 7; anything else is an argument error. */
export function integrationIdOf(gid: unknown): number {
  if (typeof gid === 'string' && gid.startsWith(INTEGRATION_GID)) {
    const id = gid.slice(INTEGRATION_GID.length);
    if (/^[1-9]\d{0,15}$/.test(id)) return Number(id);
  }
  throw clientError(`${JSON.stringify(gid)} is not a valid Global ID`);
}

/** The offset an opaque cursor stands for; an unreadable cursor is an argument error. */
export function offsetOfCursor(cursor: string): number {
  const decoded = Buffer.from(cursor, 'base64').toString('utf8');
  const m = /^offset:(\d{1,9})$/.exec(decoded);
  if (!m) throw clientError('Please provide a valid cursor');
  return Number(m[1]);
}

export function cursorOfOffset(offset: number): string {
  return Buffer.from(`offset:${offset}`, 'utf8').toString('base64');
}

interface PageArgs {
  after?: string | null;
  before?: string | null;
  first?: number | null;
  last?: number | null;
}

/**
 * The window a connection's arguments ask for, as offset + limit over `total` rows (Relay's cursor
 * algorithm over offsets). `first`/`last` must be 0…100.
 */
export function pageWindow(args: PageArgs, total: number): { offset: number; limit: number } {
  for (const name of ['first', 'last'] as const) {
    const v = args[name];
    if (v !== undefined && v !== null && (v < 0 || v > MAX_PAGE_SIZE)) {
      throw clientError(`${name} must be between 0 and ${MAX_PAGE_SIZE}`);
    }
  }
  let start = args.after ? offsetOfCursor(args.after) + 1 : 0;
  let end = args.before ? Math.min(offsetOfCursor(args.before), total) : total;
  start = Math.min(start, end);
  if (args.first !== undefined && args.first !== null) end = Math.min(end, start + args.first);
  if (args.last !== undefined && args.last !== null) start = Math.max(start, end - args.last);
  if (args.first == null && args.last == null) end = Math.min(end, start + MAX_PAGE_SIZE);
  return { offset: start, limit: end - start };
}

function connection<T>(items: T[], offset: number, total: number) {
  const edges = items.map((node, i) => ({ cursor: cursorOfOffset(offset + i), node }));
  return {
    count: total,
    edges,
    nodes: items,
    pageInfo: {
      hasNextPage: offset + items.length < total,
      hasPreviousPage: offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

const SORTS: Record<string, AlertOrder> = {};
for (const [name, column] of [
  ['STARTED_AT', 'started_at'],
  ['ENDED_AT', 'ended_at'],
  ['CREATED_TIME', 'created_at'],
  ['UPDATED_TIME', 'updated_at'],
  ['EVENT_COUNT', 'events'],
  ['SEVERITY', 'severity'],
  ['STATUS', 'status'],
] as [string, AlertOrderColumn][]) {
  SORTS[`${name}_ASC`] = { column, direction: 'asc' };
  SORTS[`${name}_DESC`] = { column, direction: 'desc' };
}
SORTS.updated_desc = { column: 'updated_at', direction: 'desc' };
SORTS.updated_asc = { column: 'updated_at', direction: 'asc' };
SORTS.created_desc = { column: 'created_at', direction: 'desc' };
SORTS.created_asc = { column: 'created_at', direction: 'asc' };

const lower = <T extends string>(values: readonly string[] | null | undefined): T[] | undefined =>
  values && values.length > 0 ? values.map((v) => v.toLowerCase() as T) : undefined;

const upper = (value: string | null) => (value === null ? null : value.toUpperCase());

/** An alert as `AlertManagementAlert` (GitLab's alert_type.rb field names). */
export function alertNode(view: AlertView, baseUrl: string) {
  const d = presentAlertDetail(view, baseUrl);
  const runbook = d.payload.runbook;
  return {
    id: `gid://gitlab/AlertManagement::Alert/${d.id}`,
    iid: String(d.iid),
    title: d.title,
    description: d.description,
    severity: upper(d.severity),
    status: upper(d.status),
    service: d.service,
    monitoringTool: d.monitoring_tool,
    hosts: d.hosts,
    startedAt: d.started_at,
    endedAt: d.ended_at,
    eventCount: d.events,
    details: d.details,
    createdAt: d.created_at,
    updatedAt: d.updated_at,
    environment: d.environment
      ? { id: `gid://gitlab/Environment/${d.environment.id}`, name: d.environment.name }
      : null,
    webUrl: d.details_url,
    detailsUrl: d.details_url,
    runbook: typeof runbook === 'string' ? runbook : null,
  };
}

/** An integration as `AlertManagementHttpIntegration`; `token` only from create and reset. */
export function integrationNode(view: AlertIntegrationView | AlertIntegrationWithToken) {
  const i = view.integration;
  return {
    id: `${INTEGRATION_GID}${i.id}`,
    name: i.name,
    active: i.active === 1,
    type: 'HTTP',
    url: view.url,
    token: 'token' in view ? view.token : null,
    apiUrl: null,
  };
}

/** Messages of a rule the service refused, for a payload's `errors`. */
function ruleMessages(err: unknown): string[] | null {
  if (err instanceof ConflictError) return err.messages ?? [err.message];
  if (err instanceof ValidationError) {
    if (err.fields) {
      return Object.entries(err.fields).flatMap(([field, msgs]) =>
        msgs.map((m) => `${field[0]!.toUpperCase()}${field.slice(1)} ${m}`),
      );
    }
    return [err.message];
  }
  return null;
}

interface AlertsArgs extends PageArgs {
  iid?: string | null;
  statuses?: string[] | null;
  sort?: string | null;
  search?: string | null;
  severities?: string[] | null;
}

/** One project's fields (graphql-js calls each function with the field's arguments and the context). */
function projectNode(project: ProjectRow, ctx: GraphqlContext) {
  const fullPath = projectFullPath(ctx.svc.db, project);
  const base = ctx.svc.externalUrl();
  const canRead = () => accessLevel(ctx, project) >= AccessLevel.Developer;
  return {
    id: `gid://gitlab/Project/${project.id}`,
    fullPath,
    name: project.name,
    webUrl: `${base}/${fullPath}`,
    alertManagementAlerts: (args: AlertsArgs) => {
      if (!canRead()) return connection([], 0, 0);
      const filter = {
        statuses: lower<AlertStatus>(args.statuses),
        severities: lower<AlertSeverity>(args.severities),
        search: args.search?.trim() || undefined,
        order: SORTS[args.sort ?? ''] ?? { column: 'created_at', direction: 'desc' },
      };
      if (args.iid !== undefined && args.iid !== null) {
        // `iid` narrows to one alert (GitLab's AlertsFinder `by_iid`); other filters still apply.
        const iid = /^\d{1,15}$/.test(args.iid) ? Number(args.iid) : NaN;
        let view: AlertView | null = null;
        try {
          if (!Number.isNaN(iid)) view = getProjectAlert(ctx.svc, project, iid);
        } catch (err) {
          if (!(err instanceof NotFoundError)) throw err;
        }
        const a = view?.alert;
        const matches =
          a !== undefined &&
          (!filter.statuses || filter.statuses.includes(a.status)) &&
          (!filter.severities || filter.severities.includes(a.severity));
        return matches && view ? connection([alertNode(view, base)], 0, 1) : connection([], 0, 0);
      }
      const total = listProjectAlerts(ctx.svc, project, filter, 0, 0).total;
      const { offset, limit } = pageWindow(args, total);
      const views = limit > 0 ? listProjectAlerts(ctx.svc, project, filter, limit, offset).views : [];
      return connection(
        views.map((v) => alertNode(v, base)),
        offset,
        total,
      );
    },
    alertManagementAlertStatusCounts: (args: { search?: string | null; severities?: string[] | null }) => {
      const zero: AlertStatusCountsResult = {
        all: 0,
        open: 0,
        triggered: 0,
        acknowledged: 0,
        resolved: 0,
        ignored: 0,
      };
      if (!canRead()) return zero;
      return countProjectAlertsByStatus(ctx.svc, project, {
        search: args.search?.trim() || undefined,
        severities: lower<AlertSeverity>(args.severities),
      });
    },
    alertManagementHttpIntegrations: (args: PageArgs & { id?: string | null; types?: string[] | null }) => {
      const level = accessLevel(ctx, project);
      if (level < AccessLevel.Developer) return null;
      if (level < AccessLevel.Maintainer) return connection([], 0, 0);
      if (args.types && args.types.length > 0 && !args.types.includes('HTTP')) return connection([], 0, 0);
      if (args.id !== undefined && args.id !== null) {
        const id = integrationIdOf(args.id);
        try {
          return connection([integrationNode(getProjectAlertIntegration(ctx.svc, project, id))], 0, 1);
        } catch (err) {
          if (err instanceof NotFoundError) return connection([], 0, 0);
          throw err;
        }
      }
      const total = listProjectAlertIntegrations(ctx.svc, project, 0, 0).total;
      const { offset, limit } = pageWindow(args, total);
      const views = limit > 0 ? listProjectAlertIntegrations(ctx.svc, project, limit, offset).views : [];
      return connection(views.map(integrationNode), offset, total);
    },
  };
}

/** The project holding integration `id`, when the caller may administer it; else the access error. */
function integrationProject(ctx: GraphqlContext, id: number): ProjectRow {
  const projectId = alertIntegrationProjectId(ctx.svc, id);
  const project = projectId === undefined ? undefined : findProjectByIdOrPath(ctx.svc.db, String(projectId));
  if (
    !project ||
    !canReadProject(ctx.svc.db, ctx.svc.actor.user, project) ||
    accessLevel(ctx, project) < AccessLevel.Maintainer
  ) {
    throw clientError(RESOURCE_ACCESS_ERROR);
  }
  return project;
}

/** Runs a mutation's service call; rule violations become the payload's `errors`. */
function payloadOf<T>(clientMutationId: string | null | undefined, run: () => T, key: string) {
  try {
    return { clientMutationId: clientMutationId ?? null, errors: [], [key]: run() };
  } catch (err) {
    const messages = ruleMessages(err);
    if (messages) return { clientMutationId: clientMutationId ?? null, errors: messages, [key]: null };
    if (err instanceof NotFoundError) throw clientError(RESOURCE_ACCESS_ERROR);
    throw err;
  }
}

/** The root value: `Query` and `Mutation` fields. */
export const rootValue = {
  project: (args: { fullPath: string }, ctx: GraphqlContext) => {
    const project = readableProject(ctx, args.fullPath);
    return project ? projectNode(project, ctx) : null;
  },

  updateAlertStatus: (
    args: {
      input: { projectPath: string; iid: string; status: string; clientMutationId?: string | null };
    },
    ctx: GraphqlContext,
  ) => {
    const { input } = args;
    const project = projectForMutation(ctx, input.projectPath, AccessLevel.Developer);
    const iid = /^\d{1,15}$/.test(input.iid) ? Number(input.iid) : NaN;
    if (Number.isNaN(iid)) throw clientError(RESOURCE_ACCESS_ERROR);
    const base = ctx.svc.externalUrl();
    return payloadOf(
      input.clientMutationId,
      () =>
        alertNode(
          updateProjectAlertStatus(ctx.svc, project, iid, input.status.toLowerCase() as AlertStatus),
          base,
        ),
      'alert',
    );
  },

  httpIntegrationCreate: (
    args: {
      input: {
        projectPath: string;
        name: string;
        active: boolean;
        type?: string | null;
        clientMutationId?: string | null;
      };
    },
    ctx: GraphqlContext,
  ) => {
    const { input } = args;
    const project = projectForMutation(ctx, input.projectPath, AccessLevel.Maintainer);
    if (input.type === 'PROMETHEUS') {
      return {
        clientMutationId: input.clientMutationId ?? null,
        errors: ['Type is not supported'],
        integration: null,
      };
    }
    return payloadOf(
      input.clientMutationId,
      () =>
        integrationNode(
          createProjectAlertIntegration(ctx.svc, project, { name: input.name, active: input.active }),
        ),
      'integration',
    );
  },

  httpIntegrationUpdate: (
    args: {
      input: { id: string; name?: string | null; active?: boolean | null; clientMutationId?: string | null };
    },
    ctx: GraphqlContext,
  ) => {
    const { input } = args;
    const id = integrationIdOf(input.id);
    const project = integrationProject(ctx, id);
    return payloadOf(
      input.clientMutationId,
      () =>
        integrationNode(
          updateProjectAlertIntegration(ctx.svc, project, id, {
            ...(input.name !== undefined && input.name !== null ? { name: input.name } : {}),
            ...(input.active !== undefined && input.active !== null ? { active: input.active } : {}),
          }),
        ),
      'integration',
    );
  },

  httpIntegrationDestroy: (
    args: { input: { id: string; clientMutationId?: string | null } },
    ctx: GraphqlContext,
  ) => {
    const { input } = args;
    const id = integrationIdOf(input.id);
    const project = integrationProject(ctx, id);
    return payloadOf(
      input.clientMutationId,
      () => {
        const before = integrationNode(getProjectAlertIntegration(ctx.svc, project, id));
        deleteProjectAlertIntegration(ctx.svc, project, id);
        return before;
      },
      'integration',
    );
  },

  httpIntegrationResetToken: (
    args: { input: { id: string; clientMutationId?: string | null } },
    ctx: GraphqlContext,
  ) => {
    const { input } = args;
    const id = integrationIdOf(input.id);
    const project = integrationProject(ctx, id);
    return payloadOf(
      input.clientMutationId,
      () => integrationNode(resetProjectAlertIntegrationToken(ctx.svc, project, id)),
      'integration',
    );
  },
};
