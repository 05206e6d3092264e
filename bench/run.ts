/** `npm run bench`: runs every benchmark in turn and prints its figures. */
import { benchAlertIntake } from './alert-intake.js';
import { benchAuditExport } from './audit-export.js';
import { benchAuditEvents } from './audit-events.js';
import { benchCoreApi } from './core-api.js';
import { benchMergeRequestMerge } from './merge-request-merge.js';
import { benchMergeRequestList } from './merge-requests.js';
import { benchPipelineReads } from './pipelines.js';
import { benchRepositoryRead } from './repository-read.js';
import { benchStorageMove } from './storage-moves.js';

console.log(`Outpost benchmarks — node ${process.version}, ${new Date().toISOString()}`);
console.log('\n## core API');
await benchCoreApi();
console.log('\n## repository reads (this checkout, imported)');
await benchRepositoryRead();
console.log('\n## audit events (1,000,000 unless OUTPOST_BENCH_AUDIT_EVENTS)');
await benchAuditEvents();
console.log('\n## audit events export through the host (CSV; NDJSON too with OUTPOST_BENCH_EXPORT_NDJSON=1)');
await benchAuditExport();
console.log(
  '\n## alert intake (OUTPOST_BENCH_ALERTS payloads, default 5000, from OUTPOST_BENCH_ALERT_CLIENTS clients, default 4)',
);
await benchAlertIntake();
console.log(
  '\n## storage move of a generated repository (OUTPOST_BENCH_MOVE_COMMITS, default 2000) beside cp -r',
);
await benchStorageMove();
console.log('\n## merge requests: merge-status checks and merges (OUTPOST_BENCH_MERGES, default 20)');
await benchMergeRequestMerge();
console.log('\n## merge request lists (OUTPOST_BENCH_MRS, default 10,000; several filters)');
await benchMergeRequestList();
console.log(
  '\n## pipelines: reads with and without ETag hits, job exit → change event (OUTPOST_BENCH_PIPELINES, default 200)',
);
await benchPipelineReads();
