import { Badge, Button, Group, Paper, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { IconShieldLock, IconShieldOff } from '@tabler/icons-react';
import { instanceName } from '../../../../shared/instance-capabilities.js';
import { useInstanceCapabilities } from '../../api/capabilities/capabilities.js';
import type { ProtectedBranch } from '../../api/repository/types.js';
import { DataTable, TableEmptyState, tableMeta } from '../../components/data-table/index.js';
import { PageHeader } from '../../components/page-header.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { isWildcard, matchingBranches } from './branch-matches.js';
import { MutationConfirmModal } from './mutation-confirm-modal.js';
import { AccessPicker, ForcePushSwitch, protectionUpdateMode } from './protected-branch-controls.js';
import { ProtectBranchForm } from './protect-branch-form.js';
import classes from './repository-table.module.css';
import { useProtectedBranchesState } from './use-protected-branches-state.js';

/** What the rule cells need beyond their rule. */
interface RuleTableMeta {
  /** The repository's branch names once loaded, for the "matches" line; null before. */
  branchNames: string[] | null;
  onUnprotect: (rule: ProtectedBranch) => void;
}

/** The rule's name (tooltip with the whole name), a wildcard badge, and what it matches. */
function RuleName({ rule, branchNames }: { rule: ProtectedBranch; branchNames: string[] | null }) {
  const matches = branchNames ? matchingBranches(rule.name, branchNames) : [];
  return (
    <Stack gap={2}>
      <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
        <IconShieldLock
          size={16}
          stroke={1.7}
          color="var(--mantine-color-orange-6)"
          style={{ flex: 'none' }}
        />
        <Tooltip label={rule.name} multiline maw={480} style={{ overflowWrap: 'anywhere' }}>
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
      {branchNames ? (
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
  );
}

const column = createColumnHelper<ProtectedBranch>();
const SHRINK = { size: 'shrink', skeletonWidth: 90, skeletonHeight: 12 } as const;

/** The rules table's columns (module level: TanStack Table renders each cell as a component). */
const ruleColumns: ColumnDef<ProtectedBranch, unknown>[] = [
  column.display({
    id: 'name',
    header: 'Branch',
    meta: { className: classes.fillCell, skeletonWidth: 140, skeletonHeight: 12 },
    cell: ({ row, table }) => (
      <RuleName rule={row.original} branchNames={tableMeta<RuleTableMeta>(table).branchNames} />
    ),
  }),
  ...(['merge', 'push'] as const).map((kind) =>
    column.display({
      id: kind,
      header: kind === 'merge' ? 'Allowed to merge' : 'Allowed to push',
      meta: SHRINK,
      cell: ({ row }) => (
        <AccessPicker
          rule={row.original}
          kind={kind}
          entries={kind === 'merge' ? row.original.merge_access_levels : row.original.push_access_levels}
        />
      ),
    }),
  ),
  column.display({
    id: 'force',
    header: 'Force push',
    meta: SHRINK,
    cell: ({ row }) => <ForcePushSwitch rule={row.original} />,
  }),
  column.display({
    id: 'actions',
    header: () => <VisuallyHidden>Actions</VisuallyHidden>,
    meta: SHRINK,
    cell: ({ row, table }) => (
      <Button
        variant="default"
        color="red"
        size="xs"
        onClick={() => tableMeta<RuleTableMeta>(table).onUnprotect(row.original)}
        aria-label={`Unprotect ${row.original.name}`}
      >
        Unprotect
      </Button>
    ),
  }),
];

/**
 * Protected branches: every rule (names and wildcards, with the branches each matches), who may
 * merge and push (pickers saved on change), force push, unprotect; and a form to protect more.
 */
export function ProtectedBranchesPage() {
  const { rules, branchNames, loadedBranchNames, unprotect, toUnprotect, setToUnprotect } =
    useProtectedBranchesState();
  const { capabilities } = useInstanceCapabilities();

  let body;
  if (rules.isError) {
    body = <QueryErrorAlert title="Couldn’t load protected branches" query={rules} m="md" />;
  } else if (rules.data && rules.data.length === 0) {
    body = null;
  } else {
    body = (
      <DataTable
        data={rules.data ?? []}
        columns={ruleColumns}
        meta={{ branchNames: loadedBranchNames, onUnprotect: setToUnprotect } satisfies RuleTableMeta}
        getRowId={(rule) => String(rule.id)}
        loading={!rules.data}
        skeletonRows={3}
        rowTestId="protected-row"
        minWidth={860}
        label="Protected branches"
      />
    );
  }

  const count = rules.data?.length;
  const reprotects = protectionUpdateMode(capabilities) === 'reprotect';
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
        {reprotects && body ? (
          <Text size="xs" c="dimmed" data-testid="reprotect-note">
            {capabilities ? instanceName(capabilities) : 'This GitLab'} is the Community Edition, which
            changes the roles of a protected branch only through GitLab Premium. Outpost changes them by
            unprotecting the branch and protecting it again, then reads the rule back to check it.
          </Text>
        ) : null}
        {body ? (
          <Paper withBorder>{body}</Paper>
        ) : (
          <TableEmptyState
            py={48}
            icon={<IconShieldOff size={26} stroke={1.6} />}
            title="No branch is protected"
            description="Anyone with Developer access can push to, force-push to and delete every branch. Protect the default branch with the form above."
          />
        )}
      </Stack>
      <MutationConfirmModal
        opened={toUnprotect !== null}
        title="Unprotect branch"
        confirmLabel="Unprotect"
        mutation={unprotect}
        variables={toUnprotect?.name ?? ''}
        done={{ title: 'Protection removed', message: `${toUnprotect?.name} is no longer protected.` }}
        onClose={() => setToUnprotect(null)}
      >
        <Text size="sm">
          Remove the protection of <b>{toUnprotect?.name}</b>? Everyone with Developer access can then push
          to, force-push to and delete {isWildcard(toUnprotect?.name ?? '') ? 'the matching branches' : 'it'}.
        </Text>
      </MutationConfirmModal>
    </>
  );
}
