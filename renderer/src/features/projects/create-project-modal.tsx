import { Checkbox, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Visibility } from '../../../../shared/access-levels.js';
import { useCreateProject } from '../../api/projects/mutations.js';
import { FormModal } from '../../components/form-modal/form-modal.js';
import { validateProjectPath } from './derive-project-path.js';
import { ProjectNameFields, ProjectPlacementFields, type ProjectNameState } from './project-fields.js';
import { toProjectFormErrors, type ProjectFormErrors } from './project-form-errors.js';

/** Props of {@link CreateProjectModal}. */
export interface CreateProjectModalProps {
  profileId: string;
  opened: boolean;
  onClose: () => void;
}

interface FormState extends ProjectNameState {
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

  const submit = () => {
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
    <FormModal
      opened={opened}
      onClose={close}
      title="New project"
      size="lg"
      closeOnClickOutside={!createProject.isPending}
      onSubmit={submit}
      busy={createProject.isPending}
      submitLabel="Create project"
      error={errors.general}
      errorTitle="The project was not created"
      footerMt="xs"
      formTestId="create-project-form"
    >
      <ProjectNameFields
        layout="stack"
        value={form}
        onChange={update}
        errors={errors.fields}
        namePlaceholder="My awesome project"
        pathPlaceholder="my-awesome-project"
        pathDescription="Part of the project’s URL and clone address."
        autoFocusName
      />
      <ProjectPlacementFields
        profileId={profileId}
        namespaceId={form.namespaceId}
        visibility={form.visibility}
        onChange={update}
        errors={errors.fields}
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
    </FormModal>
  );
}
