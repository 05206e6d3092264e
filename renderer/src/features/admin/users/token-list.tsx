import { Badge, Button, Table, Text } from '@mantine/core';
import type { PersonalAccessToken } from '../../../../../shared/api-types/users.js';

/** A token's state as a badge says it: revoked, expired (inactive) or active. */
function tokenState(token: PersonalAccessToken): { label: string; color: string } {
  if (token.revoked) return { label: 'Revoked', color: 'gray' };
  if (!token.active) return { label: 'Expired', color: 'gray' };
  return { label: 'Active', color: 'teal' };
}

/** Props of {@link TokenList}. */
export interface TokenListProps<T extends PersonalAccessToken> {
  tokens: readonly T[];
  /** `data-testid` of the table. */
  testId: string;
  /** Accessible name of a token's Revoke button ("Revoke <name>"). */
  revokeLabel: (token: T) => string;
  onRevoke: (token: T) => void;
}

/**
 * Personal access or impersonation tokens of a user, one row each: name, scopes and expiry, state, and
 * Revoke for an active token (the caller confirms first).
 */
export function TokenList<T extends PersonalAccessToken>({
  tokens,
  testId,
  revokeLabel,
  onRevoke,
}: TokenListProps<T>) {
  return (
    <Table fz="sm" verticalSpacing={4} data-testid={testId}>
      <Table.Tbody>
        {tokens.map((token) => {
          const state = tokenState(token);
          return (
            <Table.Tr key={token.id}>
              <Table.Td style={{ wordBreak: 'break-word' }}>
                <Text size="sm" fw={500}>
                  {token.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {token.scopes.join(', ')} · {token.expires_at ? `expires ${token.expires_at}` : 'no expiry'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge size="xs" variant="light" color={state.color}>
                  {state.label}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                {token.active && !token.revoked ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={revokeLabel(token)}
                    onClick={() => onRevoke(token)}
                  >
                    Revoke
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
