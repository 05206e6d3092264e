import { Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { RefSwitcher } from './ref-switcher.js';
import { useRepository } from './repository-context.js';

const MONOSPACE_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** Props of {@link RefNameInput}: a TextInput's, with the value as a plain string. */
export interface RefNameInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/** The name field of the new-branch and new-tag dialogs: required, autofocused, monospace. */
export function RefNameInput({ value, onChange, ...rest }: RefNameInputProps) {
  return (
    <TextInput
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      required
      data-autofocus
      styles={MONOSPACE_INPUT}
      {...rest}
    />
  );
}

/** "Create from": the ref picker of the repository being browsed (no `t` hotkey inside a dialog). */
export function CreateFromField({
  value,
  onChange,
  hint,
}: {
  value: string;
  onChange: (ref: string) => void;
  /** A dimmed line under the picker. */
  hint?: string;
}) {
  const { profileId, projectId } = useRepository();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Create from
      </Text>
      <RefSwitcher
        profileId={profileId}
        projectId={projectId}
        value={value}
        onChange={onChange}
        withHotkey={false}
      />
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}
