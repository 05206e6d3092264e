import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Modal,
  Progress,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconFileUpload, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import {
  useImportCiVariables,
  type CiVariableImportResult,
} from '../../../api/admin/ci-variables/mutations.js';
import type { CiVariable } from '../../../api/admin/ci-variables/types.js';
import { describeError } from '../../../api/describe-error.js';
import { findUnreadableDotenvLines, parseDotenv } from './dotenv-format.js';
import {
  countImportRows,
  importSteps,
  planImport,
  unreadableLineRows,
  type ImportOptions,
  type ImportRow,
} from './import-plan.js';
import { ImportPreviewTable } from './import-preview-table.js';
import { ErrorAlert } from '../../../components/error-alert/error-alert.js';

/** Props of {@link ImportVariablesModal}. */
export interface ImportVariablesModalProps {
  profileId: string;
  opened: boolean;
  /** The instance's variables now, to tell additions from changes. */
  variables: readonly CiVariable[];
  onClose: () => void;
}

/**
 * "Import .env": pick a file or paste its text, see per key whether it is added, changed, unchanged
 * or skipped (and why), then apply the changes one request at a time with a progress bar.
 */
export function ImportVariablesModal(props: ImportVariablesModalProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={<Text fw={600}>Import variables from a .env file</Text>}
      size="xl"
    >
      {props.opened ? <ImportVariables {...props} /> : null}
    </Modal>
  );
}

function ImportVariables({ profileId, variables, onClose }: ImportVariablesModalProps) {
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [options, setOptions] = useState<ImportOptions>({ protected: false, masked: false });
  const [showValues, setShowValues] = useState(false);
  const [results, setResults] = useState<ReadonlyMap<string, CiVariableImportResult>>(new Map());
  // The preview is frozen while applying, so the rows do not shift as the list refreshes.
  const [frozen, setFrozen] = useState<ImportRow[] | null>(null);
  const importVariables = useImportCiVariables(profileId);

  const rows = frozen ?? [
    ...planImport(parseDotenv(text), variables, options),
    ...unreadableLineRows(findUnreadableDotenvLines(text)),
  ];
  const counts = countImportRows(rows);
  const steps = importSteps(rows, options);
  const applying = importVariables.isPending;
  const finished = importVariables.isSuccess;
  const failed = [...results.values()].filter((result) => !result.ok).length;

  const readFile = async (file: File | null) => {
    if (!file) return;
    setReadError(null);
    try {
      setText(await file.text());
      setFileName(file.name);
    } catch (error) {
      setReadError(`Couldn’t read ${file.name}: ${describeError(error)}`);
    }
  };

  const apply = () => {
    setFrozen(rows);
    setResults(new Map());
    importVariables.mutate({
      steps,
      onProgress: (_done, result) => setResults((previous) => new Map(previous).set(result.key, result)),
    });
  };

  // The dialog shows the outcome itself; the notification says it once the dialog is gone.
  const done = () => {
    const all = [...results.values()];
    const bad = all.filter((result) => !result.ok).length;
    notifications.show({
      color: bad > 0 ? 'orange' : 'teal',
      title: bad > 0 ? 'Import finished with errors' : 'Variables imported',
      message:
        bad > 0
          ? `${all.length - bad} of ${all.length} changes applied; ${bad} failed.`
          : `${all.length} ${all.length === 1 ? 'change' : 'changes'} applied.`,
    });
    onClose();
  };

  const locked = applying || finished;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed" maw={520}>
          Choose a <code>.env</code> file or paste its content. Nothing changes until you apply the preview.
        </Text>
        <FileButton onChange={(file) => void readFile(file)} accept=".env,text/plain,*/*" disabled={locked}>
          {(buttonProps) => (
            <Button variant="default" leftSection={<IconFileUpload size={16} />} {...buttonProps}>
              Choose file…
            </Button>
          )}
        </FileButton>
      </Group>
      {readError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />}>
          {readError}
        </Alert>
      ) : null}
      <Textarea
        label={fileName ? `Content of ${fileName}` : '.env content'}
        placeholder={'DATABASE_URL=postgres://db.internal/app\nDEPLOY_TOKEN=glpat-…'}
        autosize
        minRows={4}
        maxRows={8}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setFileName(null);
        }}
        disabled={locked}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
      />
      <Stack gap={6}>
        <Group gap="xl">
          <Checkbox
            label="Protect new variables"
            checked={options.protected}
            onChange={(event) => setOptions({ ...options, protected: event.currentTarget.checked })}
            disabled={locked}
          />
          <Checkbox
            label="Mask new variables"
            checked={options.masked}
            onChange={(event) => setOptions({ ...options, masked: event.currentTarget.checked })}
            disabled={locked}
          />
        </Group>
        <Text size="xs" c="dimmed">
          Existing variables keep their type and flags; only their value changes.
        </Text>
      </Stack>

      {rows.length > 0 ? (
        <Stack gap="xs">
          <Group justify="space-between">
            <Group gap={6} data-testid="import-summary">
              <Badge variant="light" color="teal">
                {counts.add} to add
              </Badge>
              <Badge variant="light" color="blue">
                {counts.change} to change
              </Badge>
              <Badge variant="light" color="gray">
                {counts.unchanged} unchanged
              </Badge>
              {counts.invalid > 0 ? (
                <Badge variant="light" color="red">
                  {counts.invalid} skipped
                </Badge>
              ) : null}
            </Group>
            <Switch
              size="xs"
              label="Show values"
              checked={showValues}
              onChange={(event) => setShowValues(event.currentTarget.checked)}
            />
          </Group>
          <ImportPreviewTable rows={rows} showValues={showValues} results={results} applying={applying} />
        </Stack>
      ) : text.trim() !== '' ? (
        <Alert color="orange" variant="light" icon={<IconInfoCircle />}>
          No <code>KEY=value</code> lines found.
        </Alert>
      ) : null}

      {applying || finished ? (
        <Stack gap={4}>
          <Progress
            value={frozen && steps.length > 0 ? (results.size / steps.length) * 100 : 100}
            color={failed > 0 ? 'orange' : 'teal'}
            animated={applying}
            aria-label="Import progress"
          />
          <Text size="xs" c="dimmed" data-testid="import-progress">
            {applying
              ? `Applying ${Math.min(results.size + 1, steps.length)} of ${steps.length}…`
              : failed > 0
                ? `Done: ${results.size - failed} applied, ${failed} failed (hover a cross for the reason).`
                : `Done: ${results.size} ${results.size === 1 ? 'change' : 'changes'} applied.`}
          </Text>
        </Stack>
      ) : null}
      {importVariables.isError ? (
        <ErrorAlert title="The import stopped" error={importVariables.error} />
      ) : null}

      <Group justify="flex-end" gap="sm">
        {finished ? (
          <Button onClick={done}>Done</Button>
        ) : (
          <>
            <Button variant="default" onClick={onClose} disabled={applying}>
              Cancel
            </Button>
            <Button onClick={apply} loading={applying} disabled={steps.length === 0}>
              {steps.length === 0
                ? 'Nothing to apply'
                : `Apply ${steps.length} ${steps.length === 1 ? 'change' : 'changes'}`}
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
