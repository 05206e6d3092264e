/**
 * Draft notes of merge requests (doc/api/draft_notes.md; lib/api/draft_notes.rb; GitLab 16.0+): every
 * route needs a signed-in caller and reads or writes only the caller's own drafts.
 * - `GET …/draft_notes` (the caller's, oldest first), `GET …/draft_notes/:draft_note_id` (404
 *   `Draft Note Not Found` for another's);
 * - `POST …/draft_notes` (`note`, `in_reply_to_discussion_id`, `commit_id`, `resolve_discussion`,
 *   `position[...]` as for discussions): 201 with the draft;
 * - `PUT …/draft_notes/:draft_note_id` (`note` required, 400 `Missing params to modify`; `position`);
 *   `DELETE …` 204;
 * - `PUT …/draft_notes/:draft_note_id/publish` 204; `POST …/draft_notes/bulk_publish` (optional summary
 *   `note`) 204.
 * The rules live in services/merge-requests/draft-notes.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { gBool, gString, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import {
  createDraftNote,
  deleteDraftNote,
  findDraftNote,
  listDraftNotes,
  presentDraftNote,
  publishAllDraftNotes,
  publishDraftNote,
  updateDraftNote,
} from '../services/merge-requests/draft-notes.js';
import { findMergeRequest } from '../services/merge-requests/merge-request-access.js';
import { positionShape } from './merge-request-notes.js';
import { intParam, pathParam } from './respond.js';

const DRAFTS = '/projects/:id/merge_requests/:merge_request_iid/draft_notes';

function load(req: FastifyRequest) {
  const project = findReadableProject(req.svc, pathParam(req, 'id'));
  const mr = findMergeRequest(req.svc, project, intParam(req, 'merge_request_iid'));
  return { project, mr };
}

export async function draftNotesRoutes(app: FastifyInstance): Promise<void> {
  app.get(DRAFTS, async (req) => {
    const { mr } = load(req);
    return listDraftNotes(req.svc, mr).map(presentDraftNote);
  });

  app.get(`${DRAFTS}/:draft_note_id`, async (req) => {
    const { mr } = load(req);
    return presentDraftNote(findDraftNote(req.svc, mr, intParam(req, 'draft_note_id')));
  });

  app.post(DRAFTS, async (req, reply) => {
    const { project, mr } = load(req);
    const p = parseParams(
      {
        note: gString(),
        in_reply_to_discussion_id: gString().optional(),
        commit_id: gString().optional(),
        resolve_discussion: gBool().optional(),
        position: positionShape.optional(),
      },
      req.gparams,
    );
    const draft = createDraftNote(req.svc, project, mr, {
      note: p.note,
      position: p.position,
      commitId: p.commit_id,
      resolveDiscussion: p.resolve_discussion,
      inReplyToDiscussionId: p.in_reply_to_discussion_id,
    });
    return reply.status(201).send(presentDraftNote(draft));
  });

  app.put(`${DRAFTS}/:draft_note_id`, async (req) => {
    const { mr } = load(req);
    const p = parseParams({ note: gString().optional(), position: positionShape.optional() }, req.gparams);
    const draft = findDraftNote(req.svc, mr, intParam(req, 'draft_note_id'));
    return presentDraftNote(updateDraftNote(req.svc, draft, p));
  });

  app.delete(`${DRAFTS}/:draft_note_id`, async (req, reply) => {
    const { mr } = load(req);
    deleteDraftNote(req.svc, findDraftNote(req.svc, mr, intParam(req, 'draft_note_id')));
    return reply.status(204).send();
  });

  app.put(`${DRAFTS}/:draft_note_id/publish`, async (req, reply) => {
    const { project, mr } = load(req);
    await publishDraftNote(req.svc, project, mr, findDraftNote(req.svc, mr, intParam(req, 'draft_note_id')));
    return reply.status(204).send();
  });

  app.post(`${DRAFTS}/bulk_publish`, async (req, reply) => {
    const { project, mr } = load(req);
    const p = parseParams({ note: gString().optional() }, req.gparams);
    await publishAllDraftNotes(req.svc, project, mr, p.note);
    return reply.status(204).send();
  });
}
