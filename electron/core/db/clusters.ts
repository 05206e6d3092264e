/** Queries on `clusters` (instance-level clusters; the token column holds a sealed value). */
import type { Db } from './database.js';
import { updateRowById } from './partial-update.js';

export type ProviderType = 'user' | 'gcp' | 'aws';
export type AuthorizationType = 'rbac' | 'abac' | 'unknown_authorization';

export interface ClusterRow {
  id: number;
  user_id: number | null;
  name: string;
  cluster_type: 'instance_type';
  provider_type: ProviderType;
  platform_type: 'kubernetes';
  environment_scope: string;
  domain: string | null;
  enabled: number;
  managed: number;
  management_project_id: number | null;
  platform_api_url: string;
  platform_token_encrypted: string;
  platform_ca_cert: string | null;
  platform_namespace: string | null;
  platform_authorization_type: AuthorizationType;
  created_at: string;
  updated_at: string;
}

export type NewCluster = Omit<ClusterRow, 'id' | 'cluster_type' | 'platform_type' | 'updated_at'>;

/** Columns an update may change. */
export type ClusterChanges = Partial<
  Pick<
    ClusterRow,
    | 'name'
    | 'environment_scope'
    | 'domain'
    | 'enabled'
    | 'managed'
    | 'management_project_id'
    | 'platform_api_url'
    | 'platform_token_encrypted'
    | 'platform_ca_cert'
    | 'platform_namespace'
  >
>;

const CHANGEABLE: readonly (keyof ClusterChanges)[] = [
  'name',
  'environment_scope',
  'domain',
  'enabled',
  'managed',
  'management_project_id',
  'platform_api_url',
  'platform_token_encrypted',
  'platform_ca_cert',
  'platform_namespace',
];

export function countClusters(db: Db): number {
  return (db.prepare('SELECT count(*) AS n FROM clusters').get() as { n: number }).n;
}

/** A page of clusters, oldest first. */
export function listClusters(db: Db, limit: number, offset: number): ClusterRow[] {
  return db.prepare('SELECT * FROM clusters ORDER BY id LIMIT ? OFFSET ?').all(limit, offset) as ClusterRow[];
}

export function findClusterById(db: Db, id: number): ClusterRow | undefined {
  return db.prepare('SELECT * FROM clusters WHERE id = ?').get(id) as ClusterRow | undefined;
}

/** The cluster holding `scope`, other than `exceptId`. */
export function findClusterByEnvironmentScope(
  db: Db,
  scope: string,
  exceptId?: number,
): ClusterRow | undefined {
  return db
    .prepare('SELECT * FROM clusters WHERE environment_scope = ? AND id IS NOT ?')
    .get(scope, exceptId ?? null) as ClusterRow | undefined;
}

export function insertCluster(db: Db, c: NewCluster): number {
  const info = db
    .prepare(
      `INSERT INTO clusters (user_id, name, provider_type, environment_scope, domain, enabled, managed,
         management_project_id, platform_api_url, platform_token_encrypted, platform_ca_cert, platform_namespace,
         platform_authorization_type, created_at, updated_at)
       VALUES (@user_id, @name, @provider_type, @environment_scope, @domain, @enabled, @managed,
         @management_project_id, @platform_api_url, @platform_token_encrypted, @platform_ca_cert, @platform_namespace,
         @platform_authorization_type, @created_at, @created_at)`,
    )
    .run(c);
  return Number(info.lastInsertRowid);
}

export function updateCluster(db: Db, id: number, changes: ClusterChanges, at: string): void {
  updateRowById(db, 'clusters', CHANGEABLE, id, changes, { updatedAt: at });
}

export function deleteCluster(db: Db, id: number): void {
  db.prepare('DELETE FROM clusters WHERE id = ?').run(id);
}
