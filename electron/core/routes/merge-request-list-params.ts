/**
 * The merge request list parameters (spec "Merge requests" parameter table) validated in Grape's words,
 * including the mutual-exclusion errors (`author_id, author_username are mutually exclusive`).
 */
import { z } from 'zod';
import { gBool, gEnum, gInt, gString, gStringArray, parseParams } from '../http/validate.js';
import { ParameterError } from '../services/errors.js';
import type { ListParams } from '../services/merge-requests/list-merge-requests.js';

const idOrPresence = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^(none|any)$/i.test(v) ? v.toLowerCase() : v),
    z.union([z.literal('none'), z.literal('any'), gInt()]),
  );

const idArrayOrPresence = () =>
  z.preprocess(
    (v) =>
      typeof v === 'string' && /^(none|any)$/i.test(v)
        ? v.toLowerCase()
        : Array.isArray(v)
          ? v.map(String)
          : typeof v === 'number'
            ? [String(v)]
            : v,
    z.union([z.literal('none'), z.literal('any'), gStringArray().pipe(z.array(z.string().regex(/^\d+$/)))]),
  );

const dateParam = () => gString().refine((s) => !Number.isNaN(Date.parse(s)), { message: 'invalid' });

export const LIST_SHAPE = {
  state: gEnum(['all', 'opened', 'closed', 'locked', 'merged'] as const).default('all'),
  order_by: gEnum(['created_at', 'updated_at'] as const).default('created_at'),
  sort: gEnum(['asc', 'desc'] as const).default('desc'),
  milestone: gString().optional(),
  view: gEnum(['simple'] as const).optional(),
  labels: gStringArray().optional(),
  with_labels_details: gBool().default(false),
  with_merge_status_recheck: gBool().default(false),
  created_after: dateParam().optional(),
  created_before: dateParam().optional(),
  updated_after: dateParam().optional(),
  updated_before: dateParam().optional(),
  scope: gEnum([
    'created_by_me',
    'assigned_to_me',
    'all',
    'created-by-me',
    'assigned-to-me',
  ] as const).optional(),
  author_id: gInt().optional(),
  author_username: gString().optional(),
  assignee_id: idOrPresence().optional(),
  assignee_username: gStringArray().optional(),
  reviewer_id: idOrPresence().optional(),
  reviewer_username: gString().optional(),
  approver_ids: idArrayOrPresence().optional(),
  approved_by_ids: idArrayOrPresence().optional(),
  my_reaction_emoji: gString().optional(),
  source_branch: gString().optional(),
  target_branch: gString().optional(),
  search: gString().optional(),
  in: gString().optional(),
  wip: gEnum(['yes', 'no'] as const).optional(),
  not: z
    .object({
      labels: gStringArray().optional(),
      milestone: gString().optional(),
      author_id: gInt().optional(),
      author_username: gString().optional(),
      assignee_id: gInt().optional(),
      assignee_username: gStringArray().optional(),
      reviewer_id: gInt().optional(),
      reviewer_username: gString().optional(),
      my_reaction_emoji: gString().optional(),
    })
    .optional(),
  environment: gString().optional(),
  deployed_before: dateParam().optional(),
  deployed_after: dateParam().optional(),
  iids: gStringArray()
    .pipe(z.array(z.string().regex(/^\d+$/)))
    .optional(),
};

function exclusive(raw: Record<string, unknown>, a: string, b: string): void {
  if (raw[a] !== undefined && raw[b] !== undefined)
    throw new ParameterError(`${a}, ${b} are mutually exclusive`);
}

/** @throws ParameterError */
export function parseListParams(raw: Record<string, unknown>): ListParams {
  exclusive(raw, 'author_id', 'author_username');
  exclusive(raw, 'assignee_id', 'assignee_username');
  exclusive(raw, 'reviewer_id', 'reviewer_username');
  return parseParams(LIST_SHAPE, raw);
}
