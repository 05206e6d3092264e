import { Alert, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconTag } from '@tabler/icons-react';
import { useState } from 'react';
import { describeError } from '../../api/describe-error.js';
import { useCreateTag, useSaveRelease } from '../../api/repository/mutations.js';
import { FormModal } from '../../components/form-modal/form-modal.js';
import { validateRefName } from './branch-rules.js';
import { MarkdownField } from './markdown-field.js';
import { CreateFromField, RefNameInput } from './ref-form-fields.js';
import { useRepository } from './repository-context.js';

/**
 * "New tag": name, the ref it points at, lightweight or annotated (with a message), and optional
 * release notes in Markdown (saved once the tag exists, through the Releases API or, on GitLab 13.x, the
 * tag release endpoint: api/repository/release-notes-api.ts).
 */
export function CreateTagModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { profileId, projectId, ref: currentRef } = useRepository();
  const [name, setName] = useState('');
  const [ref, setRef] = useState(currentRef);
  const [kind, setKind] = useState<'lightweight' | 'annotated'>('annotated');
  const [message, setMessage] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<{ name?: string; message?: string }>({});
  const [releaseError, setReleaseError] = useState<unknown>(null);
  const createTag = useCreateTag(profileId, projectId);
  const saveRelease = useSaveRelease(profileId, projectId);
  const busy = createTag.isPending || saveRelease.isPending;

  const close = () => {
    if (busy) return;
    setName('');
    setMessage('');
    setNotes('');
    setErrors({});
    setReleaseError(null);
    createTag.reset();
    saveRelease.reset();
    onClose();
  };

  const submit = () => {
    const tagName = name.trim();
    const next: typeof errors = {};
    const nameProblem = validateRefName(tagName, 'tag');
    if (nameProblem) next.name = nameProblem;
    if (kind === 'annotated' && !message.trim()) next.message = 'An annotated tag needs a message.';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    createTag.mutate(
      { tagName, ref, message: kind === 'annotated' ? message.trim() : undefined },
      {
        onSuccess: (tag) => {
          const done = (withNotes: boolean) => {
            notifications.show({
              color: 'teal',
              title: 'Tag created',
              message: `${tag.name} points at ${tag.commit.short_id}${withNotes ? ', with release notes' : ''}.`,
            });
            close();
          };
          if (!notes.trim()) {
            done(false);
            return;
          }
          saveRelease.mutate(
            { tagName: tag.name, description: notes, exists: false },
            {
              onSuccess: () => done(true),
              onError: (error) => setReleaseError(error),
            },
          );
        },
      },
    );
  };

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title="New tag"
      size="lg"
      onSubmit={submit}
      busy={busy}
      submitLabel="Create tag"
      hideSubmit={Boolean(releaseError)}
      cancelLabel={releaseError ? 'Close' : 'Cancel'}
      error={createTag.isError ? createTag.error : null}
      errorTitle="The tag was not created"
      notices={
        releaseError ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertCircle />}
            title="Tag created, release notes not saved"
          >
            {describeError(releaseError)} Add them from the tag list.
          </Alert>
        ) : null
      }
    >
      <Group grow align="flex-start">
        <RefNameInput
          label="Tag name"
          placeholder="v1.2.0"
          value={name}
          onChange={setName}
          error={errors.name}
          leftSection={<IconTag size={14} />}
        />
        <CreateFromField value={ref} onChange={setRef} />
      </Group>
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Type
        </Text>
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value as 'lightweight' | 'annotated')}
          data={[
            { value: 'annotated', label: 'Annotated' },
            { value: 'lightweight', label: 'Lightweight' },
          ]}
          w={280}
        />
        <Text size="xs" c="dimmed">
          {kind === 'annotated'
            ? 'A tag object with its own message, author and date — what releases usually use.'
            : 'Just a name for a commit, with no message of its own.'}
        </Text>
      </Stack>
      {kind === 'annotated' ? (
        <Textarea
          label="Message"
          placeholder="Version 1.2.0"
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          error={errors.message}
          autosize
          minRows={2}
          maxRows={6}
          required
        />
      ) : null}
      <MarkdownField
        label="Release notes (optional)"
        description="Markdown. Shown with the tag in the list."
        value={notes}
        onChange={setNotes}
        placeholder={'## What changed\n\n- …'}
      />
    </FormModal>
  );
}
