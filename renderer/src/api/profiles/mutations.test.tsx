import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createFakeBridge, TEST_PROFILE } from '../../../test-utils/fake-bridge.js';
import { createTestQueryClient } from '../../../test-utils/render.js';
import { setBridge } from '../bridge.js';
import { projectKeys } from '../projects/keys.js';
import { userKeys } from '../users/keys.js';
import { useSetActiveProfile } from './mutations.js';

describe('useSetActiveProfile', () => {
  it("drops the previous profile's cached instance data and keeps the others", async () => {
    const remote = {
      ...TEST_PROFILE,
      id: 'remote-1',
      kind: 'remote' as const,
      url: 'https://gitlab.example.com',
      active: false,
    };
    const { bridge } = createFakeBridge(() => undefined, [TEST_PROFILE, remote]);
    setBridge(bridge);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(projectKeys.detail('embedded', 1), { id: 1 });
    queryClient.setQueryData(userKeys.current('embedded'), { id: 1 });
    queryClient.setQueryData(projectKeys.detail('remote-1', 9), { id: 9 });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSetActiveProfile(), { wrapper });

    await act(() => result.current.mutateAsync({ id: 'remote-1', previousId: 'embedded' }));

    expect(queryClient.getQueryData(projectKeys.detail('embedded', 1))).toBeUndefined();
    expect(queryClient.getQueryData(userKeys.current('embedded'))).toBeUndefined();
    expect(queryClient.getQueryData(projectKeys.detail('remote-1', 9))).toEqual({ id: 9 });
  });
});
