import { Group, TextInput, ThemeIcon, type TextInputProps } from '@mantine/core';
import { IconFolderOpen } from '@tabler/icons-react';
import type { Visibility } from '../../../../shared/access-levels.js';
import { deriveProjectPath } from './derive-project-path.js';
import { NamespaceSelect } from './namespace-select.js';
import type { ProjectFormErrors } from './project-form-errors.js';
import { VisibilityField } from './visibility-field.js';

const MONO = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** Name and slug of a project form; the slug follows the name until the administrator edits it. */
export interface ProjectNameState {
  name: string;
  path: string;
  /** True once the slug was edited by hand; from then on the name no longer rewrites it. */
  pathEdited: boolean;
}

/** The change a new name makes: the name, and the slug derived from it unless the slug was edited. */
export function renameProject(
  state: Pick<ProjectNameState, 'pathEdited'>,
  name: string,
): Partial<ProjectNameState> {
  return state.pathEdited ? { name } : { name, path: deriveProjectPath(name) };
}

/** Props of {@link ProjectNameFields}. */
export interface ProjectNameFieldsProps {
  value: ProjectNameState;
  onChange: (patch: Partial<ProjectNameState>) => void;
  errors: ProjectFormErrors['fields'];
  /** `row`: name and slug side by side (import); `stack`: one under the other (new project). */
  layout: 'row' | 'stack';
  namePlaceholder: string;
  pathPlaceholder: string;
  /** Line under the slug. */
  pathDescription?: string;
  /** Focus the name when the dialog opens. */
  autoFocusName?: boolean;
}

/** "Project name" and "Project slug" (monospace), with GitLab's errors under each. */
export function ProjectNameFields({
  value,
  onChange,
  errors,
  layout,
  namePlaceholder,
  pathPlaceholder,
  pathDescription,
  autoFocusName = false,
}: ProjectNameFieldsProps) {
  const fields = (
    <>
      <TextInput
        label="Project name"
        placeholder={namePlaceholder}
        value={value.name}
        onChange={(event) => onChange(renameProject(value, event.currentTarget.value))}
        error={errors.name}
        required
        data-autofocus={autoFocusName || undefined}
      />
      <TextInput
        label="Project slug"
        description={pathDescription}
        placeholder={pathPlaceholder}
        value={value.path}
        onChange={(event) => onChange({ path: event.currentTarget.value, pathEdited: true })}
        error={errors.path}
        required
        styles={MONO}
      />
    </>
  );
  return layout === 'row' ? (
    <Group grow align="flex-start">
      {fields}
    </Group>
  ) : (
    fields
  );
}

/** Props of {@link ProjectPlacementFields}. */
export interface ProjectPlacementFieldsProps {
  profileId: string;
  namespaceId: string | null;
  visibility: Visibility;
  onChange: (patch: { namespaceId?: string | null; visibility?: Visibility }) => void;
  errors: ProjectFormErrors['fields'];
}

/** Where a new project goes and who sees it: the namespace select and the visibility cards. */
export function ProjectPlacementFields({
  profileId,
  namespaceId,
  visibility,
  onChange,
  errors,
}: ProjectPlacementFieldsProps) {
  return (
    <>
      <NamespaceSelect
        profileId={profileId}
        value={namespaceId}
        onChange={(next) => onChange({ namespaceId: next })}
        error={errors.namespace}
      />
      <VisibilityField
        value={visibility}
        onChange={(next) => onChange({ visibility: next })}
        error={errors.visibility}
      />
    </>
  );
}

/** Props of {@link ImportSourceInput}: the value and its error, plus any TextInput prop to override. */
export interface ImportSourceInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'error'> {
  value: string;
  onChange: (source: string) => void;
  error?: string | undefined;
}

/**
 * "Repository": where an import reads from (a path on this computer, a `file://` URL, or a Git URL,
 * as the caller's description says), monospace with a folder icon. Used by the Import repository
 * dialog and the welcome screen's import step.
 */
export function ImportSourceInput({ value, onChange, error, ...rest }: ImportSourceInputProps) {
  return (
    <TextInput
      label="Repository"
      leftSection={
        <ThemeIcon variant="transparent" color="gray" size="sm">
          <IconFolderOpen size={16} stroke={1.7} />
        </ThemeIcon>
      }
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      required
      styles={MONO}
      {...rest}
    />
  );
}
