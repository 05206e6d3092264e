import { Radio, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { User } from '../../../../../shared/api-types/users.js';
import { useDeleteUser } from '../../../api/admin/users/mutations.js';
import { ConfirmModal } from '../../../components/confirm-modal.js';

/** Props of {@link UserDeleteModal}. */
export interface UserDeleteModalProps {
  profileId: string;
  /** The user to delete; null keeps the dialog closed. */
  user: User | null;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * "Delete user" with GitLab's choice (doc/api/users.md "Delete a user", `hard_delete`): keep their
 * contributions (moved to the Ghost user) or delete them too. As GitLab's Admin Area asks, the username
 * must be typed to confirm (app/assets/javascripts/admin/users/components/modals/delete_user_modal.vue).
 */
export function UserDeleteModal({ profileId, user, onClose, onDeleted }: UserDeleteModalProps) {
  const [mode, setMode] = useState<'keep' | 'hard'>('keep');
  const [typed, setTyped] = useState('');
  const [tried, setTried] = useState(false);
  const remove = useDeleteUser(profileId);
  const close = () => {
    setTyped('');
    setTried(false);
    setMode('keep');
    remove.reset();
    onClose();
  };
  const matches = user !== null && typed.trim() === user.username;
  return (
    <ConfirmModal
      opened={user !== null}
      title={`Delete user ${user?.username ?? ''}?`}
      confirmLabel={mode === 'hard' ? 'Delete user and contributions' : 'Delete user'}
      busy={remove.isPending}
      error={
        remove.error ?? (tried && !matches ? new Error(`Type ${user?.username ?? ''} to confirm.`) : null)
      }
      onClose={close}
      onConfirm={() => {
        if (!user) return;
        if (!matches) {
          setTried(true);
          return;
        }
        remove.mutate(
          { id: user.id, hardDelete: mode === 'hard' },
          {
            onSuccess: () => {
              notifications.show({
                color: 'teal',
                title: 'User deleted',
                message:
                  mode === 'hard'
                    ? `${user.username} and their contributions were deleted.`
                    : `${user.username} was deleted; their contributions now belong to the Ghost user.`,
              });
              close();
              onDeleted();
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <Radio.Group
          value={mode}
          onChange={(value) => setMode(value as 'keep' | 'hard')}
          aria-label="What happens to their contributions"
        >
          <Stack gap={6}>
            <Radio
              value="keep"
              label="Keep their contributions: issues, merge requests and notes move to the system-wide Ghost user"
            />
            <Radio
              value="hard"
              label="Delete their contributions too: their issues, merge requests and groups they alone own are deleted"
            />
          </Stack>
        </Radio.Group>
        <Text size="sm">
          To avoid data loss, consider blocking the user instead. Once deleted, the user cannot be recovered.
        </Text>
        <TextInput
          label={`Type ${user?.username ?? ''} to confirm`}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
        />
      </Stack>
    </ConfirmModal>
  );
}
