/**
 * What services need from the pipeline runner of their core (implemented by `runner/pipeline-runner.ts`):
 * where traces live, the change events, and ways to ask for processing or to stop a running job.
 */
import type { CiEvents } from '../../ci-events.js';

export interface CiRuntime {
  /** The core's data directory (traces are `<dataDir>/traces/<job id>.log`). */
  readonly dataDir: string;
  readonly events: CiEvents;
  /** Re-evaluate `pipelineId` (or every unfinished pipeline) and start ready jobs, soon. */
  schedule(pipelineId?: number): void;
  /**
   * Stop a job's process group if it runs here (SIGTERM, then SIGKILL). The caller has already written
   * the job's final status; the runner keeps it.
   */
  stopJob(jobId: number): void;
}
