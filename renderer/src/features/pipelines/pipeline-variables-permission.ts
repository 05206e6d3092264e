/**
 * Whether the signed-in user may pass variables when running a pipeline of a project, from the project as
 * `GET /projects/:id` reports it (doc/api/projects.md: `restrict_user_defined_variables`,
 * `ci_pipeline_variables_minimum_override_role` `no_one_allowed` | `developer` | `maintainer` | `owner`,
 * and `permissions.project_access` / `group_access`). The rule is GitLab's
 * `ProjectCiCdSetting#override_pipeline_variables_allowed?` (app/models/project_ci_cd_setting.rb): allowed
 * unless restricted; with `no_one_allowed` nobody; else the user's role must reach the minimum.
 * doc/ci/variables/index.md "Restrict pipeline variables": new projects get `no_one_allowed` by default on
 * GitLab.com (17.7) and from GitLab 18.0 on other instances too (`pipeline_variables_default_role` of the
 * top-level group). The fields are exposed only to users who may administer the project; when they are
 * absent the answer is `unknown` and the form stays (GitLab decides on submit). Pure.
 */
import type { Project } from '../../../../shared/api-types/projects.js';

/** GitLab's values of `ci_pipeline_variables_minimum_override_role`. */
export type PipelineVariablesRole = 'no_one_allowed' | 'developer' | 'maintainer' | 'owner';

/** The project fields this rule reads (absent on older GitLab, or for users who can't see them). */
export type ProjectWithPipelineVariables = Project & {
  restrict_user_defined_variables?: boolean;
  ci_pipeline_variables_minimum_override_role?: PipelineVariablesRole | string | null;
  permissions?: {
    project_access?: { access_level: number } | null;
    group_access?: { access_level: number } | null;
  } | null;
};

/** The decision, with the sentence the Run pipeline form shows when variables can't be set. */
export type PipelineVariablesPermission =
  { status: 'allowed' } | { status: 'unknown' } | { status: 'refused'; explanation: string };

const ROLE_LEVELS: Record<string, number> = { developer: 30, maintainer: 40, owner: 50 };
const ROLE_NAMES: Record<string, string> = {
  developer: 'Developer',
  maintainer: 'Maintainer',
  owner: 'Owner',
};

const HOW_TO_CHANGE =
  'A project maintainer can change it under Settings > CI/CD > Variables ("Minimum role to use pipeline variables"), or through the API (ci_pipeline_variables_minimum_override_role).';

/** Decides {@link PipelineVariablesPermission} for `project`. Pure. */
export function pipelineVariablesPermission(project: Project): PipelineVariablesPermission {
  const p = project as ProjectWithPipelineVariables;
  const role = p.ci_pipeline_variables_minimum_override_role;
  const restricted = p.restrict_user_defined_variables;
  if (restricted === false) return { status: 'allowed' };
  if (restricted === undefined && (role === undefined || role === null)) return { status: 'unknown' };
  if (role === 'no_one_allowed') {
    return {
      status: 'refused',
      explanation: `This project allows no one to set pipeline variables (ci_pipeline_variables_minimum_override_role is no_one_allowed, GitLab’s default for new projects on GitLab.com since 17.7 and on GitLab 18.0+), so the pipeline runs with the variables of .gitlab-ci.yml and the project’s settings only. ${HOW_TO_CHANGE}`,
    };
  }
  const minimum = typeof role === 'string' ? ROLE_LEVELS[role] : undefined;
  if (minimum === undefined) {
    // Restricted without a role (before 17.1): maintainers and above (GitLab's former rule).
    if (restricted !== true) return { status: 'unknown' };
  }
  const needed = minimum ?? ROLE_LEVELS.maintainer!;
  const levels = [
    p.permissions?.project_access?.access_level,
    p.permissions?.group_access?.access_level,
  ].filter((level): level is number => typeof level === 'number');
  if (levels.length === 0) return { status: 'unknown' };
  if (Math.max(...levels) >= needed) return { status: 'allowed' };
  const roleName = ROLE_NAMES[typeof role === 'string' && role in ROLE_NAMES ? role : 'maintainer'];
  return {
    status: 'refused',
    explanation: `This project lets only users with at least the ${roleName} role set pipeline variables, and your role here is lower, so the pipeline runs with the variables of .gitlab-ci.yml and the project’s settings only. ${HOW_TO_CHANGE}`,
  };
}
