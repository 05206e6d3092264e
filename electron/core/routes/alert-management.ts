/**
 * Alert management over REST — an Outpost extension (GitLab configures integrations and reads alerts
 * through GraphQL); shapes in shared/api-types/alerts.ts, documented in docs/compatibility.md.
 *
 * HTTP endpoint integrations (Maintainer; the test alert Developer):
 * - `GET /projects/:id/alert_management/http_integrations` (paginated, oldest first)
 * - `POST /projects/:id/alert_management/http_integrations` (`name` required, `active` default true):
 *   201 with `url` and `token`, the only time the key is shown
 * - `GET|PUT|DELETE /projects/:id/alert_management/http_integrations/:integration_id` (PUT: `name`, `active`;
 *   DELETE: 204)
 * - `POST …/http_integrations/:integration_id/reset_token`: 200 with the new `token`
 * - `POST …/http_integrations/:integration_id/test`: body = an alert payload (JSON object; empty = a sample),
 *   processed exactly as the receiver would: 200 `[{"iid","title"}]`
 *
 * Alerts (Developer):
 * - `GET /projects/:id/alert_management/alerts`: `status`, `severity` (one value, an array or comma-separated),
 *   `search` (title, description, service, monitoring tool), `order_by` created_at (default) | updated_at |
 *   started_at | ended_at | events | severity | status, `sort` asc | desc (default desc) or `<order_by>_<asc|desc>`;
 *   paginated
 * - `GET /projects/:id/alert_management/alerts/counts`: `{all, open, triggered, acknowledged, resolved, ignored}`
 *   (`search`, `severity` as the list)
 * - `GET /projects/:id/alert_management/alerts/:alert_iid`: the alert with `payload` and `details`
 * - `PUT /projects/:id/alert_management/alerts/:alert_iid`: `status` required; 409 when reopening a resolved
 *   alert whose fingerprint another open alert holds
 *
 * Anonymous callers get 401, unreadable projects 404, too low a role 403.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  presentAlert,
  presentAlertDetail,
  presentAlertIntegration,
  presentAlertIntegrationWithToken,
  presentAlertNotifyResults,
  presentAlertStatusCounts,
} from '../entities/alerts.js';
import { alertPayloadOf, useAlertPayloadParser } from '../http/alert-intake.js';
import { gBool, gEnum, gString, gStringArray, parseParams } from '../http/validate.js';
import type { AlertOrder, AlertOrderColumn } from '../db/alerts.js';
import { findReadableProject } from '../services/access/project-access.js';
import {
  countProjectAlertsByStatus,
  getProjectAlert,
  listProjectAlerts,
  updateProjectAlertStatus,
} from '../services/alerts/alerts-service.js';
import {
  createProjectAlertIntegration,
  deleteProjectAlertIntegration,
  getProjectAlertIntegration,
  listProjectAlertIntegrations,
  resetProjectAlertIntegrationToken,
  updateProjectAlertIntegration,
} from '../services/alerts/http-integrations-service.js';
import { ALERT_SEVERITIES, ALERT_STATUSES } from '../services/alerts/payload-mapping.js';
import type { AlertSeverity, AlertStatus } from '../services/alerts/payload-mapping.js';
import { sendTestAlert } from '../services/alerts/receive-alert.js';
import { ParameterError } from '../services/errors.js';
import { intParam, pageOf, pathParam, sendPage } from './respond.js';

export interface AlertManagementRoutesOptions {
  /** Largest test alert payload in bytes (the receiver's limit). */
  payloadLimit: number;
}

const ORDER_COLUMNS = [
  'created_at',
  'updated_at',
  'started_at',
  'ended_at',
  'events',
  'severity',
  'status',
] as const satisfies readonly AlertOrderColumn[];

const INTEGRATIONS = '/projects/:id/alert_management/http_integrations';
const ALERTS = '/projects/:id/alert_management/alerts';

function projectOf(req: FastifyRequest) {
  return findReadableProject(req.svc, pathParam(req, 'id'));
}

/** Integer path parameter; 400 `<name> is invalid` otherwise (Grape's Integer coercion). */
function idParam(req: FastifyRequest, name: string): number {
  const id = intParam(req, name);
  if (Number.isNaN(id)) throw new ParameterError(`${name} is invalid`);
  return id;
}

/** A list filter of enum values: one value, an array or comma-separated. */
function enumList<T extends string>(
  raw: Record<string, unknown>,
  name: string,
  values: readonly T[],
): T[] | undefined {
  if (raw[name] === undefined || raw[name] === '') return undefined;
  const parsed = gStringArray().safeParse(raw[name]);
  if (!parsed.success) throw new ParameterError(`${name} is invalid`);
  const list = parsed.data.map((s) => s.toLowerCase());
  if (!list.every((s) => (values as readonly string[]).includes(s))) {
    throw new ParameterError(`${name} does not have a valid value`);
  }
  return list as T[];
}

/** `order_by` + `sort` (asc|desc), or `sort=<column>_<asc|desc>`; newest first by default. */
function orderOf(raw: Record<string, unknown>): AlertOrder {
  const p = parseParams({ order_by: gEnum(ORDER_COLUMNS).optional(), sort: gString().optional() }, raw);
  const sort = p.sort?.toLowerCase();
  if (sort === undefined || sort === 'asc' || sort === 'desc') {
    return { column: p.order_by ?? 'created_at', direction: sort ?? 'desc' };
  }
  const m = /^([a-z_]+)_(asc|desc)$/.exec(sort);
  const column = m?.[1] === 'event_count' ? 'events' : m?.[1];
  if (!m || !(ORDER_COLUMNS as readonly string[]).includes(column ?? '')) {
    throw new ParameterError('sort does not have a valid value');
  }
  return { column: column as AlertOrderColumn, direction: m[2] as 'asc' | 'desc' };
}

/** Registers the integration and alert routes (see the file comment for shapes and errors). */
export async function alertManagementRoutes(
  app: FastifyInstance,
  opts: AlertManagementRoutesOptions,
): Promise<void> {
  /** Integrations of the project, oldest first (Maintainer). */
  app.get(INTEGRATIONS, async (req, reply) => {
    const page = pageOf(req);
    const r = listProjectAlertIntegrations(req.svc, projectOf(req), page.perPage, page.offset);
    return sendPage(req, reply, page, r.total, r.views.map(presentAlertIntegration));
  });

  /** Create: 201 with `url` and `token`. */
  app.post(INTEGRATIONS, async (req, reply) => {
    const p = parseParams({ name: gString(), active: gBool().optional() }, req.gparams);
    const created = createProjectAlertIntegration(req.svc, projectOf(req), p);
    return reply.status(201).send(presentAlertIntegrationWithToken(created));
  });

  /** One integration, without its key. 404 `Integration Not Found`. */
  app.get(`${INTEGRATIONS}/:integration_id`, async (req) => {
    const id = idParam(req, 'integration_id');
    return presentAlertIntegration(getProjectAlertIntegration(req.svc, projectOf(req), id));
  });

  /** Rename and/or (de)activate: 200 with the integration. */
  app.put(`${INTEGRATIONS}/:integration_id`, async (req) => {
    const id = idParam(req, 'integration_id');
    const p = parseParams({ name: gString().optional(), active: gBool().optional() }, req.gparams);
    if (p.name === undefined && p.active === undefined) {
      throw new ParameterError('name, active are missing, at least one parameter must be provided');
    }
    return presentAlertIntegration(updateProjectAlertIntegration(req.svc, projectOf(req), id, p));
  });

  /** Delete: 204 (the integration's alerts stay). */
  app.delete(`${INTEGRATIONS}/:integration_id`, async (req, reply) => {
    const id = idParam(req, 'integration_id');
    deleteProjectAlertIntegration(req.svc, projectOf(req), id);
    return reply.status(204).send();
  });

  /** New key: 200 with the integration and `token`; the old key stops working. */
  app.post(`${INTEGRATIONS}/:integration_id/reset_token`, async (req) => {
    const id = idParam(req, 'integration_id');
    return presentAlertIntegrationWithToken(resetProjectAlertIntegrationToken(req.svc, projectOf(req), id));
  });

  /** The test alert takes a raw payload, parsed and limited as the receiver's. */
  await app.register(async (intake) => {
    useAlertPayloadParser(intake);
    intake.post(`${INTEGRATIONS}/:integration_id/test`, { bodyLimit: opts.payloadLimit }, async (req) => {
      const id = idParam(req, 'integration_id');
      return presentAlertNotifyResults(sendTestAlert(req.svc, projectOf(req), id, alertPayloadOf(req)));
    });
  });

  /** Alerts of the project (Developer), filtered, sorted and paginated. */
  app.get(ALERTS, async (req, reply) => {
    const page = pageOf(req);
    const raw = req.gparams;
    const p = parseParams({ search: gString().optional() }, raw);
    const r = listProjectAlerts(
      req.svc,
      projectOf(req),
      {
        statuses: enumList<AlertStatus>(raw, 'status', ALERT_STATUSES),
        severities: enumList<AlertSeverity>(raw, 'severity', ALERT_SEVERITIES),
        search: p.search || undefined,
        order: orderOf(raw),
      },
      page.perPage,
      page.offset,
    );
    const base = req.svc.externalUrl();
    return sendPage(
      req,
      reply,
      page,
      r.total,
      r.views.map((v) => presentAlert(v, base)),
    );
  });

  /** Alerts per status (Developer). */
  app.get(`${ALERTS}/counts`, async (req) => {
    const raw = req.gparams;
    const p = parseParams({ search: gString().optional() }, raw);
    return presentAlertStatusCounts(
      countProjectAlertsByStatus(req.svc, projectOf(req), {
        severities: enumList<AlertSeverity>(raw, 'severity', ALERT_SEVERITIES),
        search: p.search || undefined,
      }),
    );
  });

  /** One alert with its payload (Developer). 404 `Alert Not Found`. */
  app.get(`${ALERTS}/:alert_iid`, async (req) => {
    const iid = idParam(req, 'alert_iid');
    return presentAlertDetail(getProjectAlert(req.svc, projectOf(req), iid), req.svc.externalUrl());
  });

  /** Set the status: 200 with the alert. */
  app.put(`${ALERTS}/:alert_iid`, async (req) => {
    const iid = idParam(req, 'alert_iid');
    const p = parseParams({ status: gString() }, req.gparams);
    const status = p.status.toLowerCase();
    if (!(ALERT_STATUSES as readonly string[]).includes(status)) {
      throw new ParameterError('status does not have a valid value');
    }
    const view = updateProjectAlertStatus(req.svc, projectOf(req), iid, status as AlertStatus);
    return presentAlertDetail(view, req.svc.externalUrl());
  });
}
