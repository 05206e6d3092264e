import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { Visibility } from '../../../../shared/access-levels.js';
import { useCreateProject } from '../../api/projects/mutations.js';
import { deriveProjectPath, validateProjectPath } from './derive-project-path.js';
import { NamespaceSelect } from './namespace-select.js';
import { toProjectFormErrors, type ProjectFormErrors } from './project-form-errors.js';
import { VisibilityField } from './visibility-field.js';

/** Props of {@link CreateProjectModal}. */
export interface CreateProjectModalProps {
  profileId: string;
  opened: boolean;
  onClose: () => void;
}

interface FormState {
  name: string;
  path: string;
  /** True once the administrator edited the path; until then it follows the name. */
  pathEdited: boolean;
  namespaceId: string | null;
  visibility: Visibility;
  description: string;
  initializeWithReadme: boolean;
}

const EMPTY: FormState = {
  name: '',
  path: '',
  pathEdited: false,
  namespaceId: null,
  visibility: 'private',
  description: '',
  initializeWithReadme: true,
};

const NO_ERRORS: ProjectFormErrors = { fields: {}, general: null };

/**
 * "New project": name, path (derived from the name until edited), namespace, visibility,
 * description and "initialize with a README" → `POST /projects`. GitLab's validation errors show
 * under their fields; the rest above the form.
 */
export function CreateProjectModal({ profileId, opened, onClose }: CreateProjectModalProps) {
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<ProjectFormErrors>(NO_ERRORS);
  const createProject = useCreateProject(profileId);

  const update = (patch: Partial<FormState>) => setForm((previous) => ({ ...previous, ...patch }));

  const close = () => {
    if (createProject.isPending) return;
    setForm(EMPTY);
    setErrors(NO_ERRORS);
    createProject.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = form.name.trim();
    const fields: ProjectFormErrors['fields'] = {};
    if (!name) fields.name = 'Enter a project name.';
    const pathError = validateProjectPath(form.path);
    if (pathError) fields.path = pathError;
    setErrors({ fields, general: null });
    if (Object.keys(fields).length > 0) return;

    createProject.mutate(
      {
        name,
        path: form.path,
        visibility: form.visibility,
        description: form.description.trim() || undefined,
        initialize_with_readme: form.initializeWithReadme,
        namespace_id: form.namespaceId ? Number(form.namespaceId) : undefined,
      },
      {
        onSuccess: (project) => {
          notifications.show({
            color: 'teal',
            title: 'Project created',
            message: `${project.path_with_namespace} is ready.`,
          });
          setForm(EMPTY);
          setErrors(NO_ERRORS);
          createProject.reset();
          onClose();
        },
        onError: (error) => setErrors(toProjectFormErrors(error)),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={600}>New project</Text>}
      size="lg"
      closeOnClickOutside={!createProject.isPending}
    >
      <form onSubmit={submit} noValidate data-testid="create-project-form">
        <Stack gap="md">
          {errors.general ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} title="The project was not created">
              {errors.general}
            </Alert>
          ) : null}
          <TextInput
            label="Project name"
            placeholder="My awesome project"
            value={form.name}
            onChange={(event) => {
              const name = event.currentTarget.value;
              update(form.pathEdited ? { name } : { name, path: deriveProjectPath(name) });
            }}
            error={errors.fields.name}
            required
            data-autofocus
          />
          <TextInput
            label="Project slug"
            description="Part of the project’s URL and clone address."
            placeholder="my-awesome-project"
            value={form.path}
            onChange={(event) => update({ path: event.currentTarget.value, pathEdited: true })}
            error={errors.fields.path}
            required
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <NamespaceSelect
            profileId={profileId}
            value={form.namespaceId}
            onChange={(namespaceId) => update({ namespaceId })}
            error={errors.fields.namespace}
          />
          <VisibilityField
            value={form.visibility}
            onChange={(visibility) => update({ visibility })}
            error={errors.fields.visibility}
          />
          <Textarea
            label="Description"
            placeholder="What is this project about? (optional)"
            value={form.description}
            onChange={(event) => update({ description: event.currentTarget.value })}
            error={errors.fields.description}
            autosize
            minRows={2}
            maxRows={5}
          />
          <Checkbox
            label="Initialize repository with a README"
            description="Creates the default branch with a README, so the repository can be cloned right away."
            checked={form.initializeWithReadme}
            onChange={(event) => update({ initializeWithReadme: event.currentTarget.checked })}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={createProject.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={createProject.isPending}>
              Create project
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
