import { Avatar, Badge, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconCode, IconGitBranch, IconSettings } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { Project } from '../../../../shared/api-types/projects.js';
import { rowActionsColumn } from '../../components/data-table/index.js';
import { RelativeTime } from '../../components/relative-time.js';
import { repositoryRoute } from '../repository/repository-paths.js';
import { ImportStatusBadge } from './import-status-badge.js';
import { projectSettingsRoute } from './project-paths.js';
import classes from './project-table.module.css';
import { VisibilityBadge } from './visibility-badge.js';
import { markedForDeletionOn } from '../../api/projects/deletion.js';

const column = createColumnHelper<Project>();

/** The Project cell while loading: an avatar and two lines. */
function NameSkeleton() {
  return (
    <Group gap="sm" wrap="nowrap">
      <Skeleton height={34} width={34} radius="md" />
      <div style={{ flex: 1 }}>
        <Skeleton height={10} width="60%" mb={8} />
        <Skeleton height={8} width="40%" />
      </div>
    </Group>
  );
}

/**
 * Columns of the project table. Column ids that GitLab can order by (`name`, `last_activity_at`)
 * are sortable; sorting happens on the server.
 */
export const projectColumns = [
  column.accessor('name', {
    id: 'name',
    meta: {
      className: classes.nameColumn,
      skeleton: <NameSkeleton />,
    },
    header: 'Project',
    enableSorting: true,
    cell: ({ row }) => {
      const project = row.original;
      return (
        <Group gap="sm" wrap="nowrap">
          <Avatar name={project.name} color="initials" radius="md" size={34} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Text
                size="sm"
                fw={600}
                truncate
                data-testid="project-name"
                component={Link}
                to={repositoryRoute(project.id)}
                className={classes.nameLink}
              >
                {project.name}
              </Text>
              {project.archived ? (
                <Badge size="xs" variant="outline" color="gray" tt="none">
                  Archived
                </Badge>
              ) : null}
              {markedForDeletionOn(project) ? (
                <Tooltip
                  label={`Marked for deletion on ${markedForDeletionOn(project)}; GitLab removes it after the retention period.`}
                >
                  <Badge size="xs" variant="outline" color="red" tt="none" data-testid="marked-for-deletion">
                    Marked for deletion
                  </Badge>
                </Tooltip>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" truncate ff="monospace">
              {project.path_with_namespace}
            </Text>
          </Stack>
        </Group>
      );
    },
  }),
  column.accessor('description', {
    id: 'description',
    meta: { className: classes.descriptionColumn, hideBelow: 900, skeletonHeight: 8, skeletonWidth: '80%' },
    header: 'Description',
    enableSorting: false,
    cell: ({ getValue }) => {
      const description = getValue();
      return description ? (
        <Text size="sm" c="dimmed" lineClamp={2} title={description}>
          {description}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" opacity={0.6}>
          No description
        </Text>
      );
    },
  }),
  column.accessor('visibility', {
    id: 'visibility',
    meta: { size: 'shrink', skeletonHeight: 18, skeletonWidth: 64 },
    header: 'Visibility',
    enableSorting: false,
    cell: ({ getValue }) => <VisibilityBadge visibility={getValue()} />,
  }),
  column.accessor('default_branch', {
    id: 'default_branch',
    meta: { size: 'shrink', hideBelow: 760, skeletonHeight: 8, skeletonWidth: 56 },
    header: 'Default branch',
    enableSorting: false,
    cell: ({ row }) => {
      const { default_branch: branch, empty_repo: empty } = row.original;
      if (!branch || empty) {
        return (
          <Tooltip label="The repository has no commits yet.">
            <Text size="sm" c="dimmed" opacity={0.7}>
              Empty
            </Text>
          </Tooltip>
        );
      }
      return (
        <Group gap={4} wrap="nowrap" data-testid="default-branch">
          <IconGitBranch size={14} stroke={1.8} color="var(--mantine-color-dimmed)" />
          <Text size="sm" ff="monospace" truncate>
            {branch}
          </Text>
        </Group>
      );
    },
  }),
  column.accessor('last_activity_at', {
    id: 'last_activity_at',
    meta: { size: 'shrink', hideBelow: 620, skeletonHeight: 8, skeletonWidth: 72 },
    header: 'Last activity',
    enableSorting: true,
    sortDescFirst: true,
    cell: ({ getValue }) => <RelativeTime iso={getValue()} size="sm" />,
  }),
  column.accessor('import_status', {
    id: 'import_status',
    meta: { size: 'shrink', skeletonHeight: 8, skeletonWidth: 24 },
    header: 'Import',
    enableSorting: false,
    cell: ({ row }) => (
      <ImportStatusBadge status={row.original.import_status} error={row.original.import_error} />
    ),
  }),
  rowActionsColumn<Project>(
    (project) => [
      {
        tooltip: 'Browse repository',
        label: `Browse the repository of ${project.name}`,
        icon: <IconCode size={18} stroke={1.7} />,
        to: repositoryRoute(project.id),
        testId: 'open-repository',
      },
      {
        tooltip: 'Settings',
        label: `Settings of ${project.name}`,
        icon: <IconSettings size={18} stroke={1.7} />,
        to: projectSettingsRoute(project.id),
        testId: 'open-settings',
      },
    ],
    { gap: 2, skeletonWidth: 18 },
  ),
];
