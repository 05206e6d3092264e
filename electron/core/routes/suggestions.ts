/**
 * Suggest Changes API (doc/api/suggestions.md; lib/api/suggestions.rb, GitLab 13.1+ for `batch_apply`,
 * 13.9+ for `commit_message`): every call needs a signed-in caller (`authenticate!`).
 * - `PUT /suggestions/:id/apply` (`commit_message` optional): 200 with the applied suggestion
 *   (`{id, from_line, to_line, appliable, applied, from_content, to_content}`); 404 `Suggestion is not
 *   applicable as the suggestion was not found.`; 403 without push access to the source branch; 400 with
 *   the reason it cannot apply.
 * - `PUT /suggestions/batch_apply` (`ids[]` or `ids=1,2`, `commit_message` optional): 200 with the array;
 *   404 `Suggestions are not applicable as one or more suggestions were not found.`; 403; 400 as above.
 * The rules live in services/merge-requests/suggestions.ts.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { gInt, gString, parseParams } from '../http/validate.js';
import { ParameterError } from '../services/errors.js';
import { applySuggestions } from '../services/merge-requests/suggestions.js';
import { pathParam } from './respond.js';

/** `ids`: an array of integers, `ids[]=1&ids[]=2`, a JSON array or `1,2` (CommaSeparatedToIntegerArray). */
const gIntArray = () =>
  z.preprocess((v) => {
    if (typeof v === 'string')
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    if (typeof v === 'number') return [v];
    if (v && typeof v === 'object' && !Array.isArray(v)) return Object.values(v);
    return v;
  }, z.array(gInt()));

export async function suggestionsRoutes(app: FastifyInstance): Promise<void> {
  app.put('/suggestions/batch_apply', async (req) => {
    const p = parseParams({ ids: gIntArray(), commit_message: gString().optional() }, req.gparams);
    return applySuggestions(req.svc, p.ids, p.commit_message, true);
  });

  app.put('/suggestions/:id/apply', async (req) => {
    const id = pathParam(req, 'id');
    if (!/^\d+$/.test(id)) throw new ParameterError('id is invalid');
    const p = parseParams({ commit_message: gString().optional() }, req.gparams);
    const [applied] = await applySuggestions(req.svc, [Number(id)], p.commit_message, false);
    return applied;
  });
}
