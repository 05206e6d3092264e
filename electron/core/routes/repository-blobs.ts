/**
 * Repository blobs (doc/api/repositories.md "Get a blob from repository", "Raw blob content";
 * lib/api/repositories.rb, `send_git_blob` in lib/api/helpers.rb and Workhorse's send-blob):
 * - `GET /projects/:id/repository/blobs/:sha`: `{"size", "encoding": "base64", "content", "sha"}`.
 * - `GET /projects/:id/repository/blobs/:sha/raw`: the bytes with Workhorse's sniffed `Content-Type` and
 *   `Content-Disposition` (services/repository/blob-content-type.ts: text as text/plain inline, images
 *   and PDFs inline, SVG and other bytes as attachments), `X-Content-Type-Options: nosniff` and GitLab's
 *   no-cache headers.
 * Reads are open to anonymous callers on public projects and accept `read_repository` tokens; a Guest of
 * a private project gets 403. `404 Blob Not Found` for anything that is not a blob of the repository.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findReadableProject } from '../services/access/project-access.js';
import { blobContentHeaders } from '../services/repository/blob-content-type.js';
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
    const sniffed = blobContentHeaders(blob.content);
    return reply
      .headers({
        'Content-Disposition': sniffed.disposition,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'max-age=0, private, must-revalidate, no-store, no-cache',
        Pragma: 'no-cache',
        Expires: 'Fri, 01 Jan 1990 00:00:00 GMT',
      })
      .type(sniffed.contentType)
      .send(blob.content);
  });
}
