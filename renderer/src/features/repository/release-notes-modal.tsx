import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSaveRelease } from '../../api/repository/mutations.js';
import type { Tag } from '../../api/repository/types.js';
import { FormModal } from '../../components/form-modal/form-modal.js';
import { MarkdownField } from './markdown-field.js';
import { useRepository } from './repository-context.js';

/**
 * Add or edit a tag's release notes (Markdown): POST when it has none, PUT when it has some, through the
 * API the instance offers (api/repository/release-notes-api.ts: the Releases API, or the tag release
 * endpoints on GitLab 13.x).
 */
export function ReleaseNotesModal({ tag, onClose }: { tag: Tag; onClose: () => void }) {
  const { profileId, projectId } = useRepository();
  const [notes, setNotes] = useState(tag.release?.description ?? '');
  const saveRelease = useSaveRelease(profileId, projectId);
  const exists = tag.release !== null;

  const submit = () => {
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
    <FormModal
      opened
      onClose={onClose}
      title={`Release notes of ${tag.name}`}
      size="lg"
      onSubmit={submit}
      busy={saveRelease.isPending}
      submitLabel="Save notes"
      submitDisabled={!notes.trim()}
      error={saveRelease.isError ? saveRelease.error : null}
      errorTitle="The notes were not saved"
      noValidate={false}
    >
      <MarkdownField label="Release notes" value={notes} onChange={setNotes} autoFocus />
    </FormModal>
  );
}
