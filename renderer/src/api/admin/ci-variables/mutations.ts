import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api-error.js';
import { apiRequest, apiSend, isSuccess } from '../../client.js';
import { ciVariableKeys } from './keys.js';
import type { CiVariable, CreateCiVariableInput, UpdateCiVariableInput } from './types.js';

/** Variables of {@link useUpdateCiVariable}. */
export interface UpdateCiVariableVariables {
  key: string;
  input: UpdateCiVariableInput;
}

/** `POST /admin/ci/variables`; rejects with GitLab's per-field messages (`key`, `value`) on 400. */
export function createCiVariable(profileId: string, input: CreateCiVariableInput): Promise<CiVariable> {
  return apiSend<CiVariable>(profileId, 'POST', '/admin/ci/variables', input);
}

/** `PUT /admin/ci/variables/:key`; rejects with GitLab's per-field messages on 400. */
export function updateCiVariable(
  profileId: string,
  key: string,
  input: UpdateCiVariableInput,
): Promise<CiVariable> {
  return apiSend<CiVariable>(profileId, 'PUT', `/admin/ci/variables/${encodeURIComponent(key)}`, input);
}

async function storeVariable(queryClient: QueryClient, profileId: string, variable: CiVariable) {
  queryClient.setQueryData(ciVariableKeys.detail(profileId, variable.key), variable);
  await queryClient.invalidateQueries({ queryKey: ciVariableKeys.list(profileId) });
}

/** Create a variable ({@link createCiVariable}); stores it and refreshes the list (awaited). */
export function useCreateCiVariable(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCiVariableInput) => createCiVariable(profileId, input),
    onSuccess: (variable) => storeVariable(queryClient, profileId, variable),
  });
}

/** Update a variable ({@link updateCiVariable}); stores it and refreshes the list (awaited). */
export function useUpdateCiVariable(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, input }: UpdateCiVariableVariables) => updateCiVariable(profileId, key, input),
    onSuccess: (variable) => storeVariable(queryClient, profileId, variable),
  });
}

/** `DELETE /admin/ci/variables/:key`; drops the detail and refreshes the list. */
export function useDeleteCiVariable(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: string) => {
      const response = await apiRequest({
        method: 'DELETE',
        path: `/admin/ci/variables/${encodeURIComponent(key)}`,
        profileId,
      });
      if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
    },
    onSuccess: async (_result, key) => {
      queryClient.removeQueries({ queryKey: ciVariableKeys.detail(profileId, key) });
      await queryClient.invalidateQueries({ queryKey: ciVariableKeys.list(profileId) });
    },
  });
}

/** One change of a `.env` import: create a new variable or update the value of an existing one. */
export type CiVariableImportStep =
  | { kind: 'create'; input: CreateCiVariableInput }
  | { kind: 'update'; key: string; input: UpdateCiVariableInput };

/** Outcome of one import step. */
export interface CiVariableImportResult {
  key: string;
  ok: boolean;
  error?: unknown;
}

/** Variables of {@link useImportCiVariables}. */
export interface ImportCiVariablesVariables {
  steps: CiVariableImportStep[];
  /** Called after every step, for a progress bar. */
  onProgress?: (done: number, result: CiVariableImportResult) => void;
}

function stepKey(step: CiVariableImportStep): string {
  return step.kind === 'create' ? step.input.key : step.key;
}

/**
 * Apply an import one request at a time (so the instance's order and limits hold, and progress is
 * exact). A failing step does not stop the others; the result lists each step's outcome. Refreshes
 * the variable list once at the end.
 */
export function useImportCiVariables(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ steps, onProgress }: ImportCiVariablesVariables) => {
      const results: CiVariableImportResult[] = [];
      for (const step of steps) {
        let result: CiVariableImportResult;
        try {
          const variable =
            step.kind === 'create'
              ? await createCiVariable(profileId, step.input)
              : await updateCiVariable(profileId, step.key, step.input);
          queryClient.setQueryData(ciVariableKeys.detail(profileId, variable.key), variable);
          result = { key: variable.key, ok: true };
        } catch (error) {
          result = { key: stepKey(step), ok: false, error };
        }
        results.push(result);
        onProgress?.(results.length, result);
      }
      return results;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ciVariableKeys.list(profileId) }),
  });
}
