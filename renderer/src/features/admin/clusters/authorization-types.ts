import type { ClusterAuthorizationType } from '../../../api/admin/clusters/types.js';

/** Readable names of GitLab's cluster authorization types. */
export const AUTHORIZATION_TYPE_LABELS: Record<ClusterAuthorizationType, string> = {
  rbac: 'RBAC (role-based access control)',
  abac: 'ABAC (attribute-based access control)',
  unknown_authorization: 'Unknown',
};

/** Short names for tables. */
export const AUTHORIZATION_TYPE_SHORT: Record<ClusterAuthorizationType, string> = {
  rbac: 'RBAC',
  abac: 'ABAC',
  unknown_authorization: 'Unknown authorization',
};
