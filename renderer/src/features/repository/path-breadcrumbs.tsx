import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useRepository } from './repository-context.js';
import { fileRoute, pathCrumbs } from './repository-paths.js';
import { useLinkRef } from './use-switch-ref.js';

/**
 * `project / src / app / main.ts`: the project and each folder above the last crumb link to their
 * listing at the current ref; the last crumb (this folder or file) is plain text.
 */
export function PathBreadcrumbs({ path }: { path: string }) {
  const { project, projectId } = useRepository();
  const ref = useLinkRef();
  const crumbs = pathCrumbs(path);
  return (
    <Breadcrumbs
      separator="/"
      separatorMargin={6}
      aria-label="Path"
      data-testid="path-breadcrumbs"
      style={{ flexWrap: 'wrap', minWidth: 0 }}
    >
      <Anchor component={Link} to={fileRoute(projectId, 'tree', '', ref)} size="sm" fw={600}>
        {project.path}
      </Anchor>
      {crumbs.map((crumb, index) => {
        const last = index === crumbs.length - 1;
        if (last) {
          return (
            <Text key={crumb.path} size="sm" fw={600} aria-current="page">
              {crumb.name}
            </Text>
          );
        }
        return (
          <Anchor
            key={crumb.path}
            component={Link}
            to={fileRoute(projectId, 'tree', crumb.path, ref)}
            size="sm"
          >
            {crumb.name}
          </Anchor>
        );
      })}
    </Breadcrumbs>
  );
}
