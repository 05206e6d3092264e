/** `npm run bench`: runs every benchmark in turn and prints its figures. */
import { benchAlertIntake } from './alert-intake.js';
import { benchAuditExport } from './audit-export.js';
import { benchAuditEvents } from './audit-events.js';
import { benchCoreApi } from './core-api.js';
import { benchRepositoryRead } from './repository-read.js';

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
