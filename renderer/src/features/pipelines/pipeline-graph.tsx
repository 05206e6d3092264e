import { ActionIcon, Paper, Skeleton, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPlayerPlay, IconRefresh, IconX } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Job } from '../../../../shared/api-types/pipelines.js';
import { describeError } from '../../api/describe-error.js';
import { useJobAction, type JobActionInput } from '../../api/pipelines/mutations.js';
import { pipelineQueries } from '../../api/pipelines/queries.js';
import { formatDuration } from './format-duration.js';
import { DEFAULT_METRICS, layoutNeedsGraph, parseCiGraphConfig } from './needs-graph.js';
import { pipelinePaths } from './pipeline-paths.js';
import { isActiveStatus } from './pipeline-status.js';
import { usePipelinesProject } from './pipelines-context.js';
import classes from './pipelines.module.css';
import { StatusIcon } from './status-badge.js';

/** The action a job card offers: play a manual job, cancel an active one, retry a finished one. */
export function jobActionFor(job: Pick<Job, 'status'>): JobActionInput['action'] | null {
  if (job.status === 'manual') return 'play';
  if (isActiveStatus(job.status)) return 'cancel';
  if (['failed', 'canceled', 'success'].includes(job.status)) return 'retry';
  return null;
}

/** Stage columns of job cards with `needs` edges (from `.gitlab-ci.yml` at the pipeline's commit). */
export function PipelineGraph({ jobs, sha }: { jobs: Job[]; sha: string }) {
  const { profileId, projectId } = usePipelinesProject();
  const config = useQuery(pipelineQueries.config(profileId, projectId, sha));
  const layout = useMemo(() => layoutNeedsGraph(jobs, parseCiGraphConfig(config.data)), [jobs, config.data]);
  const action = useJobAction(profileId, projectId);
  const run = (job: Job, kind: JobActionInput['action']) =>
    action.mutate(
      { jobId: job.id, action: kind },
      {
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: `Couldn’t ${kind} ${job.name}`,
            message: describeError(error),
          }),
      },
    );

  if (config.isPending) return <Skeleton height={160} />;
  const { cardWidth, cardHeight } = DEFAULT_METRICS;
  return (
    <Paper withBorder className={classes.graph} data-testid="pipeline-graph">
      <div className={classes.graphCanvas} style={{ width: layout.width, height: layout.height }}>
        <svg className={classes.edges} width={layout.width} height={layout.height} aria-hidden>
          {layout.edges.map((edge) => (
            <path key={`${edge.from}->${edge.to}`} d={edge.path} className={classes.edge} />
          ))}
        </svg>
        {layout.columns.map((column) => (
          <div
            key={column.stage}
            className={classes.stageTitle}
            style={{ left: column.x + 4, width: cardWidth }}
          >
            {column.stage}
          </div>
        ))}
        {layout.nodes.map(({ job, x, y }) => {
          const kind = jobActionFor(job);
          const Icon = kind === 'play' ? IconPlayerPlay : kind === 'cancel' ? IconX : IconRefresh;
          return (
            <div
              key={job.id}
              className={classes.jobCard}
              style={{ left: x, top: y, width: cardWidth, height: cardHeight }}
              data-testid="job-card"
              data-job-name={job.name}
              data-status={job.status}
            >
              <StatusIcon status={job.status} allowFailure={job.allow_failure} />
              <Link to={pipelinePaths.job(projectId, job.id)} className={classes.jobName} title={job.name}>
                {job.name}
              </Link>
              <span style={{ fontSize: 11, color: 'var(--mantine-color-dimmed)' }}>
                {job.duration !== null ? formatDuration(job.duration) : ''}
              </span>
              {kind ? (
                <Tooltip label={`${kind.charAt(0).toUpperCase() + kind.slice(1)} ${job.name}`} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    radius="xl"
                    size="md"
                    aria-label={`${kind} ${job.name}`}
                    loading={action.isPending && action.variables?.jobId === job.id}
                    onClick={() => run(job, kind)}
                  >
                    <Icon size={15} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </div>
          );
        })}
      </div>
    </Paper>
  );
}
