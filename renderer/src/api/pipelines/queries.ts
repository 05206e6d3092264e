import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  Job,
  Pipeline,
  PipelineBasic,
  PipelineVariable,
  TestReport,
} from '../../../../shared/api-types/pipelines.js';
import type { Branch, Tag } from '../repository/types.js';
import { ApiError } from '../api-error.js';
import { apiGet, apiJson, apiPage, apiRequest, isSuccess } from '../client.js';
import { toPage, type Page } from '../pagination.js';
import { pipelineKeys, type PipelineListFilters } from './keys.js';
import { rememberPollInterval } from './poll-interval.js';

const JOBS_PER_PAGE = 100;
const JOBS_MAX_PAGES = 10;
/** Rows per page of the pipeline list. */
export const PIPELINES_PER_PAGE = 20;
/**
 * The unfiltered first page of the pipeline list: the durations chart reads this same query (same key),
 * so the list screen's first view asks `GET …/pipelines` once for both.
 */
export const RECENT_PIPELINE_FILTERS: PipelineListFilters = {
  scope: '',
  status: '',
  ref: '',
  username: '',
  page: 1,
  perPage: PIPELINES_PER_PAGE,
};
/**
 * At most this many `GET …/pipelines/:id` reads behind the durations chart (the list has no
 * `duration`; doc/api/pipelines.md). On a remote instance they are sent only when asked for.
 */
export const CHART_DETAIL_LIMIT = 10;

const base = (projectId: number) => `/projects/${projectId}`;

/**
 * `GET path` for a pipeline or a job, remembering the instance's `Poll-Interval` header for it (the
 * screens' polling pace, see ./poll-interval.ts); throws {@link ApiError} for non-2xx responses.
 */
async function getPolled<T extends object>(profileId: string, path: string): Promise<T> {
  const response = await apiRequest<T>({ method: 'GET', path, profileId });
  if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
  rememberPollInterval(response.body, response.headers['poll-interval']);
  return response.body;
}

/** A branch or tag the Run pipeline form offers. */
export interface RefOption {
  name: string;
  kind: 'branch' | 'tag';
}

/** Query options for pipelines and jobs (doc/api/pipelines.md, doc/api/jobs.md). */
export const pipelineQueries = {
  /** One page of `GET /projects/:id/pipelines` with scope/status/ref/username filters, newest first. */
  list: (profileId: string, projectId: number, filters: PipelineListFilters) =>
    queryOptions({
      queryKey: pipelineKeys.list(profileId, projectId, filters),
      queryFn: async (): Promise<Page<PipelineBasic>> => {
        const response = await apiRequest<PipelineBasic[]>({
          method: 'GET',
          path: `${base(projectId)}/pipelines`,
          query: {
            scope: filters.scope || undefined,
            status: filters.status || undefined,
            ref: filters.ref || undefined,
            username: filters.username || undefined,
            page: filters.page,
            per_page: filters.perPage,
          },
          profileId,
        });
        if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
        const page = toPage(response);
        rememberPollInterval(page, response.headers['poll-interval']);
        return page;
      },
      placeholderData: keepPreviousData,
      staleTime: 5_000,
    }),

  /** `GET /projects/:id/pipelines/:pipeline_id` (duration, coverage, yaml_errors, user). */
  detail: (profileId: string, projectId: number, pipelineId: number) =>
    queryOptions({
      queryKey: pipelineKeys.detail(profileId, projectId, pipelineId),
      queryFn: () => getPolled<Pipeline>(profileId, `${base(projectId)}/pipelines/${pipelineId}`),
      staleTime: 5_000,
    }),

  /** Every job of a pipeline (latest attempts), following pages of 100. */
  pipelineJobs: (profileId: string, projectId: number, pipelineId: number) =>
    queryOptions({
      queryKey: pipelineKeys.pipelineJobs(profileId, projectId, pipelineId),
      queryFn: async (): Promise<Job[]> => {
        const jobs: Job[] = [];
        let page = 1;
        for (let i = 0; i < JOBS_MAX_PAGES; i += 1) {
          const result = await apiPage<Job>({
            method: 'GET',
            path: `${base(projectId)}/pipelines/${pipelineId}/jobs`,
            query: { per_page: JOBS_PER_PAGE, page },
            profileId,
          });
          jobs.push(...result.items);
          if (result.nextPage === null || result.items.length === 0) break;
          page = result.nextPage;
        }
        return jobs.sort((a, b) => a.id - b.id);
      },
      staleTime: 5_000,
    }),

  /** `GET …/pipelines/:pipeline_id/test_report`. */
  testReport: (profileId: string, projectId: number, pipelineId: number) =>
    queryOptions({
      queryKey: pipelineKeys.testReport(profileId, projectId, pipelineId),
      queryFn: () => apiGet<TestReport>(profileId, `${base(projectId)}/pipelines/${pipelineId}/test_report`),
      staleTime: 10_000,
    }),

  /** `GET …/pipelines/:pipeline_id/variables`. */
  variables: (profileId: string, projectId: number, pipelineId: number) =>
    queryOptions({
      queryKey: pipelineKeys.variables(profileId, projectId, pipelineId),
      queryFn: () =>
        apiGet<PipelineVariable[]>(profileId, `${base(projectId)}/pipelines/${pipelineId}/variables`),
      staleTime: 60_000,
    }),

  /** `GET /projects/:id/jobs/:job_id`. */
  job: (profileId: string, projectId: number, jobId: number) =>
    queryOptions({
      queryKey: pipelineKeys.job(profileId, projectId, jobId),
      queryFn: () => getPolled<Job>(profileId, `${base(projectId)}/jobs/${jobId}`),
      staleTime: 5_000,
    }),

  /** `GET /projects/:id/jobs/:job_id/trace`: the whole log as text ('' before the job ran). */
  trace: (profileId: string, projectId: number, jobId: number) =>
    queryOptions({
      queryKey: pipelineKeys.trace(profileId, projectId, jobId),
      queryFn: async (): Promise<string> => {
        const response = await apiRequest<unknown>({
          method: 'GET',
          path: `${base(projectId)}/jobs/${jobId}/trace`,
          profileId,
        });
        if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
        const body = response.body;
        if (typeof body === 'string') return body;
        return body === null || body === undefined ? '' : JSON.stringify(body);
      },
      staleTime: 1_000,
    }),

  /** `.gitlab-ci.yml` at `sha` as text, or null when the commit has none. */
  config: (profileId: string, projectId: number, sha: string) =>
    queryOptions({
      queryKey: pipelineKeys.config(profileId, projectId, sha),
      queryFn: async (): Promise<string | null> => {
        const response = await apiRequest<unknown>({
          method: 'GET',
          path: `${base(projectId)}/repository/files/.gitlab-ci.yml/raw`,
          query: { ref: sha },
          profileId,
        });
        if (response.status === 404) return null;
        if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
        return typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
      },
      staleTime: Infinity,
    }),

  /** Branches then tags matching `search` (20 of each), for the ref picker. */
  refs: (profileId: string, projectId: number, search: string) =>
    queryOptions({
      queryKey: pipelineKeys.refs(profileId, projectId, search),
      queryFn: async (): Promise<RefOption[]> => {
        const query = { search: search || undefined, per_page: 20 };
        const [branches, tags] = await Promise.all([
          apiJson<Branch[]>({
            method: 'GET',
            path: `${base(projectId)}/repository/branches`,
            query,
            profileId,
          }),
          apiGet<Tag[]>(profileId, `${base(projectId)}/repository/tags`, query),
        ]);
        return [
          ...branches.map((b) => ({ name: b.name, kind: 'branch' as const })),
          ...tags.map((t) => ({ name: t.name, kind: 'tag' as const })),
        ];
      },
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
};
