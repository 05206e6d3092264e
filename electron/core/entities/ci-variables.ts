/**
 * Presenter for instance CI/CD variables (GitLab's Entities::Ci::Variable; doc/api/instance_level_ci_variables.md).
 * The API returns values to administrators, masked or not. Pure: no queries.
 */
import type { CiVariableType, InstanceCiVariable } from '../../../shared/api-types/admin.js';

/** A variable with its value opened, as the presenter and jobs need it. */
export interface InstanceVariable {
  key: string;
  value: string;
  variable_type: CiVariableType;
  protected: boolean;
  masked: boolean;
  raw: boolean;
  description: string | null;
}

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
