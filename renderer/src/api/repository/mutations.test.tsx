import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createFakeBridge, jsonResponse } from '../../../test-utils/fake-bridge.js';
import { createTestQueryClient } from '../../../test-utils/render.js';
import { ApiError } from '../api-error.js';
import { setBridge } from '../bridge.js';
import { repositoryKeys } from './keys.js';
import { useUpdateFile, useUpdateProtectedBranch } from './mutations.js';

const P = 'embedded';
const filters = { search: '', page: 1, perPage: 20 };

function seed(queryClient: QueryClient) {
  const keys = {
    tree: repositoryKeys.tree(P, 5, 'main', ''),
    file: repositoryKeys.file(P, 5, 'main', 'src/a.ts'),
    blame: repositoryKeys.blame(P, 5, 'main', 'src/a.ts'),
    commits: repositoryKeys.commitList(P, 5, 'main', { path: '', author: '', search: '' }),
    branches: repositoryKeys.branchList(P, 5, filters),
    tags: repositoryKeys.tagList(P, 5, { ...filters, orderBy: 'updated', sort: 'desc' }),
    protections: repositoryKeys.protectedBranchList(P, 5),
    otherProject: repositoryKeys.tree(P, 6, 'main', ''),
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { seeded: true });
  const invalidated = (key: readonly unknown[]) =>
    queryClient.getQueryCache().find({ queryKey: key, exact: true })?.state.isInvalidated;
  return { keys, invalidated };
}

function wrapperFor(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

describe('repository mutations', () => {
  it('a file edit sends the encoded path and last_commit_id and refreshes what a commit changes', async () => {
    const { bridge, requests } = createFakeBridge(() =>
      jsonResponse({ file_path: 'src/a.ts', branch: 'main' }),
    );
    setBridge(bridge);
    const queryClient = createTestQueryClient();
    const { keys, invalidated } = seed(queryClient);
    const { result } = renderHook(() => useUpdateFile(P, 5), { wrapper: wrapperFor(queryClient) });

    await act(() =>
      result.current.mutateAsync({
        path: 'src/a.ts',
        branch: 'topic',
        startBranch: 'main',
        content: 'x\n',
        commitMessage: 'Edit',
        lastCommitId: 'abc',
      }),
    );

    expect(requests[0]).toMatchObject({
      method: 'PUT',
      path: '/projects/5/repository/files/src%2Fa%2Ets',
      body: {
        branch: 'topic',
        start_branch: 'main',
        content: 'x\n',
        encoding: 'text',
        commit_message: 'Edit',
        last_commit_id: 'abc',
      },
    });
    for (const key of [keys.tree, keys.file, keys.blame, keys.commits, keys.branches]) {
      expect(invalidated(key)).toBe(true);
    }
    for (const key of [keys.tags, keys.protections, keys.otherProject]) expect(invalidated(key)).toBe(false);
  });

  it('a refused edit rejects with the instance status and invalidates nothing', async () => {
    const { bridge } = createFakeBridge(() =>
      jsonResponse({ message: 'You are not allowed to push into this branch' }, 403),
    );
    setBridge(bridge);
    const queryClient = createTestQueryClient();
    const { keys, invalidated } = seed(queryClient);
    const { result } = renderHook(() => useUpdateFile(P, 5), { wrapper: wrapperFor(queryClient) });

    const error = await act(() =>
      result.current
        .mutateAsync({ path: 'a', branch: 'main', content: '', commitMessage: 'm' })
        .catch((caught: unknown) => caught),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect(invalidated(keys.file)).toBe(false);
  });

  it('an access change updates the existing role entry by id', async () => {
    const { bridge, requests } = createFakeBridge(() =>
      jsonResponse({
        id: 1,
        name: 'release/*',
        push_access_levels: [{ id: 12, access_level: 0 }],
        merge_access_levels: [{ id: 13, access_level: 40 }],
        allow_force_push: false,
      }),
    );
    setBridge(bridge);
    const queryClient = createTestQueryClient();
    const { keys, invalidated } = seed(queryClient);
    const { result } = renderHook(() => useUpdateProtectedBranch(P, 5), {
      wrapper: wrapperFor(queryClient),
    });

    await act(() => result.current.mutateAsync({ name: 'release/*', push: { entryId: 12, accessLevel: 0 } }));

    expect(requests[0]).toMatchObject({
      method: 'PATCH',
      path: '/projects/5/protected_branches/release%2F*',
      body: { allowed_to_push: [{ id: 12, access_level: 0 }] },
    });
    expect(invalidated(keys.protections)).toBe(true);
    expect(invalidated(keys.branches)).toBe(true);
    expect(invalidated(keys.tree)).toBe(false);
  });
});
