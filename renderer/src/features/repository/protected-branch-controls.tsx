import { Loader, Select, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { decideFeature, type InstanceCapabilities } from '../../../../shared/instance-capabilities.js';
import { useInstanceCapabilities } from '../../api/capabilities/capabilities.js';
import { describeError } from '../../api/describe-error.js';
import type { ProtectedBranchUpdateMode } from '../../api/repository/protected-branch-update.js';
import { useUpdateProtectedBranch } from '../../api/repository/mutations.js';
import type { AccessLevelEntry, ProtectedBranch } from '../../api/repository/types.js';
import { describeAccess, PROTECTION_LEVEL_OPTIONS, roleEntry } from './access-levels.js';
import { useRepository } from './repository-context.js';

/** The red notification of a protection change the instance refused. */
function notifyNotUpdated(error: Error) {
  notifications.show({ color: 'red', title: 'Protection not updated', message: describeError(error) });
}

/**
 * How this instance changes a rule: in place (`PATCH`) where role arrays are honoured, else by unprotecting
 * and protecting again (GitLab CE: capability `protected-branch-role-edit` is Premium). Pure.
 */
export function protectionUpdateMode(capabilities: InstanceCapabilities | null): ProtectedBranchUpdateMode {
  const decision = decideFeature('protected-branch-role-edit', capabilities);
  return decision.status === 'unavailable' && decision.reason === 'edition' ? 'reprotect' : 'patch';
}

/** The update mutation of one protection rule, in the form the instance accepts. */
function useRuleUpdate() {
  const { profileId, projectId } = useRepository();
  const { capabilities } = useInstanceCapabilities();
  return useUpdateProtectedBranch(profileId, projectId, protectionUpdateMode(capabilities));
}

/** A Select of the rule's role level, saved on change; users/groups entries are summarised beside it. */
export function AccessPicker({
  rule,
  kind,
  entries,
}: {
  rule: ProtectedBranch;
  kind: 'push' | 'merge';
  entries: AccessLevelEntry[];
}) {
  const update = useRuleUpdate();
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
            { name: rule.name, rule, ...(kind === 'push' ? { push: change } : { merge: change }) },
            {
              onSuccess: () =>
                notifications.show({
                  color: 'teal',
                  title: 'Protection updated',
                  message: `${label} to ${rule.name}: ${PROTECTION_LEVEL_OPTIONS.find((o) => o.value === value)?.label}.`,
                }),
              onError: notifyNotUpdated,
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

/** The rule's "Allow force push" switch, saved on change. */
export function ForcePushSwitch({ rule }: { rule: ProtectedBranch }) {
  const update = useRuleUpdate();
  return (
    <Switch
      aria-label={`Allow force push to ${rule.name}`}
      checked={rule.allow_force_push}
      disabled={update.isPending}
      onChange={(event) =>
        update.mutate(
          { name: rule.name, rule, allowForcePush: event.currentTarget.checked },
          { onError: notifyNotUpdated },
        )
      }
    />
  );
}
