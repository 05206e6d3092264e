/**
 * Audit events for environment changes, recorded on the project in the same transaction as the change
 * (`environment_created`, `environment_updated`, `environment_stopped`, `environment_deleted`).
 */
import type { EnvironmentRow } from '../../db/environments.js';
import { findNamespaceById } from '../../db/namespaces.js';
import type { ProjectRow } from '../../db/projects.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { AuditEventInput } from '../audit/record-audit-event.js';
import type { ServiceContext } from '../context.js';

/** `group/project` of a project. */
export function projectFullPath(ctx: ServiceContext, project: ProjectRow): string {
  return `${findNamespaceById(ctx.db, project.namespace_id)?.full_path ?? ''}/${project.path}`;
}

/** Record one environment event with GitLab's detail shape (target: the environment). */
export function auditEnvironment(
  ctx: ServiceContext,
  project: ProjectRow,
  env: Pick<EnvironmentRow, 'id' | 'name'>,
  eventName: string,
  action: AuditEventInput['action'],
  customMessage?: string,
): void {
  recordAuditEvent(ctx, {
    entityType: 'Project',
    entityId: project.id,
    entityPath: projectFullPath(ctx, project),
    targetId: env.id,
    targetType: 'Environment',
    targetDetails: env.name,
    action,
    extra: customMessage
      ? { event_name: eventName, custom_message: customMessage }
      : { event_name: eventName },
  });
}
