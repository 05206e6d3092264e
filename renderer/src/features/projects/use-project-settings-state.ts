import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
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
import { describeDeletion } from '../../api/projects/deletion.js';
import { projectQueries } from '../../api/projects/queries.js';
import { validateProjectPath } from './derive-project-path.js';
import { toProjectFormErrors, type ProjectFormErrors } from './project-form-errors.js';
import { useInstanceCapabilities } from '../../api/capabilities/capabilities.js';

const NO_ERRORS: ProjectFormErrors = { fields: {}, general: null };

/** The fields of the General form. */
export interface GeneralValues {
  name: string;
  description: string;
  visibility: Visibility;
  defaultBranch: string | null;
}

/**
 * General settings: the form (from the project), what changed (only that is sent with
 * `PUT /projects/:id`), the branches to pick the default from, and field errors from GitLab.
 */
export function useGeneralSettings(profileId: string, project: Project) {
  const [values, setValues] = useState<GeneralValues>({
    name: project.name,
    description: project.description ?? '',
    visibility: project.visibility,
    defaultBranch: project.default_branch,
  });
  const [errors, setErrors] = useState<ProjectFormErrors>(NO_ERRORS);
  const branches = useQuery({
    ...projectQueries.branchNames(profileId, project.id),
    enabled: !project.empty_repo,
  });
  const update = useUpdateProject(profileId, project.id);
  const { name, description, visibility, defaultBranch } = values;

  const changes: UpdateProjectInput = {
    ...(name.trim() !== project.name ? { name: name.trim() } : {}),
    ...(description !== (project.description ?? '') ? { description } : {}),
    ...(visibility !== project.visibility ? { visibility } : {}),
    ...(defaultBranch && defaultBranch !== project.default_branch ? { default_branch: defaultBranch } : {}),
  };

  /** Sets one field and clears its error (and the general one). */
  const set = <K extends keyof GeneralValues>(field: K, value: GeneralValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    const errorField = field === 'defaultBranch' ? 'default_branch' : field;
    setErrors((current) => ({ fields: { ...current.fields, [errorField]: undefined }, general: null }));
  };

  const submit = () => {
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

  return {
    values,
    set,
    errors,
    dirty: Object.keys(changes).length,
    submit,
    saving: update.isPending,
    branchOptions,
  };
}

/** Change path: the new path, its error (checked here first, then by GitLab), and the save. */
export function usePathSettings(profileId: string, project: Project) {
  const [path, setPathValue] = useState(project.path);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProject(profileId, project.id);

  const setPath = (next: string) => {
    setPathValue(next);
    setError(null);
  };

  const submit = () => {
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

  return { path, setPath, error, submit, saving: update.isPending };
}

/** Archive or unarchive (`POST /projects/:id/archive` / `unarchive`), with a notification. */
export function useArchiveToggle(profileId: string, project: Project) {
  const archive = useSetProjectArchived(profileId, project.id);
  const toggle = () =>
    archive.mutate(!project.archived, {
      onSuccess: (saved) =>
        notifications.show({
          color: 'teal',
          message: saved.archived ? `Archived ${saved.name}` : `Unarchived ${saved.name}`,
        }),
    });
  return { toggle, archive };
}

/** Transfer: the namespace picked, the confirmation dialog, and `PUT /projects/:id/transfer`. */
export function useTransferSettings(profileId: string, project: Project) {
  const [namespaceId, setNamespaceIdValue] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const transfer = useTransferProject(profileId, project.id);

  const setNamespaceId = (next: string | null) => {
    setNamespaceIdValue(next);
    if (transfer.isError) transfer.reset();
  };

  const submit = () =>
    transfer.mutate(Number(namespaceId), {
      onSuccess: (moved) => {
        setConfirming(false);
        setNamespaceIdValue(null);
        notifications.show({ color: 'teal', message: `Moved to ${moved.path_with_namespace}` });
      },
      onError: () => setConfirming(false),
    });

  const canTransfer = Boolean(namespaceId) && Number(namespaceId) !== project.namespace.id;
  return { namespaceId, setNamespaceId, confirming, setConfirming, submit, canTransfer, transfer };
}

/** Delete, confirmed by typing the full path as GitLab asks; goes back to the list afterwards. */
export function useDeleteSettings(profileId: string, project: Project) {
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const navigate = useNavigate();
  const remove = useDeleteProject(profileId, useInstanceCapabilities().capabilities);
  const matches = typed === project.path_with_namespace;

  const close = () => {
    setOpened(false);
    setTyped('');
    remove.reset();
  };

  const submit = () => {
    if (!matches) return;
    remove.mutate(project.id, {
      onSuccess: (outcome) => {
        notifications.show({
          color: 'teal',
          title: outcome.kind === 'marked' ? 'Marked for deletion' : undefined,
          message: describeDeletion(outcome, project.path_with_namespace),
          autoClose: outcome.kind === 'marked' ? 12_000 : undefined,
        });
        void navigate('/projects');
      },
    });
  };

  return { opened, open: () => setOpened(true), close, typed, setTyped, matches, submit, remove };
}
