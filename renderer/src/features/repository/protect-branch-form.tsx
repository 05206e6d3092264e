import { Autocomplete, Button, Group, Paper, Select, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { FormErrorAlert } from '../../components/form-modal/form-modal.js';
import { useProtectBranch } from '../../api/repository/mutations.js';
import { DEFAULT_PROTECTION_LEVEL, PROTECTION_LEVEL_OPTIONS, protectionLevelLabel } from './access-levels.js';
import { isWildcard, matchingBranches } from './branch-matches.js';
import { useRepository } from './repository-context.js';

/** How many matching branch names the form lists before "and N more". */
const SHOWN_MATCHES = 6;

/** GitLab's limit on a protected branch name (the `name` column's 255 characters). */
export const PROTECTED_NAME_MAX = 255;

/**
 * What is wrong with a protected branch name or wildcard, in GitLab's words, or null when it may be
 * sent: blank, or longer than {@link PROTECTED_NAME_MAX} characters (counted as characters, not bytes).
 */
export function protectedNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a branch name or a wildcard such as release/*.';
  const length = [...trimmed].length;
  if (length > PROTECTED_NAME_MAX)
    return `Name is too long (maximum is ${PROTECTED_NAME_MAX} characters; this one has ${length}).`;
  return null;
}

/**
 * "Protect a branch": a branch name or wildcard (`release/*`, with the branches it matches shown
 * as you type), who may push and merge, and whether force pushes are allowed.
 */
export function ProtectBranchForm({ branchNames, onDone }: { branchNames: string[]; onDone?: () => void }) {
  const { profileId, projectId } = useRepository();
  const [name, setName] = useState('');
  const [push, setPush] = useState(String(DEFAULT_PROTECTION_LEVEL));
  const [merge, setMerge] = useState(String(DEFAULT_PROTECTION_LEVEL));
  const [forcePush, setForcePush] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const protect = useProtectBranch(profileId, projectId);
  const trimmed = name.trim();
  const matches = matchingBranches(trimmed, branchNames);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = protectedNameProblem(name);
    if (problem) {
      setNameError(problem);
      return;
    }
    setNameError(null);
    protect.mutate(
      {
        name: trimmed,
        pushAccessLevel: Number(push),
        mergeAccessLevel: Number(merge),
        allowForcePush: forcePush,
      },
      {
        onSuccess: (rule) => {
          notifications.show({
            color: 'teal',
            title: 'Branch protected',
            message: `${rule.name}: push ${protectionLevelLabel(Number(push)).toLowerCase()}, merge ${protectionLevelLabel(Number(merge)).toLowerCase()}.`,
          });
          setName('');
          setPush(String(DEFAULT_PROTECTION_LEVEL));
          setMerge(String(DEFAULT_PROTECTION_LEVEL));
          setForcePush(false);
          protect.reset();
          onDone?.();
        },
      },
    );
  };

  let matchText: string | null = null;
  if (trimmed) {
    if (matches.length === 0) {
      matchText = isWildcard(trimmed)
        ? 'Matches no branch yet; branches created later with a matching name are protected too.'
        : 'No branch has this name yet; it is protected as soon as it is created.';
    } else {
      const shown = matches.slice(0, SHOWN_MATCHES).join(', ');
      const more = matches.length > SHOWN_MATCHES ? ` and ${matches.length - SHOWN_MATCHES} more` : '';
      matchText = `Matches ${matches.length} ${matches.length === 1 ? 'branch' : 'branches'}: ${shown}${more}.`;
    }
  }

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate data-testid="protect-branch-form">
        <Stack gap="sm">
          <Group gap={8}>
            <IconShieldLock size={18} stroke={1.7} />
            <Text fw={600} size="sm">
              Protect a branch
            </Text>
          </Group>
          <FormErrorAlert error={protect.isError && protect.error} title="The branch was not protected" />
          <Group align="flex-start" gap="md" wrap="wrap">
            <Autocomplete
              label="Branch"
              placeholder="main or release/*"
              value={name}
              onChange={(value) => {
                setName(value);
                // The error was about the name as it was: a changed name clears it (and the instance's refusal).
                setNameError(null);
                if (protect.isError) protect.reset();
              }}
              data={branchNames}
              limit={20}
              error={nameError}
              w={{ base: '100%', sm: 280 }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            {(
              [
                ['Allowed to merge', merge, setMerge],
                ['Allowed to push', push, setPush],
              ] as const
            ).map(([label, value, setValue]) => (
              <Select
                key={label}
                label={label}
                data={PROTECTION_LEVEL_OPTIONS}
                value={value}
                onChange={(next) => next && setValue(next)}
                allowDeselect={false}
                w={230}
              />
            ))}
            <Tooltip label="Let those allowed to push rewrite the branch’s history." multiline w={240}>
              <Switch
                label="Allow force push"
                checked={forcePush}
                onChange={(event) => setForcePush(event.currentTarget.checked)}
                mt={32}
              />
            </Tooltip>
            <Button
              type="submit"
              loading={protect.isPending}
              leftSection={<IconShieldLock size={16} />}
              mt={25}
              ml="auto"
            >
              Protect
            </Button>
          </Group>
          <Text
            size="xs"
            c={matchText && matches.length === 0 ? 'orange' : 'dimmed'}
            data-testid="protect-matches"
          >
            {matchText ?? 'A branch name, or a wildcard such as release/* or *-stable that covers many.'}
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
