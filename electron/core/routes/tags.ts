/**
 * Tags (doc/api/tags.md; spec "Tags"): `GET /projects/:id/repository/tags` (`order_by` name|updated,
 * `sort` asc|desc, `search`), `GET …/tags/:tag_name`, `POST …/tags` (`tag_name`, `ref`, `message`,
 * deprecated `release_description`; failures 405), `DELETE …/tags/:tag_name` (204), and the deprecated
 * `POST`/`PUT …/tags/:tag_name/release` (`description`). Reads work anonymously on public projects and
 * accept the `read_repository` scope. Tag names with slashes are URL-encoded in paths.
 */
import type { FastifyInstance } from 'fastify';
import { presentTag, presentTagRelease } from '../entities/tags.js';
import { gEnum, gString, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import { createTag } from '../services/tags/create-tag.js';
import { deleteTag } from '../services/tags/delete-tag.js';
import { findTag, listTags } from '../services/tags/list-tags.js';
import { createTagRelease, updateTagRelease } from '../services/tags/tag-releases.js';
import { REPOSITORY_READ } from './branches.js';
import { pageOf, pathParam, sendPage } from './respond.js';

/** Registers the tag and tag release routes (see the file comment for shapes and errors). */
export async function tagsRoutes(app: FastifyInstance): Promise<void> {
  /** List tags (default: most recently updated first), paginated. */
  app.get('/projects/:id/repository/tags', { config: REPOSITORY_READ }, async (req, reply) => {
    const page = pageOf(req);
    const p = parseParams(
      {
        order_by: gEnum(['name', 'updated'] as const).default('updated'),
        sort: gEnum(['asc', 'desc'] as const).default('desc'),
        search: gString().optional(),
      },
      req.gparams,
    );
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const r = await listTags(req.svc, project, {
      search: p.search,
      orderBy: p.order_by,
      sort: p.sort,
      limit: page.perPage,
      offset: page.offset,
    });
    return sendPage(
      req,
      reply,
      page,
      r.total,
      r.tags.map((t) => presentTag(t, r.projectWebUrl)),
    );
  });

  /** One tag; 404 `Tag Not Found`. */
  app.get('/projects/:id/repository/tags/:tag_name', { config: REPOSITORY_READ }, async (req) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const r = await findTag(req.svc, project, pathParam(req, 'tag_name'));
    return presentTag(r.tag, r.projectWebUrl);
  });

  /** Create a tag: 201 with the tag; 405 `{"message": …}` when creation fails. */
  app.post('/projects/:id/repository/tags', async (req, reply) => {
    const p = parseParams(
      {
        tag_name: gString(),
        ref: gString(),
        message: gString().optional(),
        release_description: gString().optional(),
      },
      req.gparams,
    );
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const r = await createTag(req.svc, project, p);
    return reply.status(201).send(presentTag(r.tag, r.projectWebUrl));
  });

  /** Delete a tag (and its release notes): 204. */
  app.delete('/projects/:id/repository/tags/:tag_name', async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    await deleteTag(req.svc, project, pathParam(req, 'tag_name'));
    return reply.status(204).send();
  });

  /** Add release notes: 201 `{tag_name, description}`; 409 `Release already exists`; 404 without the tag. */
  app.post('/projects/:id/repository/tags/:tag_name/release', async (req, reply) => {
    const p = parseParams({ description: gString() }, req.gparams);
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const r = await createTagRelease(req.svc, project, pathParam(req, 'tag_name'), p.description);
    return reply.status(201).send(presentTagRelease(r));
  });

  /** Replace release notes: 200 `{tag_name, description}`; 404 `Release does not exist`. */
  app.put('/projects/:id/repository/tags/:tag_name/release', async (req) => {
    const p = parseParams({ description: gString() }, req.gparams);
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    return presentTagRelease(
      await updateTagRelease(req.svc, project, pathParam(req, 'tag_name'), p.description),
    );
  });
}
