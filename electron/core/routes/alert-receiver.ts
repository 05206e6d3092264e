/**
 * The alert receiver, outside `/api/v4` (doc/operations/incident_management/integrations.md; GitLab's
 * `Projects::Alerting::NotificationsController`; spec "Alert receiver", Authentication rule 7):
 * `POST /<namespace>[/<subgroup>…]/<project>/alerts/notify/<name>/<endpoint_identifier>.json` (`.json` optional;
 * the name segment is not checked), `Content-Type: application/json`, `Authorization: Bearer <key>` or Basic
 * with the key as password. Personal access tokens play no part (`config.auth: 'none'`).
 *
 * `200 [{"iid":1,"title":"…"}]` on success. Rejections have an empty body, as GitLab's `head`: 413 over the
 * payload limit, 400 for another content type, malformed JSON, a non-object body or one nested deeper than
 * 100 levels, 403 for an unknown project or integration or an inactive integration, 401 for a wrong or
 * missing key, 400 for a resolving payload without an open alert. Nothing is stored on any of them.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { presentAlertNotifyResults } from '../entities/alerts.js';
import {
  NOT_OBJECT_MESSAGE,
  alertPayloadOf,
  presentedAlertKey,
  useAlertPayloadParser,
} from '../http/alert-intake.js';
import { errorResponse } from '../http/errors.js';
import { receiveAlertNotification } from '../services/alerts/receive-alert.js';
import { ValidationError } from '../services/errors.js';

/** Group levels a project may sit under (GitLab allows 20 nested levels of groups). */
export const MAX_NAMESPACE_DEPTH = 20;

export interface AlertReceiverOptions {
  /** Largest payload in bytes. */
  payloadLimit: number;
}

/** GitLab's route constraint for the endpoint identifier, with the optional `.json` format. */
const ENDPOINT_PATTERN = /^([A-Za-z0-9]+)(?:\.json)?$/;

/** Receiver rejections carry no body (GitLab answers with `head <status>`). */
function emptyBodyErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const [status] = errorResponse(err);
  if (status >= 500) req.log.error({ err }, 'alert notification failed');
  void reply.status(status).send();
}

/** Registers the receiver: one route per nesting depth (1 to 20 group levels above the project). */
export async function alertReceiverRoutes(app: FastifyInstance, opts: AlertReceiverOptions): Promise<void> {
  useAlertPayloadParser(app);

  const notify = async (req: FastifyRequest, reply: FastifyReply) => {
    const params = req.params as Record<string, string>;
    const endpoint = ENDPOINT_PATTERN.exec(params.endpoint ?? '');
    if (!endpoint) return reply.callNotFound();
    const segments: string[] = [];
    for (let i = 0; params[`p${i}`] !== undefined; i++) segments.push(params[`p${i}`]!);
    const payload = alertPayloadOf(req);
    if (!payload) throw new ValidationError(NOT_OBJECT_MESSAGE);
    const results = receiveAlertNotification(req.svc, {
      projectPath: segments.join('/'),
      endpointIdentifier: endpoint[1]!,
      key: presentedAlertKey(req),
      payload,
    });
    return reply.status(200).send(presentAlertNotifyResults(results));
  };

  for (let depth = 1; depth <= MAX_NAMESPACE_DEPTH; depth++) {
    const path = Array.from({ length: depth + 1 }, (_, i) => `:p${i}`).join('/');
    app.post(
      `/${path}/alerts/notify/:name/:endpoint`,
      { config: { auth: 'none' }, bodyLimit: opts.payloadLimit, errorHandler: emptyBodyErrors },
      notify,
    );
  }
}
