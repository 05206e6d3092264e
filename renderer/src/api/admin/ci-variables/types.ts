import type { CiVariableType, InstanceCiVariable } from '../../../../../shared/api-types/admin.js';

export type { CiVariableType };

/**
 * An instance-level CI/CD variable (doc/api/instance_level_ci_variables.md). `raw` and `description`
 * come from newer GitLab versions only, so they are optional here.
 */
export type CiVariable = Omit<InstanceCiVariable, 'raw' | 'description'> &
  Partial<Pick<InstanceCiVariable, 'raw' | 'description'>>;

/** Body of `POST /admin/ci/variables`. */
export interface CreateCiVariableInput {
  key: string;
  value: string;
  variable_type?: CiVariableType;
  protected?: boolean;
  masked?: boolean;
}

/** Body of `PUT /admin/ci/variables/:key` (`value` is required by GitLab). */
export interface UpdateCiVariableInput {
  value: string;
  variable_type?: CiVariableType;
  protected?: boolean;
  masked?: boolean;
}
