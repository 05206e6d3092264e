import { Switch } from '@mantine/core';
import type { ProjectMembership } from '../api/projects/membership.js';

/**
 * "All projects": an administrator on a remote instance widens project lists from their own projects
 * (`membership=true`) to every project of the instance. Renders nothing for anyone else.
 */
export function AllProjectsSwitch({ scope }: { scope: ProjectMembership }) {
  if (!scope.canChooseAll) return null;
  return (
    <Switch
      label="All projects"
      size="sm"
      checked={scope.allProjects}
      onChange={(event) => scope.setAllProjects(event.currentTarget.checked)}
      data-testid="all-projects-switch"
    />
  );
}
