import {
  Badge,
  Button,
  EmptyState,
  Group,
  Loader,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconShieldLock, IconShieldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { describeError } from '../../api/describe-error.js';
import { useUnprotectBranch, useUpdateProtectedBranch } from '../../api/repository/mutations.js';
import { repositoryQueries } from '../../api/repository/queries.js';
import type { AccessLevelEntry, ProtectedBranch } from '../../api/repository/types.js';
import { ConfirmModal } from '../../components/confirm-modal.js';
import { PageHeader } from '../../components/page-header.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { describeAccess, PROTECTION_LEVEL_OPTIONS, roleEntry } from './access-levels.js';
import { isWildcard, matchingBranches } from './branch-matches.js';
import { ProtectBranchForm } from './protect-branch-form.js';
import { useRepository } from './repository-context.js';
import classes from './repository-table.module.css';

/** A Select of the rule's role level, saved on change; users/groups entries are summarised beside it. */
function AccessPicker({
  rule,
  kind,
  entries,
}: {
  rule: ProtectedBranch;
  kind: 'push' | 'merge';
  entries: AccessLevelEntry[];
}) {
  const { profileId, projectId } = useRepository();
  const update = useUpdateProtectedBranch(profileId, projectId);
  const role = roleEntry(entries);
  const extra = entries.length - (role ? 1 : 0);
  const label = kind === 'push' ? 'Allowed to push' : 'Allowed to merge';
  return (
    <Stack gap={2}>
      <Select
        aria-label={`${label} to ${rule.name}`}
        data={PROTECTION_LEVEL_OPTIONS}
        value={
          role?.access_level !== null && role?.access_level !== undefined ? String(role.access_level) : null
        }
        placeholder={describeAccess(entries)}
        onChange={(value) => {
          if (value === null) return;
          const change = { entryId: role?.id, accessLevel: Number(value) };
          update.mutate(
            { name: rule.name, ...(kind === 'push' ? { push: change } : { merge: change }) },
            {
              onSuccess: () =>
                notifications.show({
                  color: 'teal',
                  title: 'Protection updated',
                  message: `${label} to ${rule.name}: ${PROTECTION_LEVEL_OPTIONS.find((o) => o.value === value)?.label}.`,
                }),
              onError: (error) =>
                notifications.show({
                  color: 'red',
                  title: 'Protection not updated',
                  message: describeError(error),
                }),
            },
          );
        }}
        allowDeselect={false}
        size="xs"
        w={210}
        rightSection={update.isPending ? <Loader size={12} /> : undefined}
        data-testid={`${kind}-access`}
      />
      {extra > 0 ? (
        <Text size="xs" c="dimmed">
          + {extra} {extra === 1 ? 'user or group' : 'users or groups'}
        </Text>
      ) : null}
    </Stack>
  );
}

function ForcePushSwitch({ rule }: { rule: ProtectedBranch }) {
  const { profileId, projectId } = useRepository();
  const update = useUpdateProtectedBranch(profileId, projectId);
  return (
    <Switch
      aria-label={`Allow force push to ${rule.name}`}
      checked={rule.allow_force_push}
      disabled={update.isPending}
      onChange={(event) =>
        update.mutate(
          { name: rule.name, allowForcePush: event.currentTarget.checked },
          {
            onError: (error) =>
              notifications.show({
                color: 'red',
                title: 'Protection not updated',
                message: describeError(error),
              }),
          },
        )
      }
    />
  );
}

/**
 * Protected branches: every rule (names and wildcards, with the branches each matches), who may
 * merge and push (pickers saved on change), force push, unprotect; and a form to protect more.
 */
export function ProtectedBranchesPage() {
  const { profileId, projectId, empty } = useRepository();
  const [toUnprotect, setToUnprotect] = useState<ProtectedBranch | null>(null);
  const rules = useQuery(repositoryQueries.protectedBranchList(profileId, projectId));
  const branches = useQuery({
    ...repositoryQueries.branchList(profileId, projectId, { search: '', page: 1, perPage: 100 }),
    enabled: !empty,
  });
  const branchNames = (branches.data?.items ?? []).map((branch) => branch.name);
  const unprotect = useUnprotectBranch(profileId, projectId);

  let body;
  if (rules.isError) {
    body = (
      <QueryErrorAlert
        title="Couldn’t load protected branches"
        error={rules.error}
        onRetry={() => rules.refetch()}
        retrying={rules.isFetching}
        m="md"
      />
    );
  } else if (rules.data && rules.data.length === 0) {
    body = (
      <EmptyState
        py={48}
        variant="light"
        icon={<IconShieldOff size={26} stroke={1.6} />}
        title="No branch is protected"
        description="Anyone with Developer access can push to, force-push to and delete every branch. Protect the default branch with the form above."
      />
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={860} type="native">
        <Table className={classes.table} verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Branch</Table.Th>
              <Table.Th className={classes.shrink}>Allowed to merge</Table.Th>
              <Table.Th className={classes.shrink}>Allowed to push</Table.Th>
              <Table.Th className={classes.shrink}>Force push</Table.Th>
              <Table.Th className={classes.shrink} aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {!rules.data
              ? Array.from({ length: 3 }, (_, index) => (
                  <Table.Tr key={index}>
                    {Array.from({ length: 5 }, (__, cell) => (
                      <Table.Td key={cell}>
                        <Skeleton height={12} width={cell === 0 ? 140 : 90} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : rules.data.map((rule) => {
                  const matches = matchingBranches(rule.name, branchNames);
                  return (
                    <Table.Tr key={rule.id} data-testid="protected-row">
                      <Table.Td style={{ maxWidth: 0, width: '100%' }}>
                        <Stack gap={2}>
                          <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
                            <IconShieldLock
                              size={16}
                              stroke={1.7}
                              color="var(--mantine-color-orange-6)"
                              style={{ flex: 'none' }}
                            />
                            <Tooltip
                              label={rule.name}
                              multiline
                              maw={480}
                              style={{ overflowWrap: 'anywhere' }}
                            >
                              <Text
                                size="sm"
                                fw={600}
                                ff="monospace"
                                truncate
                                tabIndex={0}
                                style={{ minWidth: 0 }}
                                data-testid="protected-name"
                              >
                                {rule.name}
                              </Text>
                            </Tooltip>
                            {isWildcard(rule.name) ? (
                              <Badge size="sm" variant="light" color="grape" style={{ flex: 'none' }}>
                                wildcard
                              </Badge>
                            ) : null}
                          </Group>
                          {branches.data ? (
                            <Tooltip
                              label={matches.length ? matches.join(', ') : 'No branch matches yet'}
                              multiline
                              w={300}
                              disabled={!isWildcard(rule.name)}
                            >
                              <Text size="xs" c="dimmed">
                                {isWildcard(rule.name)
                                  ? `${matches.length} matching ${matches.length === 1 ? 'branch' : 'branches'}`
                                  : matches.length
                                    ? 'Branch exists'
                                    : 'No such branch yet'}
                              </Text>
                            </Tooltip>
                          ) : null}
                        </Stack>
                      </Table.Td>
                      <Table.Td className={classes.shrink}>
                        <AccessPicker rule={rule} kind="merge" entries={rule.merge_access_levels} />
                      </Table.Td>
                      <Table.Td className={classes.shrink}>
                        <AccessPicker rule={rule} kind="push" entries={rule.push_access_levels} />
                      </Table.Td>
                      <Table.Td className={classes.shrink}>
                        <ForcePushSwitch rule={rule} />
                      </Table.Td>
                      <Table.Td className={classes.shrink}>
                        <Button
                          variant="default"
                          color="red"
                          size="xs"
                          onClick={() => setToUnprotect(rule)}
                          aria-label={`Unprotect ${rule.name}`}
                        >
                          Unprotect
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  const count = rules.data?.length;
  return (
    <>
      <PageHeader
        title="Protected branches"
        description={
          count !== undefined
            ? `${count === 0 ? 'No' : count} protection ${count === 1 ? 'rule' : 'rules'} · who may push, merge and force-push`
            : 'Who may push, merge and force-push to which branches.'
        }
      />
      <Stack gap="md">
        <ProtectBranchForm branchNames={branchNames} />
        <Paper withBorder>{body}</Paper>
      </Stack>
      <ConfirmModal
        opened={toUnprotect !== null}
        title="Unprotect branch"
        confirmLabel="Unprotect"
        busy={unprotect.isPending}
        error={unprotect.error}
        onClose={() => {
          unprotect.reset();
          setToUnprotect(null);
        }}
        onConfirm={() => {
          if (!toUnprotect) return;
          const name = toUnprotect.name;
          unprotect.mutate(name, {
            onSuccess: () => {
              notifications.show({
                color: 'teal',
                title: 'Protection removed',
                message: `${name} is no longer protected.`,
              });
              unprotect.reset();
              setToUnprotect(null);
            },
          });
        }}
      >
        <Text size="sm">
          Remove the protection of <b>{toUnprotect?.name}</b>? Everyone with Developer access can then push
          to, force-push to and delete {isWildcard(toUnprotect?.name ?? '') ? 'the matching branches' : 'it'}.
        </Text>
      </ConfirmModal>
    </>
  );
}
