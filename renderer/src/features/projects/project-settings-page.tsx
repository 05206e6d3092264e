import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle, IconArchive, IconArrowLeft, IconTrash, IconTransfer } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Visibility } from '../../../../shared/access-levels.js';
import type { Project } from '../../../../shared/api-types/projects.js';
import { describeError } from '../../api/describe-error.js';
import {
  useDeleteProject,
  useSetProjectArchived,
  useTransferProject,
  useUpdateProject,
  type UpdateProjectInput,
} from '../../api/projects/mutations.js';
import { projectQueries } from '../../api/projects/queries.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { asSentence } from '../../lib/as-sentence.js';
import { repositoryRoute } from '../repository/repository-paths.js';
import { validateProjectPath } from './derive-project-path.js';
import { NamespaceSelect } from './namespace-select.js';
import { toProjectFormErrors, type ProjectFormErrors } from './project-form-errors.js';
import { VisibilityField } from './visibility-field.js';

const NO_ERRORS: ProjectFormErrors = { fields: {}, general: null };

/**
 * A project's settings (`/projects/:projectId/settings`), as GitLab's General settings: name,
 * description, visibility and default branch (`PUT /projects/:id` with the changed fields), then
 * Advanced: change the path, archive or unarchive, transfer to another namespace (`PUT
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

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} fz="lg">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
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
      <PathSection profileId={profileId} project={project} />
      <ArchiveSection profileId={profileId} project={project} />
      <TransferSection profileId={profileId} project={project} />
      <DeleteSection profileId={profileId} project={project} />
    </Stack>
  );
}

/** Name, description, visibility and default branch; only the changed fields are sent. */
function GeneralSection({ profileId, project }: { profileId: string; project: Project }) {
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description ?? '');
  const [visibility, setVisibility] = useState<Visibility>(project.visibility);
  const [defaultBranch, setDefaultBranch] = useState<string | null>(project.default_branch);
  const [errors, setErrors] = useState<ProjectFormErrors>(NO_ERRORS);
  const branches = useQuery({
    ...projectQueries.branchNames(profileId, project.id),
    enabled: !project.empty_repo,
  });
  const update = useUpdateProject(profileId, project.id);

  const changes: UpdateProjectInput = {
    ...(name.trim() !== project.name ? { name: name.trim() } : {}),
    ...(description !== (project.description ?? '') ? { description } : {}),
    ...(visibility !== project.visibility ? { visibility } : {}),
    ...(defaultBranch && defaultBranch !== project.default_branch ? { default_branch: defaultBranch } : {}),
  };
  const dirty = Object.keys(changes).length;

  const clear = (field: keyof ProjectFormErrors['fields'] | 'default_branch') => {
    setErrors((current) => ({ fields: { ...current.fields, [field]: undefined }, general: null }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ fields: { name: 'Enter a project name.' }, general: null });
      return;
    }
    update.mutate(changes, {
      onSuccess: (saved) => {
        setErrors(NO_ERRORS);
        notifications.show({ color: 'teal', message: `Saved the settings of ${saved.name}` });
      },
      onError: (error) => setErrors(toProjectFormErrors(error)),
    });
  };

  const branchOptions = Array.from(
    new Set([...(branches.data ?? []), ...(project.default_branch ? [project.default_branch] : [])]),
  );

  return (
    <Section
      title="General"
      description="The project's name, description, who can see it, and its default branch."
    >
      <form onSubmit={submit} noValidate data-testid="project-general-form">
        <Stack gap="md">
          {errors.general ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Not saved">
              {errors.general}
            </Alert>
          ) : null}
          <TextInput
            label="Project name"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              clear('name');
            }}
            error={errors.fields.name}
            required
          />
          <Textarea
            label="Description"
            value={description}
            onChange={(event) => {
              setDescription(event.currentTarget.value);
              clear('description');
            }}
            error={errors.fields.description}
            autosize
            minRows={2}
            maxRows={6}
          />
          <VisibilityField
            value={visibility}
            onChange={(next) => {
              setVisibility(next);
              clear('visibility');
            }}
            error={errors.fields.visibility}
          />
          <Select
            label="Default branch"
            description={
              project.empty_repo
                ? 'The repository has no commits yet: push a branch first.'
                : 'Merge requests target it and clones check it out.'
            }
            data={branchOptions}
            value={defaultBranch}
            onChange={(next) => {
              setDefaultBranch(next);
              clear('default_branch');
            }}
            disabled={project.empty_repo}
            searchable
            nothingFoundMessage="No branch matches"
            maw={420}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end" gap="sm">
            {dirty > 0 ? (
              <Text size="sm" c="dimmed" data-testid="general-dirty">
                {dirty === 1 ? '1 unsaved change' : `${dirty} unsaved changes`}
              </Text>
            ) : null}
            <Button type="submit" disabled={dirty === 0} loading={update.isPending}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

/** Change the path (the URL and clone address change with it). */
function PathSection({ profileId, project }: { profileId: string; project: Project }) {
  const [path, setPath] = useState(project.path);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProject(profileId, project.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateProjectPath(path);
    if (problem) {
      setError(problem);
      return;
    }
    update.mutate(
      { path },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'teal',
            message: `The project now lives at ${saved.path_with_namespace}`,
          }),
        onError: (failure) => {
          const parsed = toProjectFormErrors(failure);
          setError(parsed.fields.path ?? parsed.fields.name ?? parsed.general ?? describeError(failure));
        },
      },
    );
  };

  return (
    <Section
      title="Change path"
      description="The project's URL and its clone address change; clones must update their remote."
    >
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Path"
            description={`${project.namespace.full_path}/`}
            value={path}
            onChange={(event) => {
              setPath(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            style={{ flex: '1 1 260px' }}
          />
          <Button
            type="submit"
            mt={44}
            variant="default"
            disabled={path === project.path}
            loading={update.isPending}
          >
            Change path
          </Button>
        </Group>
      </form>
    </Section>
  );
}

function ArchiveSection({ profileId, project }: { profileId: string; project: Project }) {
  const archive = useSetProjectArchived(profileId, project.id);
  const toggle = () =>
    archive.mutate(!project.archived, {
      onSuccess: (saved) =>
        notifications.show({
          color: 'teal',
          message: saved.archived ? `Archived ${saved.name}` : `Unarchived ${saved.name}`,
        }),
    });
  return (
    <Section
      title={project.archived ? 'Unarchive project' : 'Archive project'}
      description={
        project.archived
          ? 'The project is read-only. Unarchiving makes it writable again.'
          : 'Archiving makes the repository, merge requests and pipelines read-only. It can be undone.'
      }
    >
      {archive.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Not changed">
          {describeError(archive.error)}
        </Alert>
      ) : null}
      <Group>
        <Button
          variant="default"
          leftSection={<IconArchive size={16} />}
          onClick={toggle}
          loading={archive.isPending}
        >
          {project.archived ? 'Unarchive project' : 'Archive project'}
        </Button>
      </Group>
    </Section>
  );
}

function TransferSection({ profileId, project }: { profileId: string; project: Project }) {
  const [namespaceId, setNamespaceId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const transfer = useTransferProject(profileId, project.id);
  const submit = () =>
    transfer.mutate(Number(namespaceId), {
      onSuccess: (moved) => {
        setConfirming(false);
        setNamespaceId(null);
        notifications.show({ color: 'teal', message: `Moved to ${moved.path_with_namespace}` });
      },
      onError: () => setConfirming(false),
    });
  return (
    <Section
      title="Transfer project"
      description={`Move the project to another namespace. It now lives in ${project.namespace.full_path}.`}
    >
      {transfer.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle />}
          title="Not transferred"
          data-testid="transfer-error"
        >
          {describeError(transfer.error)}
        </Alert>
      ) : null}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 260px' }}>
          <NamespaceSelect
            profileId={profileId}
            value={namespaceId}
            description="A group, or a user's personal namespace, you can create projects in."
            placeholder="Pick a namespace"
            onChange={(next) => {
              setNamespaceId(next);
              if (transfer.isError) transfer.reset();
            }}
          />
        </div>
        <Button
          variant="default"
          leftSection={<IconTransfer size={16} />}
          disabled={!namespaceId || Number(namespaceId) === project.namespace.id}
          onClick={() => setConfirming(true)}
        >
          Transfer
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => !transfer.isPending && setConfirming(false)}
        title={<Text fw={600}>Transfer {project.name}?</Text>}
      >
        <Stack gap="md">
          <Text size="sm">The project’s URL and clone address change. Clones must update their remote.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={transfer.isPending}>
              Cancel
            </Button>
            <Button onClick={submit} loading={transfer.isPending}>
              Transfer project
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}

/** Delete, confirmed by typing the project's full path as GitLab asks. */
function DeleteSection({ profileId, project }: { profileId: string; project: Project }) {
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const navigate = useNavigate();
  const remove = useDeleteProject(profileId);
  const matches = typed === project.path_with_namespace;
  const close = () => {
    if (remove.isPending) return;
    setOpened(false);
    setTyped('');
    remove.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    remove.mutate(project.id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: `Deleted ${project.path_with_namespace}` });
        void navigate('/projects');
      },
    });
  };
  return (
    <Section
      title="Delete project"
      description="Deletes the project with its repository, merge requests, pipelines and everything else. This cannot be undone."
    >
      <Group>
        <Button color="red" leftSection={<IconTrash size={16} />} onClick={() => setOpened(true)}>
          Delete project
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title={<Text fw={600}>Delete {project.name}?</Text>}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              This deletes <b>{project.path_with_namespace}</b> and everything in it. It cannot be undone.
            </Text>
            {remove.isError ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Not deleted">
                {describeError(remove.error)}
              </Alert>
            ) : null}
            <TextInput
              label={
                <>
                  Type{' '}
                  <Text span ff="monospace" fw={600}>
                    {project.path_with_namespace}
                  </Text>{' '}
                  to confirm
                </>
              }
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              data-autofocus
              aria-label="Type the project path to confirm"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button type="submit" color="red" disabled={!matches} loading={remove.isPending}>
                Yes, delete project
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Section>
  );
}
