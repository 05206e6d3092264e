/**
 * GitLab's rule (app/models/project_ci_cd_setting.rb `override_pipeline_variables_allowed?`) over the
 * project fields of doc/api/projects.md.
 */
import { describe, expect, it } from 'vitest';
import type { Project } from '../../../../shared/api-types/projects.js';
import { pipelineVariablesPermission } from './pipeline-variables-permission.js';

const project = (fields: Record<string, unknown>) => ({ id: 1, ...fields }) as unknown as Project;
const access = (level: number) => ({ project_access: { access_level: level }, group_access: null });

describe('pipeline variables permission', () => {
  it('allows when not restricted, whatever the role', () => {
    expect(
      pipelineVariablesPermission(
        project({
          restrict_user_defined_variables: false,
          ci_pipeline_variables_minimum_override_role: 'owner',
        }),
      ).status,
    ).toBe('allowed');
  });

  it('refuses everyone with no_one_allowed (GitLab.com default for new projects)', () => {
    const decision = pipelineVariablesPermission(
      project({
        restrict_user_defined_variables: true,
        ci_pipeline_variables_minimum_override_role: 'no_one_allowed',
        permissions: access(50),
      }),
    );
    expect(decision.status).toBe('refused');
  });

  it('compares the user’s highest role with the minimum', () => {
    const restricted = {
      restrict_user_defined_variables: true,
      ci_pipeline_variables_minimum_override_role: 'maintainer',
    };
    expect(pipelineVariablesPermission(project({ ...restricted, permissions: access(40) })).status).toBe(
      'allowed',
    );
    const refused = pipelineVariablesPermission(project({ ...restricted, permissions: access(30) }));
    expect(refused).toMatchObject({ status: 'refused' });
    expect(refused.status === 'refused' && refused.explanation).toContain('at least the Maintainer role');
    expect(
      pipelineVariablesPermission(
        project({
          ...restricted,
          permissions: { project_access: { access_level: 30 }, group_access: { access_level: 50 } },
        }),
      ).status,
    ).toBe('allowed');
  });

  it('is unknown when the fields are absent (older GitLab, Outpost’s core, users who can’t see them)', () => {
    expect(pipelineVariablesPermission(project({})).status).toBe('unknown');
    expect(
      pipelineVariablesPermission(
        project({
          restrict_user_defined_variables: true,
          ci_pipeline_variables_minimum_override_role: 'developer',
        }),
      ).status,
    ).toBe('unknown');
  });
});
