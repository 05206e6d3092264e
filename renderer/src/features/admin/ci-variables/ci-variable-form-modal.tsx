import { Checkbox, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useCreateCiVariable, useUpdateCiVariable } from '../../../api/admin/ci-variables/mutations.js';
import type { CiVariable, CiVariableType } from '../../../api/admin/ci-variables/types.js';
import { FormModalBody } from '../../../components/form-modal/form-modal.js';
import { AdminDialog, announceAndClose } from '../admin-dialog.js';
import { attributeName, toFormErrors, type FormErrors } from '../form-errors.js';
import { MaskingChecklist } from './masking-checklist.js';
import {
  checkMaskable,
  checkVariableKey,
  checkVariableValue,
} from '../../../../../shared/ci-variable-rules.js';

/** Props of {@link CiVariableFormModal}. */
export interface CiVariableFormModalProps {
  profileId: string;
  opened: boolean;
  /** The variable to edit; null to add one. */
  variable: CiVariable | null;
  /** Keys already on the instance, to catch a duplicate before sending. */
  existingKeys: readonly string[];
  onClose: () => void;
}

type Field = 'key' | 'value' | 'variableType' | 'protected' | 'masked';

const ATTRIBUTE_FIELDS: Record<string, Field> = {
  key: 'key',
  value: 'value',
  variable_type: 'variableType',
  protected: 'protected',
  masked: 'value',
};

function fieldForAttribute(attribute: string): Field | null {
  return ATTRIBUTE_FIELDS[attributeName(attribute)] ?? null;
}

const NO_SERVER_ERRORS: FormErrors<Field> = { fields: {}, general: null };

/**
 * "Add variable" and "Edit variable": key (fixed once created), value, type, protected and masked.
 * The key rule and, for masked variables, GitLab's masking rules are checked while typing, with a
 * checklist saying which rule fails. The instance's refusals show on the same fields.
 */
export function CiVariableFormModal(props: CiVariableFormModalProps) {
  return (
    <AdminDialog
      opened={props.opened}
      onClose={props.onClose}
      title={props.variable ? `Edit variable ${props.variable.key}` : 'Add variable'}
      size="lg"
    >
      <CiVariableForm key={props.variable?.key ?? 'new'} {...props} />
    </AdminDialog>
  );
}

function CiVariableForm({ profileId, variable, existingKeys, onClose }: CiVariableFormModalProps) {
  const [key, setKey] = useState(variable?.key ?? '');
  const [value, setValue] = useState(variable?.value ?? '');
  const [variableType, setVariableType] = useState<CiVariableType>(variable?.variable_type ?? 'env_var');
  const [isProtected, setProtected] = useState(variable?.protected ?? false);
  const [masked, setMasked] = useState(variable?.masked ?? false);
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [serverErrors, setServerErrors] = useState<FormErrors<Field>>(NO_SERVER_ERRORS);
  const createVariable = useCreateCiVariable(profileId);
  const updateVariable = useUpdateCiVariable(profileId);
  const pending = createVariable.isPending || updateVariable.isPending;

  const maskability = checkMaskable(value);
  const clientErrors: Partial<Record<Field, string>> = {};
  if (!variable) {
    const keyProblem = checkVariableKey(key, existingKeys);
    if (keyProblem) clientErrors.key = keyProblem;
  }
  const valueProblem = checkVariableValue(value) ?? (masked ? maskability.message : null);
  if (valueProblem) clientErrors.value = valueProblem;

  const touch = (field: Field) =>
    setTouched((previous) => (previous.has(field) ? previous : new Set([...previous, field])));
  const clearServer = (...fields: Field[]) =>
    setServerErrors((previous) => {
      if (!fields.some((field) => previous.fields[field])) return previous;
      const next = { ...previous.fields };
      for (const field of fields) delete next[field];
      return { ...previous, fields: next };
    });
  const errorOf = (field: Field) =>
    serverErrors.fields[field]
      ? `Refused by the instance: ${serverErrors.fields[field]}`
      : touched.has(field)
        ? clientErrors[field]
        : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set<Field>(['key', 'value']));
    setServerErrors(NO_SERVER_ERRORS);
    if (Object.keys(clientErrors).length > 0) return;
    const onError = (error: unknown) => setServerErrors(toFormErrors(error, fieldForAttribute));
    const flags = { variable_type: variableType, protected: isProtected, masked };
    if (!variable) {
      createVariable.mutate(
        { key, value, ...flags },
        {
          onSuccess: announceAndClose(onClose, (created) => ({
            title: 'Variable added',
            message: `Every pipeline on the instance now gets ${created.key}.`,
          })),
          onError,
        },
      );
      return;
    }
    updateVariable.mutate(
      { key: variable.key, input: { value, ...flags } },
      {
        onSuccess: announceAndClose(onClose, (updated) => ({
          title: 'Variable saved',
          message: `${updated.key} is up to date.`,
        })),
        onError,
      },
    );
  };

  return (
    <FormModalBody
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={variable ? 'Save changes' : 'Add variable'}
      busy={pending}
      error={serverErrors.general}
      errorTitle={variable ? 'The variable was not saved' : 'The variable was not added'}
      footerMt="xs"
      formTestId="variable-form"
      autoComplete="off"
    >
      <TextInput
        label="Key"
        description={
          variable
            ? 'A variable’s key cannot change; add a new variable instead.'
            : 'Letters, digits and _ only; at most 255 characters.'
        }
        placeholder="DEPLOY_TOKEN"
        required
        disabled={variable !== null}
        value={key}
        onChange={(event) => {
          setKey(event.currentTarget.value);
          clearServer('key');
          touch('key');
        }}
        error={errorOf('key')}
        data-autofocus={variable ? undefined : true}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Textarea
        label="Value"
        description={variableType === 'file' ? 'The content of the file jobs receive.' : undefined}
        autosize
        minRows={2}
        maxRows={10}
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          clearServer('value');
          touch('value');
        }}
        onBlur={() => touch('value')}
        error={errorOf('value')}
        data-autofocus={variable ? true : undefined}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        spellCheck={false}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Type
        </Text>
        <SegmentedControl
          value={variableType}
          onChange={(next) => setVariableType(next as CiVariableType)}
          data={[
            { value: 'env_var', label: 'Variable' },
            { value: 'file', label: 'File' },
          ]}
          aria-label="Type"
          w={220}
        />
        {serverErrors.fields.variableType ? (
          <Text size="xs" c="red">
            {serverErrors.fields.variableType}
          </Text>
        ) : null}
      </Stack>
      <Checkbox
        label="Protect variable"
        description="Only pipelines on protected branches and tags get it."
        checked={isProtected}
        onChange={(event) => setProtected(event.currentTarget.checked)}
        error={serverErrors.fields.protected}
      />
      <Stack gap={8}>
        <Checkbox
          label="Mask variable"
          description="Hide the value in job logs. Only some values can be masked."
          checked={masked}
          onChange={(event) => {
            setMasked(event.currentTarget.checked);
            clearServer('value');
            if (value !== '') touch('value');
          }}
        />
        {masked ? (
          <div style={{ paddingLeft: 32 }}>
            <MaskingChecklist result={maskability} />
          </div>
        ) : null}
      </Stack>
    </FormModalBody>
  );
}
