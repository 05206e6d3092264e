import { randomUUID } from 'node:crypto';
import type {
  AuditEventsExportInput,
  ExportStartResult,
  ExportStatus,
} from '../../../shared/ipc-contract.js';
import { BridgeError } from '../bridge-error.js';
import type { ApiProxy } from '../proxy/api-proxy.js';
import { countAuditEvents, writeAuditExport } from './audit-export.js';
import { exportFileName, freeExportPath, type PickSavePath } from './destination.js';
import type { EmbeddedAuditPages } from './embedded-audit-pages.js';
import { openInFlightExports } from './in-flight.js';
import { ExportError } from './keyset-pages.js';

/** Export jobs run by the host (architecture.md: long work is a job with progress and a clean outcome). */
export interface ExportJobs {
  /**
   * Picks the destination (the injected save dialog, else a free name in the export folder), then
   * starts the export in the background and returns its id; `{ exportId: null }` when the user
   * dismissed the dialog. Errors: BridgeError `not_found` (profile), `internal` (the folder can't be
   * created).
   */
  start(input: AuditEventsExportInput): Promise<ExportStartResult>;
  /** The job's progress and outcome. Errors: BridgeError `not_found` for an unknown or forgotten id. */
  status(exportId: string): ExportStatus;
  /**
   * Stops a running job and resolves once its part file is gone (state `canceled`); a finished job
   * is returned unchanged. Errors: BridgeError `not_found`.
   */
  cancel(exportId: string): Promise<ExportStatus>;
  /** Cancels every running job and waits for them (host shutdown). */
  close(): Promise<void>;
}

/** Options of {@link createExportJobs}. */
export interface ExportJobsOptions {
  proxy: Pick<ApiProxy, 'request'>;
  /** The profile an export reads from: `profileId`, or the active one when absent. Throws `not_found`. */
  resolveProfileId: (profileId: string | undefined) => string;
  /** Save dialog (Electron). When absent, exports go to `exportDir` under a fresh name. */
  pickSavePath?: PickSavePath;
  /** Folder for exports without a dialog (browser host); created when missing. */
  exportDir: string;
  /**
   * `<appData>/host`: running exports are recorded there (exports/in-flight.ts) so the next start can
   * remove the part file of one the app was killed in the middle of. Absent: not recorded.
   */
  hostDir?: string;
  /** Finished jobs remembered for `status` (default 20; the oldest are forgotten first). */
  keepFinished?: number;
  /** Events per keyset page (default 100; tests use small pages). */
  pageSize?: number;
  /**
   * The embedded core's in-process pages (./embedded-audit-pages.ts); when it gives pages for the
   * export's profile they are written instead of walking the API. Absent: always the API.
   */
  embeddedPages?: EmbeddedAuditPages;
  now?: () => Date;
}

interface Job {
  status: ExportStatus;
  controller: AbortController;
  file: string;
  settled: Promise<void>;
}

/** A sentence for a failed export; unexpected errors are logged (name and message only) and summarized. */
export function describeExportFailure(err: unknown, file: string): string {
  if (err instanceof ExportError || err instanceof BridgeError) return err.message;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
    const reason: Record<string, string> = {
      ENOSPC: 'the disk is full',
      EACCES: 'permission denied',
      EPERM: 'permission denied',
      ENOENT: 'the folder no longer exists',
      EROFS: 'the disk is read-only',
    };
    return `Couldn’t write ${file}: ${reason[code] ?? code}.`;
  }
  console.error('outpost: export failed:', err instanceof Error ? `${err.name}: ${err.message}` : err);
  return 'Outpost hit an internal error while exporting. See the application log for details.';
}

/** The job registry behind the `export:*` channels. */
export function createExportJobs(options: ExportJobsOptions): ExportJobs {
  const { proxy, resolveProfileId, pickSavePath, exportDir } = options;
  const keepFinished = options.keepFinished ?? 20;
  const now = options.now ?? (() => new Date());
  const jobs = new Map<string, Job>();
  const inFlight = options.hostDir ? openInFlightExports(options.hostDir) : null;

  const find = (exportId: string): Job => {
    const job = jobs.get(exportId);
    if (!job)
      throw new BridgeError('not_found', 'That export is not known (it may be from before a restart).');
    return job;
  };
  const snapshot = (job: Job): ExportStatus => ({ ...job.status });

  const forgetOld = () => {
    const finished = [...jobs.values()].filter((job) => job.status.state !== 'running');
    for (const job of finished.slice(0, Math.max(0, finished.length - keepFinished))) {
      jobs.delete(job.status.exportId);
    }
  };

  const finish = (job: Job, outcome: Partial<ExportStatus> & Pick<ExportStatus, 'state'>) => {
    Object.assign(job.status, outcome, { finishedAt: now().toISOString() });
    forgetOld();
  };

  const running = (path: string) =>
    [...jobs.values()].some((job) => job.status.state === 'running' && job.file === path);

  return {
    async start(input) {
      const profileId = resolveProfileId(input.profileId);
      const suggestedName = exportFileName('audit-events', input.format, now());
      let file: string | null;
      if (pickSavePath) {
        file = await pickSavePath({ suggestedName, format: input.format });
        if (file === null) return { exportId: null };
      } else {
        try {
          file = await freeExportPath(exportDir, suggestedName, running);
        } catch (err) {
          throw new BridgeError('internal', describeExportFailure(err, exportDir));
        }
      }
      const exportId = randomUUID();
      const controller = new AbortController();
      const { signal } = controller;
      const job: Job = {
        status: {
          exportId,
          state: 'running',
          format: input.format,
          written: 0,
          expected: null,
          startedAt: now().toISOString(),
        },
        controller,
        file,
        settled: Promise.resolve(),
      };
      const target = file;
      const part = `${target}.part`;
      if (inFlight) {
        try {
          await inFlight.add(part);
        } catch (err) {
          throw new BridgeError('internal', describeExportFailure(err, part));
        }
      }
      const run = async () => {
        try {
          job.status.expected = await countAuditEvents(proxy, profileId, input.filters);
          signal.throwIfAborted();
          const source = await options.embeddedPages?.(profileId, input.filters, signal, input.format);
          signal.throwIfAborted();
          const { written } = await writeAuditExport({
            proxy,
            profileId,
            format: input.format,
            filters: input.filters,
            file: target,
            signal,
            ...(options.pageSize ? { pageSize: options.pageSize } : {}),
            ...(source ?? {}),
            onProgress: (count) => {
              job.status.written = count;
            },
          });
          finish(job, { state: 'done', written, file: target });
        } catch (err) {
          if (signal.aborted) finish(job, { state: 'canceled' });
          else finish(job, { state: 'failed', error: describeExportFailure(err, target) });
        }
        // The part file is renamed or removed by now: nothing for the next start to clean up.
        await inFlight?.remove(part).catch(() => undefined);
      };
      jobs.set(exportId, job);
      job.settled = run();
      return { exportId };
    },

    status(exportId) {
      return snapshot(find(exportId));
    },

    async cancel(exportId) {
      const job = find(exportId);
      if (job.status.state === 'running') {
        job.controller.abort();
        await job.settled;
      }
      return snapshot(job);
    },

    async close() {
      const active = [...jobs.values()].filter((job) => job.status.state === 'running');
      for (const job of active) job.controller.abort();
      await Promise.all(active.map((job) => job.settled));
    },
  };
}
