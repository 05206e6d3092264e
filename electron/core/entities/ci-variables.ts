/**
 * Presenter for instance CI/CD variables (GitLab's Entities::Ci::Variable; doc/api/instance_level_ci_variables.md).
 * The API returns values to administrators, masked or not. Pure: no queries.
 */
import type { InstanceCiVariable } from '../../../shared/api-types/admin.js';
import type { InstanceVariable } from '../services/admin/ci-variables/ci-variables-service.js';

export function presentCiVariable(v: InstanceVariable): InstanceCiVariable {
  return {
    variable_type: v.variable_type,
    key: v.key,
    value: v.value,
    protected: v.protected,
    masked: v.masked,
    raw: v.raw,
    description: v.description,
  };
}
