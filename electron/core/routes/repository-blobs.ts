/**
 * Repository blobs (doc/api/repositories.md "Get a blob from repository", "Raw blob content";
 * lib/api/repositories.rb, `send_git_blob` in lib/api/helpers.rb and Workhorse's send-blob):
 * - `GET /projects/:id/repository/blobs/:sha`: `{"size", "encoding": "base64", "content", "sha"}`.
 * - `GET /projects/:id/repository/blobs/:sha/raw`: the bytes; `Content-Type` text/plain (UTF-8 text),
 *   application/octet-stream (other bytes), `Content-Disposition` inline (text) or attachment (other
 *   bytes; a blob has no file name), `X-Content-Type-Options: nosniff` and GitLab's no-cache headers.
 * Reads are open to anonymous callers on public projects and accept `read_repository` tokens; a Guest of
 * a private project gets 403. `404 Blob Not Found` for anything that is not a blob of the repository.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { looksBinary } from '../entities/repository-files.js';
import { findReadableProject } from '../services/access/project-access.js';
import { readProjectBlob } from '../services/repository/read-blob.js';
import type { BlobView } from '../services/repository/read-blob.js';
import { REPOSITORY_READ } from './branches.js';
import { pathParam } from './respond.js';

const BLOB = '/projects/:id/repository/blobs/:sha';

function blobOf(req: FastifyRequest): Promise<BlobView> {
  const project = findReadableProject(req.svc, pathParam(req, 'id'));
  return readProjectBlob(req.svc, project, pathParam(req, 'sha'));
}

/** Registers the blob routes (see the module comment). */
export async function repositoryBlobsRoutes(app: FastifyInstance): Promise<void> {
  /** The blob as JSON with its content in Base64. */
  app.get(BLOB, { config: REPOSITORY_READ }, async (req) => {
    const blob = await blobOf(req);
    return { size: blob.size, encoding: 'base64', content: blob.content.toString('base64'), sha: blob.sha };
  });

  /** The blob's bytes. */
  app.get(`${BLOB}/raw`, { config: REPOSITORY_READ }, async (req, reply) => {
    const blob = await blobOf(req);
    const binary = looksBinary(blob.content);
    return reply
      .headers({
        'Content-Disposition': binary ? 'attachment' : 'inline',
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'max-age=0, private, must-revalidate, no-store, no-cache',
        Pragma: 'no-cache',
        Expires: 'Fri, 01 Jan 1990 00:00:00 GMT',
      })
      .type(binary ? 'application/octet-stream' : 'text/plain; charset=utf-8')
      .send(blob.content);
  });
}
