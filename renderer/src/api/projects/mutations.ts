import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Visibility } from '../../../../shared/access-levels.js';
import type { Project } from '../../../../shared/api-types/projects.js';
import { apiJson } from '../client.js';
import { projectKeys } from './keys.js';

/** Body of `POST /projects` for a new, empty (or README-initialised) project. */
export interface CreateProjectInput {
  name: string;
  path: string;
  visibility: Visibility;
  description?: string;
  initialize_with_readme?: boolean;
  /** Omitted: the project goes into the current user's namespace. */
  namespace_id?: number;
}

/** Body of `POST /projects` that imports an existing repository from `import_url`. */
export interface ImportProjectInput {
  name: string;
  path: string;
  import_url: string;
  visibility?: Visibility;
  namespace_id?: number;
}

async function storeCreatedProject(
  queryClient: QueryClient,
  profileId: string,
  project: Project,
): Promise<void> {
  queryClient.setQueryData(projectKeys.detail(profileId, project.id), project);
  await queryClient.invalidateQueries({ queryKey: projectKeys.lists(profileId) });
}

/**
 * `POST /projects`. On success stores the new project as its detail and invalidates every project
 * list of the profile (awaited, so the submit button stays busy until the list is fresh).
 * Rejects with an ApiError carrying GitLab's per-field messages on 400/422.
 */
export function useCreateProject(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProjectInput) =>
      apiJson<Project>({ method: 'POST', path: '/projects', body: input, profileId }),
    onSuccess: (project) => storeCreatedProject(queryClient, profileId, project),
  });
}

/**
 * `POST /projects` with `import_url`: the instance creates the project and imports the repository
 * (`import_status` moves from `scheduled`/`started` to `finished` or `failed`). Same cache updates as
 * {@link useCreateProject}; follow the import with `projectQueries.detail`.
 */
export function useImportProject(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportProjectInput) =>
      apiJson<Project>({ method: 'POST', path: '/projects', body: input, profileId }),
    onSuccess: (project) => storeCreatedProject(queryClient, profileId, project),
  });
}
