import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { OutpostBridge, ProfileSummary } from '../../shared/ipc-contract.js';
import { setBridge } from '../src/api/bridge.js';
import { createInvalidatingMutationCache } from '../src/api/invalidation.js';
import { ActiveProfileProvider } from '../src/app/active-profile.js';
import { theme } from '../src/app/theme.js';

/** Options of {@link renderWithProviders}. */
export interface RenderOptions {
  /** Bridge the API client uses for this test (a fake, or the real browser host over HTTP). */
  bridge?: OutpostBridge;
  /** Active profile provided to screens; omit for components that don't need one. */
  profile?: ProfileSummary;
  /** Initial router location. Default `/`. */
  route?: string;
  /** Wrap in a MemoryRouter (default true); pass false when `ui` brings its own RouterProvider. */
  withRouter?: boolean;
  /** Supply a client to inspect the cache; default a fresh one per render. */
  queryClient?: QueryClient;
}

/**
 * A QueryClient for tests: no retries, no garbage-collection timers left running; mutations invalidate
 * what they declare in `meta.invalidates`, as in the app.
 */
export function createTestQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: createInvalidatingMutationCache(() => client),
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}

/**
 * Render `ui` the way the app does: Mantine (`env="test"`: no transitions, no portals), a fresh
 * QueryClient, notifications, a memory router and, when given, the active profile and bridge.
 */
export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions = {},
): RenderResult & { queryClient: QueryClient } {
  if (options.bridge) setBridge(options.bridge);
  const queryClient = options.queryClient ?? createTestQueryClient();
  const wrap = (children: ReactNode) =>
    options.profile ? (
      <ActiveProfileProvider profile={options.profile}>{children}</ActiveProfileProvider>
    ) : (
      children
    );
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <Notifications />
        {options.withRouter === false ? (
          wrap(ui)
        ) : (
          <MemoryRouter initialEntries={[options.route ?? '/']}>{wrap(ui)}</MemoryRouter>
        )}
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}
