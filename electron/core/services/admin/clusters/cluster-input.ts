/**
 * What the instance-cluster operations share (doc/api/instance_clusters.md; GitLab's Clusters::Cluster and
 * Clusters::Platforms::Kubernetes validations): input shapes, the validation-error collector, attribute
 * normalisation and the management-project check. The cluster API token is sealed with the core secret box
 * (purpose `TOKEN_PURPOSE`) before it reaches SQLite and is never returned, logged or audited.
 */
import type { AuthorizationType } from '../../../db/clusters.js';
import { findProjectById } from '../../../db/projects.js';
import type { ServiceContext } from '../../context.js';
import { ValidationError } from '../../errors.js';
import { MANAGEMENT_PROJECT_MESSAGE } from './cluster-rules.js';

/** Secret-box purpose of the token column. */
export const TOKEN_PURPOSE = 'clusters.platform_token';

/** How the client spelled the platform attributes; validation errors are keyed the same way. */
export type PlatformSpelling = 'platform_kubernetes' | 'platform_cluster';

/** `platform_kubernetes_attributes` (or `platform_cluster_attributes`) as the routes parsed them. */
export interface PlatformInput {
  api_url?: string;
  token?: string;
  ca_cert?: string | null;
  namespace?: string | null;
}

/** `POST /admin/clusters/add` parameters. */
export interface CreateClusterInput {
  name: string;
  domain?: string | null;
  environment_scope?: string;
  management_project_id?: number | null;
  enabled?: boolean;
  managed?: boolean;
  platform: PlatformInput & { api_url: string; token: string; authorization_type?: AuthorizationType };
  spelling: PlatformSpelling;
}

/** `PUT /admin/clusters/:cluster_id` parameters: every attribute optional. */
export interface UpdateClusterInput {
  name?: string;
  domain?: string | null;
  environment_scope?: string;
  management_project_id?: number | null;
  enabled?: boolean;
  managed?: boolean;
  platform?: PlatformInput;
  spelling: PlatformSpelling;
}

/** Collects model-validation errors in GitLab's `{"field": ["message"]}` form. */
export class Errors {
  readonly fields: Record<string, string[]> = {};
  add(field: string, messages: readonly string[]): void {
    if (messages.length === 0) return;
    (this.fields[field] ??= []).push(...messages);
  }
  throwIfAny(): void {
    if (Object.keys(this.fields).length > 0) throw new ValidationError('Validation failed', this.fields);
  }
}

/** Whitespace-trimmed, and blank → null (GitLab strips the CA and nullifies a blank namespace). */
export function normalizedCaCert(v: string | null | undefined): string | null {
  const s = v?.trim() ?? '';
  return s === '' ? null : s;
}

/** Whitespace-trimmed and lower-cased, and blank → null. */
export function normalizedNamespace(v: string | null | undefined): string | null {
  const s = v?.trim().toLowerCase() ?? '';
  return s === '' ? null : s;
}

/**
 * GitLab checks the management project before anything else and answers with that error alone.
 * @throws ValidationError `{"management_project_id": ["Project does not exist or …"]}`
 */
export function checkManagementProject(ctx: ServiceContext, id: number | null | undefined): void {
  if (id === undefined || id === null) return;
  if (!findProjectById(ctx.db, id)) {
    throw new ValidationError('Validation failed', { management_project_id: [MANAGEMENT_PROJECT_MESSAGE] });
  }
}
