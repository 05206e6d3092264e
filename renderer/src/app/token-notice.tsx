import { Alert, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconKey } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ProfileSummary } from '../../../shared/ipc-contract.js';
import { ApiError } from '../api/api-error.js';
import { getBridge } from '../api/bridge.js';
import { profileKeys } from '../api/profiles/keys.js';
import { EditInstanceModal } from './layout/edit-instance-modal.js';
import { notifiedKey, shouldNotify, tokenNoticeFor } from './token-notice-state.js';

/**
 * True once a query of `profileId` failed with 401 (the instance refused the token), until `reset`.
 * Watches the query cache (keys start with `['profile', profileId]`, api/profiles/keys.ts), so no
 * screen has to report it.
 */
function useTokenRejected(profileId: string | null): { rejected: boolean; reset: () => void } {
  const client = useQueryClient();
  const [rejected, setRejected] = useState(false);
  useEffect(() => {
    if (profileId === null) return;
    const scope = profileKeys.scope(profileId);
    return client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const key = event.query.queryKey;
      if (key[0] !== scope[0] || key[1] !== scope[1]) return;
      if (event.action.error instanceof ApiError && event.action.error.status === 401) setRejected(true);
    });
  }, [client, profileId]);
  return { rejected, reset: () => setRejected(false) };
}

/** The day the token notification of `profileId` was last shown (`YYYY-MM-DD`), or null. */
function readNotified(profileId: string): string | null {
  try {
    return window.localStorage.getItem(notifiedKey(profileId));
  } catch {
    return null;
  }
}

/**
 * The token notice of the active instance (issue 27): a warning from 7 days before the token's expiry
 * (GitLab 16.0+ tokens always expire), an error once it expired or once the instance answers 401, each
 * with "Replace token", which opens the Edit dialog so the new token replaces the old one in place (the
 * host checks it with the instance before it saves). The first notice of a day is also an OS
 * notification (`notify:show`; nothing in the browser host). Nothing for the embedded instance.
 */
export function TokenNotice({ profile }: { profile: ProfileSummary | null }) {
  const client = useQueryClient();
  const { rejected, reset } = useTokenRejected(profile?.id ?? null);
  const [editing, setEditing] = useState(false);
  const state = profile ? tokenNoticeFor(profile, new Date(), rejected) : null;

  const profileId = profile?.id ?? null;
  const profileName = profile?.name ?? '';
  const sentence = state?.sentence ?? null;
  useEffect(() => {
    if (profileId === null || sentence === null) return;
    const now = new Date();
    if (!shouldNotify(readNotified(profileId), now)) return;
    try {
      window.localStorage.setItem(notifiedKey(profileId), now.toISOString().slice(0, 10));
    } catch {
      // Storage full or blocked: the notification may repeat, nothing else is lost.
    }
    void getBridge()
      .notify.show({ title: `Outpost: ${profileName} token`, body: sentence })
      .catch(() => undefined);
  }, [profileId, profileName, sentence]);

  if (!profile || !state) return null;
  const closeEditor = () => {
    setEditing(false);
    reset();
    // Whatever failed with the old token is read again with the new one.
    void client.invalidateQueries({ queryKey: profileKeys.scope(profile.id) });
  };
  return (
    <>
      <Alert
        role={state.kind === 'expiring' ? 'status' : 'alert'}
        variant="light"
        color={state.kind === 'expiring' ? 'yellow' : 'red'}
        radius="md"
        mb="md"
        icon={<IconKey size={18} />}
        data-testid="token-notice"
      >
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" style={{ flex: '1 1 20rem' }}>
            {state.sentence}
          </Text>
          <Button
            size="xs"
            variant="light"
            color={state.kind === 'expiring' ? 'yellow' : 'red'}
            onClick={() => setEditing(true)}
          >
            Replace token
          </Button>
        </Group>
      </Alert>
      <EditInstanceModal profile={editing ? profile : null} onClose={closeEditor} />
    </>
  );
}
