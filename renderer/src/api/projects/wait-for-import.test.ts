import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createFakeBridge, jsonResponse } from '../../../test-utils/fake-bridge.js';
import { projectFixture } from '../../../test-utils/project-fixture.js';
import { setBridge } from '../bridge.js';
import { projectKeys } from './keys.js';
import { isImporting, waitForImport } from './wait-for-import.js';

describe('waitForImport', () => {
  it('polls the project until the import settles, then refreshes the lists', async () => {
    const states = ['started', 'started', 'finished'] as const;
    let calls = 0;
    const { bridge } = createFakeBridge((req) => {
      if (req.path !== '/projects/5') return undefined;
      const status = states[Math.min(calls++, states.length - 1)];
      return jsonResponse(projectFixture({ id: 5, import_status: status }));
    });
    setBridge(bridge);
    const queryClient = new QueryClient();
    queryClient.setQueryData(
      projectKeys.list('embedded', { search: '', page: 1, perPage: 20, orderBy: 'name', sort: 'asc' }),
      {
        items: [],
      },
    );
    const seen: string[] = [];
    const final = await waitForImport(
      queryClient,
      'embedded',
      projectFixture({ id: 5, import_status: 'scheduled' }),
      {
        intervalMs: 1,
        onUpdate: (project) => seen.push(project.import_status),
      },
    );
    expect(final.import_status).toBe('finished');
    expect(seen).toEqual(['started', 'started', 'finished']);
    expect(queryClient.getQueryData(projectKeys.detail('embedded', 5))).toMatchObject({
      import_status: 'finished',
    });
    expect(
      queryClient.getQueryCache().findAll({ queryKey: projectKeys.lists('embedded') })[0]?.state
        .isInvalidated,
    ).toBe(true);
  });

  it('stops when aborted and returns the last state', async () => {
    const { bridge } = createFakeBridge(() =>
      jsonResponse(projectFixture({ id: 5, import_status: 'started' })),
    );
    setBridge(bridge);
    const controller = new AbortController();
    controller.abort();
    const final = await waitForImport(
      new QueryClient(),
      'embedded',
      projectFixture({ id: 5, import_status: 'scheduled' }),
      {
        signal: controller.signal,
      },
    );
    expect(isImporting(final)).toBe(true);
  });
});
