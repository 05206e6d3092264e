/**
 * `GET /projects/:id/repository/archive[.format]` (doc/api/repositories.md "Get file archive";
 * lib/api/repositories.rb; Workhorse's `setArchiveHeaders`): `sha` (branch, tag or commit; default the
 * default branch), `path` (a folder or file of the tree), format in the path (`archive.zip`) or as the
 * `format` parameter: zip, tar, tar.gz (tgz, gz), tar.bz2 (tbz, tbz2, tb2, bz2); default tar.gz.
 *
 * 200 with the archive streamed from `git archive`; `Content-Disposition: attachment;
 * filename="<project>-<ref>-<sha>.<ext>"`, `Content-Type` application/zip (zip) or
 * application/octet-stream, `Content-Transfer-Encoding: binary`. A format GitLab's route doesn't match
 * is `404 Not Found` (no route); an unknown `sha` or `path` is `404 File Not Found`; a Guest of a private
 * project gets 403. Anonymous on public projects; `read_repository` tokens accepted.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { gString, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import { ARCHIVE_FORMATS, startProjectArchive } from '../services/repository/archive.js';
import { REPOSITORY_READ } from './branches.js';
import { pathParam } from './respond.js';

const PARAMS = {
  sha: gString().optional(),
  path: gString().optional(),
  format: gString().optional(),
};

async function sendArchive(req: FastifyRequest, reply: FastifyReply, pathFormat: string | undefined) {
  const p = parseParams(PARAMS, req.gparams);
  const format = pathFormat ?? p.format ?? 'tar.gz';
  const kind = ARCHIVE_FORMATS[format];
  // GitLab's route requirement doesn't match: the catch-all 404, before any lookup.
  if (!kind) return reply.status(404).send({ error: '404 Not Found' });
  const project = findReadableProject(req.svc, pathParam(req, 'id'));
  const archive = await startProjectArchive(req.svc, project, {
    sha: p.sha === '' ? undefined : p.sha,
    path: p.path === '' ? undefined : p.path,
    kind,
  });
  return reply
    .headers({
      'Content-Disposition': `attachment; filename="${archive.fileName.replace(/["\\\r\n]/g, '_')}"`,
      'Content-Transfer-Encoding': 'binary',
    })
    .type(kind === 'zip' ? 'application/zip' : 'application/octet-stream')
    .send(archive.stream);
}

/** Registers the archive routes (see the module comment). */
export async function repositoryArchiveRoutes(app: FastifyInstance): Promise<void> {
  app.get('/projects/:id/repository/archive', { config: REPOSITORY_READ }, async (req, reply) =>
    sendArchive(req, reply, undefined),
  );
  app.get('/projects/:id/repository/archive.:format', { config: REPOSITORY_READ }, async (req, reply) =>
    sendArchive(req, reply, pathParam(req, 'format')),
  );
}
