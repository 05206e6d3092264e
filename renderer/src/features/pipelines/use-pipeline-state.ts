import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { describeError } from '../../api/describe-error.js';
import { FINISHED_STATUSES } from '../../api/pipelines/change-events.js';
import { useDeletePipeline, usePipelineAction } from '../../api/pipelines/mutations.js';
import { pipelineQueries } from '../../api/pipelines/queries.js';
import { useIsPipelineWatched, usePipelineWatchStore } from '../../stores/pipeline-watch-store.js';
import { useLiveRefetch } from './live-refetch.js';
import { notifyPipelineFinished, prepareNotifications } from './notify-pipeline.js';
import { pipelinePaths } from './pipeline-paths.js';
import { isActiveStatus } from './pipeline-status.js';
import { usePipelinesProject } from './pipelines-context.js';
import { useNow } from './use-now.js';

/** The pipeline page's tabs (`?tab=`; none means `pipeline`). */
export type PipelineTab = 'pipeline' | 'tests' | 'variables';

/**
 * State of one pipeline's page: the pipeline and its jobs (polled live while it runs), the test
 * report and variables (loaded when their tab opens), retry/cancel/delete, and watching — a
 * notification when it finishes (from change events, or from the polled status on remote profiles).
 */
export function usePipelineState() {
  const { profileId, projectId, project } = usePipelinesProject();
  const pipelineId = Number(useParams().pipelineId);
  const [params, setParams] = useSearchParams();
  const tab = (
    ['tests', 'variables'].includes(params.get('tab') ?? '') ? params.get('tab') : 'pipeline'
  ) as PipelineTab;
  const navigate = useNavigate();
  const refetchInterval = useLiveRefetch(profileId);
  const pipeline = useQuery({ ...pipelineQueries.detail(profileId, projectId, pipelineId), refetchInterval });
  const active = pipeline.data ? isActiveStatus(pipeline.data.status) : false;
  const jobs = useQuery({
    ...pipelineQueries.pipelineJobs(profileId, projectId, pipelineId),
    refetchInterval: useLiveRefetch(profileId, () => active),
  });
  const tests = useQuery({
    ...pipelineQueries.testReport(profileId, projectId, pipelineId),
    enabled: tab === 'tests',
  });
  const variables = useQuery({
    ...pipelineQueries.variables(profileId, projectId, pipelineId),
    enabled: tab === 'variables',
  });
  const action = usePipelineAction(profileId, projectId, pipelineId);
  const remove = useDeletePipeline(profileId, projectId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const now = useNow(active ? 1000 : null);
  const watched = useIsPipelineWatched(profileId, pipelineId);
  const { pipelineWatched, pipelineUnwatched } = usePipelineWatchStore.getState();

  // Remote profiles have no change events: notify from the polled status instead.
  const lastStatus = useRef<string | null>(null);
  useEffect(() => {
    const status = pipeline.data?.status ?? null;
    const before = lastStatus.current;
    lastStatus.current = status;
    if (!status || !before || before === status || !FINISHED_STATUSES.has(status)) return;
    const watch = usePipelineWatchStore.getState().watched[`${profileId}:${pipelineId}`];
    if (!watch) return;
    pipelineUnwatched(profileId, pipelineId);
    void notifyPipelineFinished(watch, status).catch(() => undefined);
  }, [pipeline.data?.status, profileId, pipelineId, pipelineUnwatched]);

  const toggleWatch = async (ref: string) => {
    if (watched) {
      pipelineUnwatched(profileId, pipelineId);
      return;
    }
    const allowed = await prepareNotifications().catch(() => false);
    pipelineWatched({ profileId, projectId, pipelineId, projectName: project.name, ref });
    notifications.show({
      title: `Watching pipeline #${pipelineId}`,
      message: allowed
        ? 'You’ll get a notification when it finishes.'
        : 'Notifications are blocked for Outpost; allow them to be told when it finishes.',
      color: allowed ? 'blue' : 'orange',
    });
  };

  const doAction = (kind: 'retry' | 'cancel') =>
    action.mutate(kind, {
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: `Couldn’t ${kind} the pipeline`,
          message: describeError(error),
        }),
    });

  const deletePipeline = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => {
        setConfirmDelete(false);
        notifications.show({ color: 'green', message: `Pipeline #${id} deleted` });
        void navigate(pipelinePaths.list(projectId));
      },
    });

  const setTab = (value: string | null) =>
    setParams(value && value !== 'pipeline' ? { tab: value } : {}, { replace: true });

  return {
    profileId,
    projectId,
    tab,
    setTab,
    pipeline,
    jobs,
    tests,
    variables,
    action,
    doAction,
    remove,
    confirmDelete,
    setConfirmDelete,
    deletePipeline,
    now,
    watched,
    toggleWatch,
  };
}

/** What {@link usePipelineState} returns. */
export type PipelineState = ReturnType<typeof usePipelineState>;
