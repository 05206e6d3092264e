/**
 * Notes and discussions of merge requests (doc/api/notes.md §Merge requests, doc/api/discussions.md
 * §Merge requests); every route needs a signed-in caller (spec Authentication 4).
 * - `GET/POST .../merge_requests/:iid/notes` (`sort` asc|desc default desc, `order_by` created_at|updated_at;
 *   `body` ≤ 1,000,000), `GET/PUT/DELETE .../notes/:note_id` (204);
 * - `GET/POST .../discussions` (`body`, `commit_id`, `position[...]` for a DiffNote, with
 *   `position[line_range][start|end][line_code|type|old_line|new_line]` for a multi-line one: a malformed
 *   range is 400 `position[line_range]… is invalid`),
 *   `GET/PUT .../discussions/:discussion_id` (`resolved`), `POST .../discussions/:discussion_id/notes`,
 *   `GET/PUT/DELETE .../discussions/:discussion_id/notes/:note_id` (`body` or `resolved`; 204).
 * A DiffNote's ```suggestion blocks are (re)read whenever its body is written (suggestions.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { presentDiscussion, presentNote } from '../entities/notes.js';
import type { NoteRow } from '../entities/notes.js';
import type { MergeRequestRow } from '../db/merge-requests.js';
import { gBool, gEnum, gInt, gString, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import type { ServiceContext } from '../services/context.js';
import { ParameterError } from '../services/errors.js';
import { findMergeRequest } from '../services/merge-requests/merge-request-access.js';
import {
  createDiscussion,
  createNote,
  deleteNote,
  findDiscussion,
  findNote,
  listDiscussions,
  listNotes,
  noteContext,
  replyToDiscussion,
  resolveDiscussion,
  updateNote,
} from '../services/merge-requests/notes.js';
import { syncNoteSuggestions } from '../services/merge-requests/suggestions.js';
import { intParam, pageOf, pathParam, sendPage } from './respond.js';

const MR = '/projects/:id/merge_requests/:merge_request_iid';

function load(req: FastifyRequest) {
  const project = findReadableProject(req.svc, pathParam(req, 'id'));
  const mr = findMergeRequest(req.svc, project, intParam(req, 'merge_request_iid'));
  return { project, mr };
}

const note = (ctx: ServiceContext, mr: MergeRequestRow, n: NoteRow) =>
  presentNote(n, noteContext(ctx, mr, [n]));
const discussion = (ctx: ServiceContext, mr: MergeRequestRow, notes: NoteRow[]) =>
  presentDiscussion(notes, noteContext(ctx, mr, notes));

/**
 * One end of `position[line_range]` (a multi-line DiffNote, GitLab 13.2+): `line_code` is GitLab's
 * `<sha1 of the path>_<old line>_<new line>`, `type` `new`/`old` (absent or null for an unchanged line),
 * `old_line`/`new_line` positive line numbers (integers or integer strings), at least one of them.
 */
const lineRangeEnd = z
  .object({
    line_code: gString().refine((v) => /^[0-9a-f]{40}_\d+_\d+$/.test(v)),
    type: gEnum(['new', 'old']).nullable().optional(),
    old_line: gInt()
      .refine((n) => n > 0)
      .nullable()
      .optional(),
    new_line: gInt()
      .refine((n) => n > 0)
      .nullable()
      .optional(),
  })
  .refine((e) => e.old_line != null || e.new_line != null);

export const positionShape = z.object({
  base_sha: gString(),
  start_sha: gString(),
  head_sha: gString(),
  position_type: gEnum(['text', 'image']),
  new_path: gString().optional(),
  old_path: gString().optional(),
  new_line: gInt().nullable().optional(),
  old_line: gInt().nullable().optional(),
  width: gInt().optional(),
  height: gInt().optional(),
  x: gInt().optional(),
  y: gInt().optional(),
  line_range: z.object({ start: lineRangeEnd, end: lineRangeEnd }).optional(),
});

/** `body` or `resolved`, exactly one (Grape's `exactly_one_of`). */
function bodyOrResolved(raw: Record<string, unknown>): { body?: string; resolved?: boolean } {
  const p = parseParams({ body: gString().optional(), resolved: gBool().optional() }, raw);
  if (p.body === undefined && p.resolved === undefined)
    throw new ParameterError('body, resolved are missing, exactly one parameter must be provided');
  if (p.body !== undefined && p.resolved !== undefined)
    throw new ParameterError('body, resolved are mutually exclusive');
  return p;
}

export async function mergeRequestNotesRoutes(app: FastifyInstance): Promise<void> {
  app.get(`${MR}/notes`, async (req, reply) => {
    const { mr } = load(req);
    const p = parseParams(
      {
        sort: gEnum(['asc', 'desc']).default('desc'),
        order_by: gEnum(['created_at', 'updated_at']).default('created_at'),
      },
      req.gparams,
    );
    const page = pageOf(req);
    const { total, rows } = listNotes(req.svc, mr, {
      sort: p.sort,
      orderBy: p.order_by,
      limit: page.perPage,
      offset: page.offset,
    });
    const c = noteContext(req.svc, mr, rows);
    return sendPage(
      req,
      reply,
      page,
      total,
      rows.map((n) => presentNote(n, c)),
    );
  });

  app.get(`${MR}/notes/:note_id`, async (req) => {
    const { mr } = load(req);
    return note(req.svc, mr, findNote(req.svc, mr, intParam(req, 'note_id')));
  });

  app.post(`${MR}/notes`, async (req, reply) => {
    const { project, mr } = load(req);
    const p = parseParams({ body: gString() }, req.gparams);
    return reply.status(201).send(note(req.svc, mr, createNote(req.svc, project, mr, p.body)));
  });

  app.put(`${MR}/notes/:note_id`, async (req) => {
    const { project, mr } = load(req);
    const n = findNote(req.svc, mr, intParam(req, 'note_id'));
    const p = parseParams({ body: gString() }, req.gparams);
    const updated = updateNote(req.svc, project, mr, n, { body: p.body });
    await syncNoteSuggestions(req.svc, mr, updated);
    return note(req.svc, mr, updated);
  });

  app.delete(`${MR}/notes/:note_id`, async (req, reply) => {
    const { project, mr } = load(req);
    deleteNote(req.svc, project, findNote(req.svc, mr, intParam(req, 'note_id')));
    return reply.status(204).send();
  });

  app.get(`${MR}/discussions`, async (req, reply) => {
    const { mr } = load(req);
    const page = pageOf(req);
    const all = listDiscussions(req.svc, mr);
    const items = all.slice(page.offset, page.offset + page.perPage);
    const c = noteContext(req.svc, mr, items.flat());
    return sendPage(
      req,
      reply,
      page,
      all.length,
      items.map((d) => presentDiscussion(d, c)),
    );
  });

  app.get(`${MR}/discussions/:discussion_id`, async (req) => {
    const { mr } = load(req);
    return discussion(req.svc, mr, findDiscussion(req.svc, mr, pathParam(req, 'discussion_id')));
  });

  app.post(`${MR}/discussions`, async (req, reply) => {
    const { project, mr } = load(req);
    const p = parseParams(
      { body: gString(), commit_id: gString().optional(), position: positionShape.optional() },
      req.gparams,
    );
    const notes = await createDiscussion(req.svc, project, mr, {
      body: p.body,
      commitId: p.commit_id,
      position: p.position,
    });
    for (const n of notes) await syncNoteSuggestions(req.svc, mr, n);
    return reply.status(201).send(discussion(req.svc, mr, notes));
  });

  app.put(`${MR}/discussions/:discussion_id`, async (req) => {
    const { project, mr } = load(req);
    const d = findDiscussion(req.svc, mr, pathParam(req, 'discussion_id'));
    const p = parseParams({ resolved: gBool() }, req.gparams);
    return discussion(req.svc, mr, resolveDiscussion(req.svc, project, mr, d, p.resolved));
  });

  app.post(`${MR}/discussions/:discussion_id/notes`, async (req, reply) => {
    const { project, mr } = load(req);
    const d = findDiscussion(req.svc, mr, pathParam(req, 'discussion_id'));
    const p = parseParams({ body: gString() }, req.gparams);
    const created = replyToDiscussion(req.svc, project, mr, d, p.body);
    await syncNoteSuggestions(req.svc, mr, created);
    return reply.status(201).send(note(req.svc, mr, created));
  });

  function discussionNote(req: FastifyRequest, mr: MergeRequestRow): NoteRow {
    const d = findDiscussion(req.svc, mr, pathParam(req, 'discussion_id'));
    const id = intParam(req, 'note_id');
    const n = d.find((x) => x.id === id);
    if (!n) return findNote(req.svc, { ...mr, id: -1 }, id); // throws 404 Not found
    return n;
  }

  /**
   * `GET …/discussions/:discussion_id/notes/:note_id`: the note (Entities::Note). As GitLab's `get_note`,
   * the note is looked up among the merge request's notes by id (`noteable.notes.find`), whatever the
   * discussion id says; `404 Not found` when the merge request has no such note.
   */
  app.get(`${MR}/discussions/:discussion_id/notes/:note_id`, async (req) => {
    const { mr } = load(req);
    return note(req.svc, mr, findNote(req.svc, mr, intParam(req, 'note_id')));
  });

  app.put(`${MR}/discussions/:discussion_id/notes/:note_id`, async (req) => {
    const { project, mr } = load(req);
    const n = discussionNote(req, mr);
    const p = bodyOrResolved(req.gparams);
    const updated = updateNote(req.svc, project, mr, n, p);
    if (p.body !== undefined) await syncNoteSuggestions(req.svc, mr, updated);
    return note(req.svc, mr, updated);
  });

  app.delete(`${MR}/discussions/:discussion_id/notes/:note_id`, async (req, reply) => {
    const { project, mr } = load(req);
    deleteNote(req.svc, project, discussionNote(req, mr));
    return reply.status(204).send();
  });
}
