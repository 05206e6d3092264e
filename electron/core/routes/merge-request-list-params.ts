/**
 * The merge request list parameters (spec "Merge requests" parameter table) validated in Grape's words,
 * including the mutual-exclusion errors (`author_id, author_username are mutually exclusive`). The
 * parameters are declared once in shared/merge-request-list-params.ts: the enums come from its value
 * lists, and `LIST_SHAPE` must produce exactly its `MergeRequestListParams` (checked at compile time).
 */
import { z } from 'zod';
import {
  MERGE_REQUEST_LIST_ORDERS,
  MERGE_REQUEST_LIST_SCOPES,
  MERGE_REQUEST_LIST_SORTS,
  MERGE_REQUEST_LIST_STATES,
  MERGE_REQUEST_LIST_VIEWS,
  MERGE_REQUEST_LIST_WIP,
  type MergeRequestListParams,
} from '../../../shared/merge-request-list-params.js';
import { gBool, gEnum, gInt, gString, gStringArray, parseParams } from '../http/validate.js';
import { ParameterError } from '../services/errors.js';

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
  state: gEnum(MERGE_REQUEST_LIST_STATES).default('all'),
  order_by: gEnum(MERGE_REQUEST_LIST_ORDERS).default('created_at'),
  sort: gEnum(MERGE_REQUEST_LIST_SORTS).default('desc'),
  milestone: gString().optional(),
  view: gEnum(MERGE_REQUEST_LIST_VIEWS).optional(),
  labels: gStringArray().optional(),
  with_labels_details: gBool().default(false),
  with_merge_status_recheck: gBool().default(false),
  created_after: dateParam().optional(),
  created_before: dateParam().optional(),
  updated_after: dateParam().optional(),
  updated_before: dateParam().optional(),
  scope: gEnum(MERGE_REQUEST_LIST_SCOPES).optional(),
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
  wip: gEnum(MERGE_REQUEST_LIST_WIP).optional(),
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

/** True when `A` and `B` have the same keys and are assignable both ways (so no optional key is extra). */
type Same<A, B> = [keyof A] extends [keyof B]
  ? [keyof B] extends [keyof A]
    ? [A] extends [B]
      ? [B] extends [A]
        ? true
        : false
      : false
    : false
  : false;
type Parsed = z.output<z.ZodObject<typeof LIST_SHAPE>>;
/** Compile-time check: the validator produces exactly the declared parameters, no more, no fewer. */
const DECLARED_ONCE: [
  Same<Parsed, MergeRequestListParams>,
  Same<NonNullable<Parsed['not']>, NonNullable<MergeRequestListParams['not']>>,
] = [true, true];
void DECLARED_ONCE;

function exclusive(raw: Record<string, unknown>, a: string, b: string): void {
  if (raw[a] !== undefined && raw[b] !== undefined)
    throw new ParameterError(`${a}, ${b} are mutually exclusive`);
}

/** @throws ParameterError */
export function parseListParams(raw: Record<string, unknown>): MergeRequestListParams {
  exclusive(raw, 'author_id', 'author_username');
  exclusive(raw, 'assignee_id', 'assignee_username');
  exclusive(raw, 'reviewer_id', 'reviewer_username');
  return parseParams(LIST_SHAPE, raw);
}
