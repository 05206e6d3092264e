import { QueryClientProvider, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../../shared/ipc-contract.js';
import { createFakeBridge, jsonResponse, TEST_PROFILE } from '../../test-utils/fake-bridge.js';
import { createTestQueryClient } from '../../test-utils/render.js';
import { createQueryClient } from '../app/query-client.js';
import { alertIntegrationKeys, alertKeys } from './alerts/keys.js';
import { useUpdateAlertIntegration, useUpdateAlertStatus } from './alerts/mutations.js';
import { setBridge } from './bridge.js';
import { environmentKeys } from './environments/keys.js';
import { useEnvironmentAction } from './environments/mutations.js';
import { declaredInvalidations } from './invalidation.js';
import { labelKeys } from './labels/keys.js';
import { useCreateLabel } from './labels/mutations.js';
import { mergeRequestKeys } from './merge-requests/keys.js';
import {
  useCreateMergeRequest,
  useMergeMergeRequest,
  useRebaseMergeRequest,
} from './merge-requests/mutations.js';
import { pipelineKeys } from './pipelines/keys.js';
import { useDeletePipeline, useJobAction } from './pipelines/mutations.js';
import { profileKeys } from './profiles/keys.js';
import { useSetActiveProfile, useUpdateProfile } from './profiles/mutations.js';
import { projectKeys } from './projects/keys.js';
import { useDeleteProject, useUpdateProject } from './projects/mutations.js';
import { repositoryKeys } from './repository/keys.js';
import { useDeleteBranch } from './repository/mutations.js';

const P = 'embedded';

/**
 * Every key prefix a mutation of any area invalidated before invalidation became declarative (project 5,
 * merge request 7, pipeline 11, job 21), plus neighbours that must stay valid (project 6, other ids).
 */
const probes = {
  alerts: alertKeys.all(P, 5),
  alertDetail: alertKeys.detail(P, 5, 3),
  integrations: alertIntegrationKeys.list(P, 5),
  alertsOther: alertKeys.all(P, 6),
  environments: environmentKeys.project(P, 5),
  environmentsOther: environmentKeys.project(P, 6),
  labels: labelKeys.project(P, 5),
  labelsOther: labelKeys.project(P, 6),
  mrDetail: mergeRequestKeys.detail(P, 5, 7),
  mrOtherDetail: mergeRequestKeys.detail(P, 5, 8),
  mrLists: mergeRequestKeys.lists(P, 5),
  mrMine: mergeRequestKeys.lists(P, 'mine'),
  mrOtherProject: mergeRequestKeys.project(P, 6),
  pipelineLists: pipelineKeys.lists(P, 5),
  pipelineDetail: pipelineKeys.detail(P, 5, 11),
  pipelineOtherDetail: pipelineKeys.detail(P, 5, 12),
  jobs: pipelineKeys.jobs(P, 5),
  job: pipelineKeys.job(P, 5, 21),
  profiles: profileKeys.list(),
  projectLists: projectKeys.lists(P),
  projectDetail: projectKeys.detail(P, 5),
  otherProjectDetail: projectKeys.detail(P, 6),
  repository: repositoryKeys.all(P, 5),
  branches: repositoryKeys.branches(P, 5),
  commits: repositoryKeys.commits(P, 5),
  tags: repositoryKeys.tags(P, 5),
} satisfies Record<string, QueryKey>;
type Probe = keyof typeof probes;

/** Seeds one query under each probe prefix; `invalidated()` names the probes that were invalidated. */
function seed(queryClient: QueryClient) {
  const seeded = (name: Probe) => [...probes[name], 'seeded'];
  for (const name of Object.keys(probes) as Probe[]) queryClient.setQueryData(seeded(name), { name });
  return {
    invalidated: () =>
      (Object.keys(probes) as Probe[])
        .filter(
          (name) =>
            queryClient.getQueryCache().find({ queryKey: seeded(name), exact: true })?.state.isInvalidated,
        )
        .sort(),
    present: (name: Probe) => queryClient.getQueryData(seeded(name)) !== undefined,
  };
}

function setup(answer: (req: ApiRequest) => ApiResponse | undefined, queryClient = createTestQueryClient()) {
  const { bridge } = createFakeBridge(answer, [
    TEST_PROFILE,
    { ...TEST_PROFILE, id: 'remote-1', active: false },
  ]);
  setBridge(bridge);
  const probe = seed(queryClient);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper, ...probe };
}

describe('declaredInvalidations', () => {
  it('reads a list of keys, or a function of the result and variables', () => {
    expect(declaredInvalidations({ invalidates: [['a'], ['b', 1]] }, null, null, false)).toEqual([
      ['a'],
      ['b', 1],
    ]);
    const fn = (data: { id: number }, variables: string) => [[variables, data.id]];
    expect(declaredInvalidations({ invalidates: fn }, { id: 4 }, 'x', false)).toEqual([['x', 4]]);
    expect(declaredInvalidations(undefined, null, null, false)).toEqual([]);
  });

  it('invalidates nothing after a failure unless the mutation asks for it (a list only)', () => {
    expect(declaredInvalidations({ invalidates: [['a']] }, undefined, null, true)).toEqual([]);
    expect(
      declaredInvalidations({ invalidates: [['a']], invalidatesOnError: true }, undefined, null, true),
    ).toEqual([['a']]);
    expect(
      declaredInvalidations({ invalidates: () => [['a']], invalidatesOnError: true }, undefined, null, true),
    ).toEqual([]);
  });

  it("is part of the app's QueryClient", async () => {
    const { wrapper, invalidated } = setup(
      () => jsonResponse({ name: 'x', id: 1 }, 201),
      createQueryClient(),
    );
    const { result } = renderHook(() => useCreateLabel(P, 5), { wrapper });
    await act(() => result.current.mutateAsync({ name: 'x', color: '#fff' }));
    expect(invalidated()).toEqual(['labels', 'mrDetail', 'mrLists', 'mrOtherDetail'].sort());
  });
});

describe('each area invalidates what it did before', () => {
  it('alerts: a status change stores the detail and invalidates every list and count of the project', async () => {
    // updateAlertStatus as GitLab's GraphQL answers it (an AlertManagementAlert in the payload).
    const alert = {
      id: 'gid://gitlab/AlertManagement::Alert/9',
      iid: '3',
      title: 'Disk full',
      description: null,
      severity: 'HIGH',
      status: 'RESOLVED',
      service: null,
      monitoringTool: null,
      hosts: [],
      startedAt: '2026-01-01T00:00:00Z',
      endedAt: '2026-01-02T00:00:00Z',
      eventCount: 1,
      details: { a: 1 },
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-02T00:00:00Z',
      environment: null,
      detailsUrl: 'http://x/g/p/-/alert_management/3/details',
    };
    const { wrapper, invalidated, queryClient } = setup(() =>
      jsonResponse({ data: { updateAlertStatus: { alert, errors: [] } } }),
    );
    queryClient.setQueryData(alertKeys.detail(P, 5, 3), { iid: 3, status: 'triggered', payload: { a: 1 } });
    const { result } = renderHook(() => useUpdateAlertStatus(P, 5, 'g/p'), { wrapper });
    await act(() => result.current.mutateAsync({ iid: 3, status: 'resolved' }));
    expect(invalidated()).toEqual(['alertDetail', 'alerts']);
    expect(queryClient.getQueryData(alertKeys.detail(P, 5, 3))).toMatchObject({
      iid: 3,
      status: 'resolved',
      payload: { a: 1 },
    });
  });

  it('alerts: a refused integration edit rolls back and still invalidates the integration list', async () => {
    const { wrapper, invalidated, queryClient } = setup(() => jsonResponse({ message: 'Forbidden' }, 403));
    const listKey = alertIntegrationKeys.list(P, 5);
    queryClient.setQueryData(listKey, [{ id: 1, name: 'old', active: true }]);
    const { result } = renderHook(() => useUpdateAlertIntegration(P, 5), { wrapper });
    await act(() => result.current.mutateAsync({ id: 1, input: { name: 'new' } }).catch(() => undefined));
    expect(queryClient.getQueryData(listKey)).toEqual([{ id: 1, name: 'old', active: true }]);
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(invalidated()).toEqual(['integrations']);
  });

  it("environments: stopping one invalidates the project's environments", async () => {
    const { wrapper, invalidated } = setup(() => jsonResponse({ id: 2, state: 'stopped' }));
    const { result } = renderHook(() => useEnvironmentAction(P, 5), { wrapper });
    await act(() => result.current.mutateAsync({ environmentId: 2, action: 'stop' }));
    expect(invalidated()).toEqual(['environments']);
  });

  it("labels: a new label invalidates the project's labels and merge requests", async () => {
    const { wrapper, invalidated } = setup(() => jsonResponse({ id: 1, name: 'bug' }, 201));
    const { result } = renderHook(() => useCreateLabel(P, 5), { wrapper });
    await act(() => result.current.mutateAsync({ name: 'bug', color: '#f00' }));
    // mergeRequestKeys.project(P, 5) holds the detail, the lists and "mine" is another scope.
    expect(invalidated()).toEqual(['labels', 'mrDetail', 'mrLists', 'mrOtherDetail'].sort());
  });

  it('merge requests: create, merge and rebase invalidate what they did before', async () => {
    const { wrapper, invalidated, queryClient } = setup((req) =>
      req.path.endsWith('/rebase')
        ? jsonResponse({ rebase_in_progress: true }, 202)
        : jsonResponse({ iid: 7 }),
    );
    const { result } = renderHook(
      () => ({
        create: useCreateMergeRequest(P, 5),
        merge: useMergeMergeRequest(P, 5, 7),
        rebase: useRebaseMergeRequest(P, 5, 7),
      }),
      { wrapper },
    );
    await act(() =>
      result.current.create.mutateAsync({ source_branch: 'a', target_branch: 'main', title: 't' }),
    );
    expect(invalidated()).toEqual(['mrLists', 'mrMine']);

    queryClient.clear();
    const second = seed(queryClient);
    await act(() => result.current.merge.mutateAsync({}));
    expect(second.invalidated()).toEqual(
      ['mrDetail', 'mrLists', 'mrMine', 'pipelineLists', 'repository', 'branches', 'commits', 'tags'].sort(),
    );

    queryClient.clear();
    const third = seed(queryClient);
    await act(() => result.current.rebase.mutateAsync({}));
    expect(third.invalidated()).toEqual(['mrDetail']);
  });

  it("pipelines: a job action invalidates the job, its pipeline, the lists and the project's environments", async () => {
    const { wrapper, invalidated } = setup(() => jsonResponse({ id: 22, pipeline: { id: 11 } }, 201));
    const { result } = renderHook(() => useJobAction(P, 5), { wrapper });
    await act(() => result.current.mutateAsync({ jobId: 21, action: 'retry' }));
    expect(invalidated()).toEqual(['environments', 'job', 'pipelineDetail', 'pipelineLists'].sort());
  });

  it('pipelines: a deleted pipeline leaves the cache and the lists are invalidated', async () => {
    const { wrapper, invalidated, present } = setup(() => ({ status: 204, headers: {}, body: null }));
    const { result } = renderHook(() => useDeletePipeline(P, 5), { wrapper });
    await act(() => result.current.mutateAsync(11));
    expect(present('pipelineDetail')).toBe(false);
    expect(invalidated()).toEqual(['pipelineLists']);
  });

  it('profiles: a new token invalidates the profile scope and the list; a rename only the list', async () => {
    const { wrapper, invalidated, queryClient } = setup(() => undefined);
    const { result } = renderHook(() => ({ update: useUpdateProfile(), switchTo: useSetActiveProfile() }), {
      wrapper,
    });
    await act(() => result.current.update.mutateAsync({ id: P, name: 'Renamed' }));
    expect(invalidated()).toEqual(['profiles']);

    queryClient.clear();
    const second = seed(queryClient);
    await act(() => result.current.update.mutateAsync({ id: P, token: 'glpat-new' }));
    // Every probe but the profile list lives under the embedded profile's scope.
    expect(second.invalidated()).toEqual((Object.keys(probes) as Probe[]).sort());

    queryClient.clear();
    const third = seed(queryClient);
    await act(() => result.current.switchTo.mutateAsync({ id: 'remote-1', previousId: P }));
    expect(third.present('projectDetail')).toBe(false);
    expect(third.invalidated()).toEqual(['profiles']);
  });

  it('projects: an update stores the detail and invalidates the lists; a deletion drops the detail', async () => {
    const { wrapper, invalidated, queryClient, present } = setup(() =>
      jsonResponse({ id: 5, name: 'Renamed' }),
    );
    const { result } = renderHook(() => ({ update: useUpdateProject(P, 5), remove: useDeleteProject(P) }), {
      wrapper,
    });
    await act(() => result.current.update.mutateAsync({ name: 'Renamed' }));
    expect(queryClient.getQueryData(projectKeys.detail(P, 5))).toEqual({ id: 5, name: 'Renamed' });
    expect(invalidated()).toEqual(['projectLists']);

    queryClient.clear();
    const second = seed(queryClient);
    await act(() => result.current.remove.mutateAsync(5));
    expect(present('projectDetail')).toBe(false);
    expect(second.invalidated()).toEqual(['projectLists']);
  });

  it('repository: deleting a branch invalidates branches and commit lists', async () => {
    const { wrapper, invalidated } = setup(() => ({ status: 204, headers: {}, body: null }));
    const { result } = renderHook(() => useDeleteBranch(P, 5), { wrapper });
    await act(() => result.current.mutateAsync('topic'));
    expect(invalidated()).toEqual(['branches', 'commits']);
  });
});
