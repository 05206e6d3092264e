/**
 * Labels (doc/api/labels.md, doc/api/group_labels.md; spec "Labels"): every route needs a signed-in caller.
 * - `GET /projects/:id/labels` (`with_counts`, `include_ancestor_groups` default true, `search`), paginated;
 *   `GET …/labels/:label_id` (id or title).
 * - `POST /projects/:id/labels` (`name`, `color` required; `description`, `priority`, `remove_on_close`):
 *   201; `409 {"message":"Label already exists"}`.
 * - `PUT …/labels/:label_id` (`new_name` or `color` required, `description`, `priority`, `remove_on_close`),
 *   `DELETE …/labels/:label_id` (204), `PUT …/labels/:label_id/promote`, `POST …/subscribe`/`unsubscribe`
 *   (304 when unchanged).
 * - Deprecated forms: `DELETE /projects/:id/labels` (`name`), `PUT /projects/:id/labels` (`name` or
 *   `label_id`), `PUT /projects/:id/labels/promote` (`name`).
 * - Group labels: `GET/POST /groups/:id/labels`, `GET/PUT/DELETE /groups/:id/labels/:label_id`, deprecated
 *   `PUT/DELETE /groups/:id/labels` with `name`, and `POST …/subscribe`/`unsubscribe`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { LabelRow } from '../db/labels.js';
import type { NamespaceRow } from '../db/namespaces.js';
import type { ProjectRow } from '../db/projects.js';
import { presentLabel } from '../entities/labels.js';
import { gBool, gInt, gString, parseParams } from '../http/validate.js';
import { findReadableGroup, findReadableProject } from '../services/access/project-access.js';
import { ParameterError } from '../services/errors.js';
import { createLabel } from '../services/labels/create-label.js';
import { deleteLabelIn } from '../services/labels/delete-label.js';
import { setLabelSubscription } from '../services/labels/label-subscription.js';
import { promoteLabel } from '../services/labels/promote-label.js';
import {
  findGroupLabel,
  findProjectLabel,
  groupLabelView,
  listGroupLabels,
  listProjectLabels,
  projectLabelView,
} from '../services/labels/read-labels.js';
import { updateLabelIn } from '../services/labels/update-label.js';
import { pageOf, pathParam, sendPage } from './respond.js';

/** `priority`: integer ≥ 0, or null / empty string to remove. */
const priorityParam = () => z.preprocess((v) => (v === '' ? null : v), gInt().nullable()).optional();

const createShape = {
  name: gString(),
  color: gString(),
  description: gString().optional(),
  priority: priorityParam(),
  remove_on_close: gBool().optional(),
};

const updateShape = {
  new_name: gString().optional(),
  color: gString().optional(),
  description: gString().optional(),
  priority: priorityParam(),
  remove_on_close: gBool().optional(),
};

const listShape = {
  with_counts: gBool().optional(),
  include_ancestor_groups: gBool().optional(),
  include_descendant_groups: gBool().optional(),
  search: gString().optional(),
};

type Place = { project: ProjectRow } | { group: NamespaceRow };

function view(req: FastifyRequest, place: Place, label: LabelRow) {
  return 'project' in place
    ? projectLabelView(req.svc, place.project, label)
    : groupLabelView(req.svc, place.group, label);
}

function findIn(req: FastifyRequest, place: Place, idOrTitle: string, includeAncestors: boolean): LabelRow {
  return 'project' in place
    ? findProjectLabel(req.svc, place.project, idOrTitle, includeAncestors)
    : findGroupLabel(req.svc, place.group, idOrTitle);
}

function update(req: FastifyRequest, place: Place, idOrTitle: string | null) {
  const p = parseParams(
    { ...updateShape, label_id: gString().optional(), name: gString().optional() },
    req.gparams,
  );
  let key = idOrTitle;
  if (key === null) {
    const given = [p.label_id, p.name].filter((v) => v !== undefined);
    if (given.length !== 1)
      throw new ParameterError(
        given.length === 0
          ? 'label_id, name are missing, exactly one parameter must be provided'
          : 'label_id, name are mutually exclusive',
      );
    key = given[0]!;
  }
  if (p.new_name === undefined && p.color === undefined)
    throw new ParameterError('new_name, color are missing, at least one parameter must be provided');
  const label = findIn(req, place, key, false);
  const updated = updateLabelIn(req.svc, place, label, p);
  return presentLabel(view(req, place, updated));
}

function subscribe(req: FastifyRequest, reply: FastifyReply, place: Place, subscribed: boolean) {
  const label = findIn(req, place, pathParam(req, 'label_id'), true);
  if (!setLabelSubscription(req.svc, label, subscribed)) return reply.status(304).send();
  return reply.status(201).send(presentLabel(view(req, place, label)));
}

export async function labelsRoutes(app: FastifyInstance): Promise<void> {
  const project = (req: FastifyRequest): Place => ({
    project: findReadableProject(req.svc, pathParam(req, 'id')),
  });
  const group = (req: FastifyRequest): Place => ({ group: findReadableGroup(req.svc, pathParam(req, 'id')) });

  for (const [prefix, placeOf] of [
    ['/projects/:id', project],
    ['/groups/:id', group],
  ] as const) {
    app.get(`${prefix}/labels`, async (req, reply) => {
      const place = placeOf(req);
      const page = pageOf(req);
      const p = parseParams(listShape, req.gparams);
      const all =
        'project' in place
          ? listProjectLabels(req.svc, place.project, p)
          : listGroupLabels(req.svc, place.group, p);
      const items = all.slice(page.offset, page.offset + page.perPage).map((v) => presentLabel(v));
      return sendPage(req, reply, page, all.length, items);
    });

    app.get(`${prefix}/labels/:label_id`, async (req) => {
      const place = placeOf(req);
      const p = parseParams({ include_ancestor_groups: gBool().optional() }, req.gparams);
      const label = findIn(req, place, pathParam(req, 'label_id'), p.include_ancestor_groups ?? true);
      return presentLabel(view(req, place, label));
    });

    app.post(`${prefix}/labels`, async (req, reply) => {
      const place = placeOf(req);
      const p = parseParams(createShape, req.gparams);
      const label = createLabel(req.svc, place, p);
      return reply.status(201).send(presentLabel(view(req, place, label)));
    });

    app.put(`${prefix}/labels/:label_id`, async (req) =>
      update(req, placeOf(req), pathParam(req, 'label_id')),
    );
    /** Deprecated: the label named by `label_id` or `name` in the parameters. */
    app.put(`${prefix}/labels`, async (req) => update(req, placeOf(req), null));

    app.delete(`${prefix}/labels/:label_id`, async (req, reply) => {
      const place = placeOf(req);
      deleteLabelIn(req.svc, place, findIn(req, place, pathParam(req, 'label_id'), false));
      return reply.status(204).send();
    });
    /** Deprecated: the label named by `name`. */
    app.delete(`${prefix}/labels`, async (req, reply) => {
      const place = placeOf(req);
      const p = parseParams({ name: gString() }, req.gparams);
      deleteLabelIn(req.svc, place, findIn(req, place, p.name, false));
      return reply.status(204).send();
    });

    app.post(`${prefix}/labels/:label_id/subscribe`, async (req, reply) =>
      subscribe(req, reply, placeOf(req), true),
    );
    app.post(`${prefix}/labels/:label_id/unsubscribe`, async (req, reply) =>
      subscribe(req, reply, placeOf(req), false),
    );
  }

  const promote = (req: FastifyRequest, idOrTitle: string) => {
    const proj = findReadableProject(req.svc, pathParam(req, 'id'));
    const label = findProjectLabel(req.svc, proj, idOrTitle, false);
    const promoted = promoteLabel(req.svc, proj, label);
    return presentLabel(projectLabelView(req.svc, proj, promoted), { promoted: true });
  };
  app.put('/projects/:id/labels/:label_id/promote', async (req) => promote(req, pathParam(req, 'label_id')));
  /** Deprecated: the label named by `name`. */
  app.put('/projects/:id/labels/promote', async (req) =>
    promote(req, parseParams({ name: gString() }, req.gparams).name),
  );
}
