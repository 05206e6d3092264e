import { Alert, Button, Checkbox, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconKey } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { TOKEN_SCOPES } from '../../../../../shared/access-levels.js';
import {
  useCreateImpersonationToken,
  useRevokeImpersonationToken,
} from '../../../api/admin/users/mutations.js';
import { adminUserQueries, type ImpersonationToken } from '../../../api/admin/users/queries.js';
import { describeError } from '../../../api/describe-error.js';
import { ConfirmModal } from '../../../components/confirm-modal.js';
import { CopyIconButton } from '../../../components/copy-button/copy-button.js';
import { DetailSection } from '../../../components/detail-drawer/detail-drawer.js';
import { FormErrorAlert } from '../../../components/form-modal/form-modal.js';
import { TokenList } from './token-list.js';

/** `YYYY-MM-DD` `days` from today (UTC). */
function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A user's impersonation tokens (doc/api/user_tokens.md, administrators): tokens an administrator makes
 * to act as the user through the API, listed with their state and revoked after a confirmation; "Create"
 * asks for a name, scopes and an expiry (30 days by default; GitLab 16.0+ requires one) and shows the new
 * token once, with a copy button. It never reaches storage on this computer.
 */
export function ImpersonationTokensSection({ profileId, userId }: { profileId: string; userId: number }) {
  const tokens = useQuery(adminUserQueries.impersonationTokens(profileId, userId));
  const create = useCreateImpersonationToken(profileId, userId);
  const revoke = useRevokeImpersonationToken(profileId, userId);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['api']);
  const [expires, setExpires] = useState(inDays(30));
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<ImpersonationToken | null>(null);
  const items = (tokens.data?.items ?? []) as ImpersonationToken[];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || scopes.length === 0) return;
    create.mutate(
      { name: name.trim(), scopes, ...(expires ? { expires_at: expires } : {}) },
      {
        onSuccess: (token) => {
          setCreated({ name: token.name, token: token.token ?? '' });
          setName('');
        },
      },
    );
  };

  return (
    <DetailSection label="Impersonation tokens">
      <Stack gap="sm">
        {tokens.isError ? (
          <Text size="sm" c="red">
            Couldn’t load impersonation tokens: {describeError(tokens.error)}
          </Text>
        ) : tokens.data && items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No impersonation tokens.
          </Text>
        ) : items.length > 0 ? (
          <TokenList
            tokens={items}
            testId="user-impersonation-tokens"
            revokeLabel={(token) => `Revoke impersonation token ${token.name}`}
            onRevoke={(token) => {
              revoke.reset();
              setRevoking(token);
            }}
          />
        ) : null}
        {created ? (
          <Alert
            color="teal"
            variant="light"
            icon={<IconKey size={16} />}
            title={`Token ${created.name} created`}
          >
            <Stack gap={4}>
              <Text size="sm">Copy it now: GitLab shows it only once.</Text>
              <Group gap={4} wrap="nowrap">
                <Code data-testid="new-impersonation-token" style={{ wordBreak: 'break-all' }}>
                  {created.token}
                </Code>
                <CopyIconButton value={created.token} label="Copy token" />
              </Group>
              <Button size="compact-xs" variant="subtle" onClick={() => setCreated(null)} w="fit-content">
                Done
              </Button>
            </Stack>
          </Alert>
        ) : null}
        <form onSubmit={submit} aria-label="Create impersonation token">
          <Stack gap={6}>
            <FormErrorAlert error={create.error} title="The token was not created" />
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                size="xs"
                label="Token name"
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                style={{ flex: '1 1 12rem' }}
              />
              <TextInput
                size="xs"
                type="date"
                label="Expires"
                value={expires}
                onChange={(event) => setExpires(event.currentTarget.value)}
                w={150}
              />
              <Button
                size="xs"
                type="submit"
                disabled={!name.trim() || scopes.length === 0}
                loading={create.isPending}
              >
                Create
              </Button>
            </Group>
            <Checkbox.Group value={scopes} onChange={setScopes} label="Scopes" size="xs">
              <Group gap="sm" mt={4}>
                {TOKEN_SCOPES.map((scope) => (
                  <Checkbox key={scope} value={scope} label={scope} />
                ))}
              </Group>
            </Checkbox.Group>
          </Stack>
        </form>
      </Stack>
      <ConfirmModal
        opened={revoking !== null}
        title={`Revoke impersonation token ${revoking?.name ?? ''}?`}
        confirmLabel="Revoke"
        busy={revoke.isPending}
        error={revoke.error}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: `Impersonation token ${revoking.name} revoked.` });
              setRevoking(null);
            },
          });
        }}
      >
        <Text size="sm">Anything acting as this user with the token stops working at once.</Text>
      </ConfirmModal>
    </DetailSection>
  );
}
