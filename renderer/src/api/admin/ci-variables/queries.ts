import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPage } from '../../client.js';
import type { Page } from '../../pagination.js';
import { ciVariableKeys } from './keys.js';
import type { CiVariable } from './types.js';

/** Page size used to read the whole variable list (GitLab's maximum `per_page`). */
const PER_PAGE = 100;
/** Safety stop: an instance has at most a few hundred variables (plan limit `ci_instance_level_variables`). */
const MAX_PAGES = 50;

/** Every page of `GET /admin/ci/variables`, concatenated in the instance's order. */
export async function fetchAllCiVariables(profileId: string): Promise<CiVariable[]> {
  const variables: CiVariable[] = [];
  let page: number | null = 1;
  for (let count = 0; page !== null && count < MAX_PAGES; count += 1) {
    const result: Page<CiVariable> = await apiPage<CiVariable>({
      method: 'GET',
      path: '/admin/ci/variables',
      query: { page, per_page: PER_PAGE },
      profileId,
    });
    variables.push(...result.items);
    page = result.nextPage;
  }
  return variables;
}

/** Query options for instance CI/CD variables (administrator only; 403 for everyone else). */
export const ciVariableQueries = {
  /** Every instance variable, all pages of `GET /admin/ci/variables`. */
  list: (profileId: string) =>
    queryOptions({
      queryKey: ciVariableKeys.list(profileId),
      queryFn: () => fetchAllCiVariables(profileId),
      staleTime: 30_000,
    }),
  /** `GET /admin/ci/variables/:key`. */
  detail: (profileId: string, key: string) =>
    queryOptions({
      queryKey: ciVariableKeys.detail(profileId, key),
      queryFn: () => apiGet<CiVariable>(profileId, `/admin/ci/variables/${encodeURIComponent(key)}`),
      staleTime: 30_000,
    }),
};
