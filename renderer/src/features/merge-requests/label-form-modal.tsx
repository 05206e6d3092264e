import { ColorInput, NumberInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useCreateLabel, useUpdateLabel } from '../../api/labels/mutations.js';
import type { Label } from '../../api/labels/types.js';
import { FormModal } from '../../components/form-modal/form-modal.js';
import { MarkdownField } from '../repository/markdown-field.js';

/**
 * Create or edit a label: name, colour, Markdown description, priority (`POST /projects/:id/labels`, or
 * `PUT /projects/:id/labels/:label_id` with `new_name` only when the name changed; doc/api/labels.md).
 * The core's error shows above the fields and the dialog stays open.
 */
export function LabelFormModal({
  profileId,
  projectId,
  label,
  onClose,
}: {
  profileId: string;
  projectId: number;
  /** The label to edit; null for a new one. */
  label: Label | null;
  onClose: () => void;
}) {
  const create = useCreateLabel(profileId, projectId);
  const update = useUpdateLabel(profileId, projectId);
  const [name, setName] = useState(label?.name ?? '');
  const [color, setColor] = useState(label?.color ?? '#6699cc');
  const [description, setDescription] = useState(label?.description ?? '');
  const [priority, setPriority] = useState<number | ''>(label?.priority ?? '');
  const mutation = label ? update : create;
  const submit = () => {
    if (label) {
      update.mutate(
        {
          id: label.id,
          input: {
            new_name: name.trim() === label.name ? undefined : name.trim(),
            color,
            description,
            priority,
          },
        },
        { onSuccess: onClose },
      );
    } else {
      create.mutate(
        { name: name.trim(), color, description, priority: priority === '' ? undefined : priority },
        { onSuccess: onClose },
      );
    }
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={label ? `Edit ${label.name}` : 'New label'}
      onSubmit={submit}
      busy={mutation.isPending}
      submitLabel={label ? 'Save label' : 'Create label'}
      submitDisabled={name.trim() === '' || color === ''}
      error={mutation.error}
      noValidate={false}
    >
      <TextInput
        label="Name"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        required
        data-autofocus
      />
      <ColorInput label="Colour" value={color} onChange={setColor} format="hex" required />
      <MarkdownField label="Description" value={description} onChange={setDescription} />
      <NumberInput
        label="Priority"
        description="Lower numbers sort first; leave empty for no priority."
        value={priority}
        onChange={(value) => setPriority(typeof value === 'number' ? value : '')}
        min={0}
        allowDecimal={false}
      />
    </FormModal>
  );
}
