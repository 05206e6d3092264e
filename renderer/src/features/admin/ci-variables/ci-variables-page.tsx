import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import {
  IconDownload,
  IconEye,
  IconEyeOff,
  IconFileImport,
  IconPlus,
  IconVariable,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useDeleteCiVariable } from '../../../api/admin/ci-variables/mutations.js';
import { ciVariableQueries } from '../../../api/admin/ci-variables/queries.js';
import type { CiVariable } from '../../../api/admin/ci-variables/types.js';
import { useActiveProfile } from '../../../app/active-profile.js';
import { DataTable, RefreshButton, TableToolbar } from '../../../components/data-table/index.js';
import { PageHeader } from '../../../components/page-header.js';
import { AdminDeleteConfirm, AdminListBody, countNoun, useListDialog } from '../admin-list.js';
import { ciVariableColumns, type CiVariableRowActions } from './ci-variable-columns.js';
import { CiVariableFormModal } from './ci-variable-form-modal.js';
import { downloadDotenv } from './download-dotenv.js';
import { ImportVariablesModal } from './import-variables-modal.js';

/**
 * Admin → CI/CD variables: the instance-level variables every pipeline gets, with values hidden
 * until revealed per row, add/edit dialogs that check GitLab's key and masking rules as you type,
 * `.env` import with a preview, and `.env` export.
 */
export function CiVariablesPage() {
  const profile = useActiveProfile();
  const query = useQuery(ciVariableQueries.list(profile.id));
  const deleteVariable = useDeleteCiVariable(profile.id);
  const {
    dialog,
    open: setDialog,
    close: closeDialog,
    editing,
    deleting,
  } = useListDialog<CiVariable, 'import'>(deleteVariable);
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  const variables = query.data ?? [];
  const allRevealed = variables.length > 0 && variables.every((variable) => revealed.has(variable.key));

  const rowActions: CiVariableRowActions = {
    isRevealed: (key) => revealed.has(key),
    onToggleReveal: (key) =>
      setRevealed((previous) => {
        const next = new Set(previous);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    onEdit: (variable) => setDialog({ kind: 'edit', item: variable }),
    onDelete: (variable) => setDialog({ kind: 'delete', item: variable }),
  };

  const exportVariables = () => {
    const { skipped } = downloadDotenv(variables, profile.name);
    const written = variables.length - skipped.length;
    notifications.show({
      color: skipped.length > 0 ? 'orange' : 'teal',
      title: 'Variables exported',
      message:
        skipped.length > 0
          ? `${written} written to the .env file; ${skipped.join(', ')} could not be (see the file’s last line).`
          : `${written} ${written === 1 ? 'variable' : 'variables'} written to the .env file. It holds secrets: keep it safe.`,
    });
  };

  const actions = (
    <>
      <Button
        variant="default"
        leftSection={<IconFileImport size={16} />}
        onClick={() => setDialog({ kind: 'import' })}
        disabled={!query.data}
      >
        Import .env
      </Button>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        onClick={exportVariables}
        disabled={variables.length === 0}
      >
        Export .env
      </Button>
      <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'add' })}>
        Add variable
      </Button>
    </>
  );

  let description = `Variables every pipeline on ${profile.name} gets`;
  if (query.data) {
    description =
      variables.length === 0
        ? `No instance variables on ${profile.name}`
        : `${countNoun(variables.length, 'variable', 'variables')} every pipeline on ${profile.name} gets`;
  }

  const body = (
    <AdminListBody
      query={query}
      what="CI/CD variables"
      isEmpty={variables.length === 0}
      empty={{
        icon: <IconVariable size={26} stroke={1.6} />,
        title: 'No instance variables yet',
        description:
          'Instance variables reach every pipeline of every project. Add one, or import a .env file.',
        actions: (
          <>
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={() => setDialog({ kind: 'import' })}
            >
              Import .env
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'add' })}>
              Add variable
            </Button>
          </>
        ),
      }}
    >
      <TableToolbar hint="Values stay hidden until you reveal them. Protected variables reach only protected branches and tags.">
        <Group gap={6}>
          <Button
            variant="default"
            size="xs"
            leftSection={allRevealed ? <IconEyeOff size={14} /> : <IconEye size={14} />}
            onClick={() =>
              setRevealed(allRevealed ? new Set() : new Set(variables.map((variable) => variable.key)))
            }
            disabled={variables.length === 0}
          >
            {allRevealed ? 'Hide values' : 'Reveal values'}
          </Button>
          <RefreshButton
            label="Refresh variables"
            onRefresh={() => void query.refetch()}
            refreshing={query.isFetching && !query.isPending}
          />
        </Group>
      </TableToolbar>
      <DataTable
        label="Instance CI/CD variables"
        data={variables}
        columns={ciVariableColumns}
        meta={rowActions}
        getRowId={(variable) => variable.key}
        loading={query.isPending}
        skeletonRows={4}
        rowTestId="variable-row"
        minWidth={820}
      />
    </AdminListBody>
  );

  return (
    <>
      <PageHeader title="CI/CD variables" description={description} actions={actions} />
      {body}
      <CiVariableFormModal
        profileId={profile.id}
        opened={dialog.kind === 'add' || dialog.kind === 'edit'}
        variable={editing}
        existingKeys={variables.map((variable) => variable.key)}
        onClose={closeDialog}
      />
      <ImportVariablesModal
        profileId={profile.id}
        opened={dialog.kind === 'import'}
        variables={variables}
        onClose={closeDialog}
      />
      <AdminDeleteConfirm
        item={deleting}
        mutation={deleteVariable}
        idOf={(variable) => variable.key}
        title={(variable) => `Delete variable ${variable?.key ?? ''}?`}
        confirmLabel="Delete variable"
        deleted={(variable) => ({
          title: 'Variable deleted',
          message: `Pipelines no longer get ${variable.key}.`,
        })}
        onClose={closeDialog}
      >
        <Text size="sm">
          Pipelines that start from now on no longer get <b>{deleting?.key}</b>. Jobs that rely on it may
          fail. This cannot be undone.
        </Text>
      </AdminDeleteConfirm>
    </>
  );
}
