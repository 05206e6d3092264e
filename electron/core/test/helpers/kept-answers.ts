/**
 * What tests of kept answers (http/actor-cache.ts, http/response-cache.ts) compare: the statements a
 * request answered from memory runs, and the pagination headers a kept answer must repeat exactly.
 */
import { WRITE_GENERATION_SQL } from '../../db/write-generation.js';

/** The statements of the write generation: all a repeated request with nothing written runs. */
export const GENERATION: readonly string[] = WRITE_GENERATION_SQL;

/** GitLab's pagination headers (http/pagination.ts). */
export const PAGE_HEADERS = [
  'x-total',
  'x-total-pages',
  'x-page',
  'x-per-page',
  'x-next-page',
  'x-prev-page',
  'link',
] as const;
