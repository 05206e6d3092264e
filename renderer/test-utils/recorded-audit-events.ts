/**
 * Recorded audit event documents of the stand-in GitLab EE of renderer real-host tests, shared with the
 * node contract test that validates them against GitLab's own audit_event.json
 * (electron/core/test/contract/recorded-gitlab-schemas.test.ts). Pure data: no DOM, no Node.
 */
import type { AuditEvent } from '../../shared/audit-events.js';

/** An event as doc/api/audit_events.md "Retrieve all instance audit events" shows it (project 6, archived). */
export function recordedAuditEvent(id: number, createdAt: Date): AuditEvent {
  return {
    id,
    author_id: 1,
    entity_id: 6,
    entity_type: 'Project',
    details: {
      custom_message: 'Project archived',
      author_name: 'Administrator',
      author_email: 'admin@example.com',
      // The target's id, an integer. doc/api/audit_events.md's example shows the path here
      // ("flightjs/flight"), but GitLab's own response schema (ee/spec/fixtures/api/schemas/public_api/v4/
      // audit_event.json, 18.9) requires `details.target_id` to be an integer, as GitLab's specs assert.
      target_id: 6,
      target_type: 'Project',
      target_details: 'flightjs/flight',
      ip_address: '127.0.0.1',
      entity_path: 'flightjs/flight',
    },
    created_at: createdAt.toISOString(),
  };
}
