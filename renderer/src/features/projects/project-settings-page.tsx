import { Alert, Anchor, Badge, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { Project } from '../../../../shared/api-types/projects.js';
import { projectQueries } from '../../api/projects/queries.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { asSentence } from '../../lib/as-sentence.js';
import { repositoryRoute } from '../repository/repository-paths.js';
import {
  ArchiveSection,
  DeleteSection,
  GeneralSection,
  MembersSection,
  PathSection,
  TransferSection,
} from './project-settings-sections.js';
/**
 * A project's settings (`/projects/:projectId/settings`), as GitLab's General settings: name,
 * description, visibility and default branch (`PUT /projects/:id` with the changed fields), then
 * Members (add, change role and expiry, remove), then Advanced: change the path, archive or unarchive, transfer to another namespace (`PUT
 * /projects/:id/transfer`, the instance's error shown as it is, e.g. on an older core without it) and
 * delete after typing the project's path (`DELETE /projects/:id`). A project whose import failed says
 * so at the top and can be deleted from here.
 */
export function ProjectSettingsPage() {
  const profile = useActiveProfile();
  const projectId = Number(useParams().projectId);
  const project = useQuery({ ...projectQueries.detail(profile.id, projectId), enabled: projectId > 0 });

  if (!(projectId > 0)) return <Alert color="red">There is no project {String(projectId)}.</Alert>;
  if (project.isPending) {
    return (
      <Center h="40vh">
        <Loader type="dots" aria-label="Loading the project" />
      </Center>
    );
  }
  if (project.isError) {
    return (
      <QueryErrorAlert
        title="Could not load the project"
        error={project.error}
        onRetry={() => project.refetch()}
        retrying={project.isFetching}
      />
    );
  }
  return <ProjectSettings key={project.data.id} profileId={profile.id} project={project.data} />;
}

function ProjectSettings({ profileId, project }: { profileId: string; project: Project }) {
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={6}>
        <Anchor component={Link} to="/projects" size="sm">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={14} /> Projects
          </Group>
        </Anchor>
        <Group gap="sm" wrap="wrap">
          <Title order={2} fz={24} style={{ overflowWrap: 'anywhere' }}>
            {project.name} settings
          </Title>
          {project.archived ? (
            <Badge variant="outline" color="gray" tt="none">
              Archived
            </Badge>
          ) : null}
        </Group>
        <Group gap="md" wrap="wrap">
          <Text size="sm" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {project.path_with_namespace}
          </Text>
          <Anchor component={Link} to={repositoryRoute(project.id)} size="sm">
            Repository
          </Anchor>
        </Group>
      </Stack>
      {project.import_status === 'failed' ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle />}
          title="The import failed"
          data-testid="import-failed"
        >
          {asSentence(project.import_error) || 'The instance could not import this repository.'} Delete this
          project below (or give it another path) to import the repository again.
        </Alert>
      ) : null}
      <GeneralSection profileId={profileId} project={project} />
      <MembersSection profileId={profileId} project={project} />
      <PathSection profileId={profileId} project={project} />
      <ArchiveSection profileId={profileId} project={project} />
      <TransferSection profileId={profileId} project={project} />
      <DeleteSection profileId={profileId} project={project} />
    </Stack>
  );
}
