import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { describeError } from '../../api/describe-error.js';
import { useSaveRelease } from '../../api/repository/mutations.js';
import type { Tag } from '../../api/repository/types.js';
import { MarkdownField } from './markdown-field.js';
import { useRepository } from './repository-context.js';

/** Add or edit a tag's release notes (Markdown): POST when it has none, PUT when it has some. */
export function ReleaseNotesModal({ tag, onClose }: { tag: Tag; onClose: () => void }) {
  const { profileId, projectId } = useRepository();
  const [notes, setNotes] = useState(tag.release?.description ?? '');
  const saveRelease = useSaveRelease(profileId, projectId);
  const exists = tag.release !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    saveRelease.mutate(
      { tagName: tag.name, description: notes, exists },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            title: 'Release notes saved',
            message: `Notes of ${tag.name} saved.`,
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={() => {
        if (!saveRelease.isPending) onClose();
      }}
      title={<Text fw={600}>Release notes of {tag.name}</Text>}
      size="lg"
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          {saveRelease.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} title="The notes were not saved">
              {describeError(saveRelease.error)}
            </Alert>
          ) : null}
          <MarkdownField label="Release notes" value={notes} onChange={setNotes} autoFocus />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saveRelease.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={saveRelease.isPending} disabled={!notes.trim()}>
              Save notes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
