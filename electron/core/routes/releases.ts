/**
 * Releases (doc/api/releases/index.md; lib/api/releases.rb, lib/api/entities/release.rb; GitLab 18):
 * - `GET /projects/:id/releases` — paginated (X-Total, X-Page, Link…), `order_by` released_at (default)
 *   | created_at, `sort` desc (default) | asc; anyone who sees the project (`read_release`); `updated_before`/`updated_after` (ISO 8601); `include_html_description=true` adds
 *   `description_html` here and on the single release;
 * - `GET /projects/:id/releases/:tag_name` — `download_code` (403 for a Guest of a private project),
 *   404 `404 Not Found` without a release;
 * - `GET /projects/:id/releases/permalink/latest[/<suffix>]` — 302 to the latest release (by
 *   `released_at`) keeping the suffix and every query parameter but `order_by`; 404 without releases;
 * - `POST /projects/:id/releases` — `tag_name` (required), `name`, `description`, `ref` (creates the tag
 *   when missing), `tag_message`, `released_at` (ISO 8601; UTC when no zone), `milestones` (titles) or
 *   `milestone_ids`; 201; 409 `Release already exists`; 400 `Milestone(s) not found: …`; 422
 *   `Ref is not specified`;
 * - `PUT /projects/:id/releases/:tag_name` — `name`, `description`, `released_at`, milestones; 200;
 *   400 `params is empty`;
 * - `DELETE /projects/:id/releases/:tag_name` — 200 with the deleted release; the tag stays.
 * Create/update/delete need Developer or above (403); 403 too for a tag without a release (GitLab
 * authorises on the missing release). Tag names with slashes are URL-encoded in paths.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { presentRelease } from '../entities/releases.js';
import { gBool, gEnum, gInt, gString, gStringArray, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import { createRelease } from '../services/releases/create-release.js';
import { deleteProjectRelease } from '../services/releases/delete-release.js';
import {
  findLatestReleaseTag,
  findProjectRelease,
  listProjectReleases,
} from '../services/releases/list-releases.js';
import { updateProjectRelease } from '../services/releases/update-release.js';
import { pageOf, pathParam, sendPage } from './respond.js';

/**
 * Grape's DateTime for `released_at`: any ISO 8601 date-time (a missing zone means UTC, as GitLab's spec
 * "assumes the utc timezone"), answered as `2019-03-25T10:00:00.000Z`; `released_at is invalid` otherwise.
 */
function gReleasedAt() {
  return gString()
    .transform((v) => {
      const s = v.trim();
      const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(s) || !/\d{2}:\d{2}/.test(s) ? s : `${s}Z`;
      return Date.parse(zoned.replace(' ', 'T'));
    })
    .refine((ms) => !Number.isNaN(ms))
    .transform((ms) => new Date(ms).toISOString());
}

/**
 * Reads: anonymous on public projects; tokens with `api` or `read_api` (lib/api/api.rb's scopes; the
 * Releases API is not a repository route, so `read_repository` alone does not reach it).
 */
const RELEASES_READ = { auth: 'optional' } as const;

/** `milestone_ids`: `[1,2]`, `milestone_ids[]=1`, or `1,2`. */
function gIntArray() {
  return z.preprocess((v) => {
    if (typeof v === 'string' || typeof v === 'number')
      return String(v)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    if (v && typeof v === 'object' && !Array.isArray(v)) return Object.values(v);
    return v;
  }, z.array(gInt()));
}

const HTML_PARAMS = { include_html_description: gBool().optional() };

const LIST_PARAMS = {
  ...HTML_PARAMS,
  order_by: gEnum(['released_at', 'created_at'] as const).default('released_at'),
  sort: gEnum(['asc', 'desc'] as const).default('desc'),
  updated_before: gReleasedAt().optional(),
  updated_after: gReleasedAt().optional(),
};

const CREATE_PARAMS = {
  tag_name: gString(),
  name: gString().optional(),
  description: gString().optional(),
  ref: gString().optional(),
  tag_message: gString().optional(),
  released_at: gReleasedAt().optional(),
  milestones: gStringArray().optional(),
  milestone_ids: gIntArray().optional(),
  assets: z.object({ links: z.array(z.unknown()).optional() }).optional(),
};

const UPDATE_PARAMS = {
  name: gString().optional(),
  description: gString().optional(),
  released_at: gReleasedAt().optional(),
  milestones: gStringArray().optional(),
  milestone_ids: gIntArray().optional(),
};

/** The query string of `req` without `order_by` (the permalink keeps the rest). */
function queryWithoutOrderBy(req: FastifyRequest): string {
  const q = req.url.indexOf('?');
  if (q < 0) return '';
  const params = new URLSearchParams(req.url.slice(q + 1));
  params.delete('order_by');
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Registers the release routes (see the file comment for shapes and errors). */
export async function releasesRoutes(app: FastifyInstance): Promise<void> {
  /** List releases, paginated. */
  app.get('/projects/:id/releases', { config: RELEASES_READ }, async (req, reply) => {
    const page = pageOf(req);
    const p = parseParams(LIST_PARAMS, req.gparams);
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const r = await listProjectReleases(req.svc, project, {
      orderBy: p.order_by,
      sort: p.sort,
      limit: page.perPage,
      offset: page.offset,
      filter: { updatedBefore: p.updated_before, updatedAfter: p.updated_after },
    });
    return sendPage(
      req,
      reply,
      page,
      r.total,
      r.releases.map((v) =>
        presentRelease(v, { ...r.presentation, includeHtmlDescription: p.include_html_description }),
      ),
    );
  });

  /** 302 to the latest release, with the rest of the path and the query (but `order_by`). */
  const latest = async (req: FastifyRequest, suffix: string) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const tag = findLatestReleaseTag(req.svc, project);
    return `/api/v4/projects/${project.id}/releases/${encodeURIComponent(tag)}${suffix}${queryWithoutOrderBy(req)}`;
  };
  app.get('/projects/:id/releases/permalink/latest', { config: RELEASES_READ }, async (req, reply) =>
    reply.redirect(await latest(req, ''), 302),
  );
  app.get('/projects/:id/releases/permalink/latest/*', { config: RELEASES_READ }, async (req, reply) => {
    const suffix = pathParam(req, '*');
    return reply.redirect(await latest(req, suffix ? `/${suffix}` : ''), 302);
  });

  /** One release by tag name. */
  app.get('/projects/:id/releases/:tag_name', { config: RELEASES_READ }, async (req) => {
    const p = parseParams(HTML_PARAMS, req.gparams);
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const r = await findProjectRelease(req.svc, project, pathParam(req, 'tag_name'));
    return presentRelease(r.release, {
      ...r.presentation,
      includeHtmlDescription: p.include_html_description,
    });
  });

  /** Create a release (and its tag from `ref` when missing): 201 with the release. */
  app.post('/projects/:id/releases', async (req, reply) => {
    const p = parseParams(CREATE_PARAMS, req.gparams);
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const r = await createRelease(req.svc, project, {
      tag_name: p.tag_name,
      name: p.name,
      description: p.description,
      ref: p.ref,
      tag_message: p.tag_message,
      released_at: p.released_at,
      milestones: p.milestones,
      milestone_ids: p.milestone_ids,
      assetLinkCount: p.assets?.links?.length ?? 0,
    });
    return reply.status(201).send(presentRelease(r.release, r.presentation));
  });

  /** Update a release: 200 with the release. */
  app.put('/projects/:id/releases/:tag_name', async (req) => {
    const p = parseParams(UPDATE_PARAMS, req.gparams);
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const r = await updateProjectRelease(req.svc, project, pathParam(req, 'tag_name'), p);
    return presentRelease(r.release, r.presentation);
  });

  /** Delete a release (the tag stays): 200 with the release as it was. */
  app.delete('/projects/:id/releases/:tag_name', async (req) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const r = await deleteProjectRelease(req.svc, project, pathParam(req, 'tag_name'));
    return presentRelease(r.release, r.presentation);
  });
}
