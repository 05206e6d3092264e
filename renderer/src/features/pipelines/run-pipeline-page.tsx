import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft, IconInfoCircle, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../api/describe-error.js';
import { useRunPipeline, type RunPipelineVariable } from '../../api/pipelines/mutations.js';
import { pipelineQueries } from '../../api/pipelines/queries.js';
import { MissingCiConfigHelp, isMissingCiConfig } from './missing-ci-config.js';
import { pipelinePaths } from './pipeline-paths.js';
import { pipelineVariablesPermission } from './pipeline-variables-permission.js';
import { usePipelinesProject } from './pipelines-context.js';

const emptyRow = (): RunPipelineVariable & { rowId: number } => ({
  rowId: Math.random(),
  key: '',
  value: '',
  variable_type: 'env_var',
});

/**
 * "Run pipeline": a branch/tag picker and variable rows (key, value, variable or file). Where the project
 * refuses pipeline variables to this user (`ci_pipeline_variables_minimum_override_role`, see
 * ./pipeline-variables-permission.ts) the rows are replaced by the reason and none are sent, instead of
 * GitLab refusing the pipeline on submit.
 */
export function RunPipelinePage() {
  const { profileId, projectId, project } = usePipelinesProject();
  const [params] = useSearchParams();
  const [ref, setRef] = useState<string | null>(params.get('ref') || project.default_branch || null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const refs = useQuery(pipelineQueries.refs(profileId, projectId, debounced === ref ? '' : debounced));
  const [rows, setRows] = useState([emptyRow()]);
  const run = useRunPipeline(profileId, projectId);
  const permission = pipelineVariablesPermission(project);
  const variablesRefused = permission.status === 'refused';
  const navigate = useNavigate();

  const branches = (refs.data ?? []).filter((r) => r.kind === 'branch').map((r) => r.name);
  const tags = (refs.data ?? []).filter((r) => r.kind === 'tag').map((r) => r.name);
  if (ref && !branches.includes(ref) && !tags.includes(ref)) branches.unshift(ref);
  const data = [
    ...(branches.length ? [{ group: 'Branches', items: branches }] : []),
    ...(tags.length ? [{ group: 'Tags', items: tags.map((t) => ({ value: t, label: t })) }] : []),
  ];
  const duplicate = rows.find(
    (r, i) => r.key.trim() && rows.findIndex((o) => o.key.trim() === r.key.trim()) !== i,
  );

  const update = (rowId: number, patch: Partial<RunPipelineVariable>) =>
    setRows((current) => {
      const next = current.map((r) => (r.rowId === rowId ? { ...r, ...patch } : r));
      const last = next[next.length - 1];
      return last && (last.key || last.value) ? [...next, emptyRow()] : next;
    });

  const submit = () => {
    if (!ref) return;
    run.mutate(
      {
        ref,
        // Refused by the project's ci_pipeline_variables_minimum_override_role: none are sent.
        variables: variablesRefused
          ? []
          : rows.map(({ key, value, variable_type }) => ({ key: key.trim(), value, variable_type })),
      },
      {
        onSuccess: (pipeline) => {
          notifications.show({ color: 'green', message: `Pipeline #${pipeline.id} created` });
          navigate(pipelinePaths.pipeline(projectId, pipeline.id));
        },
      },
    );
  };

  return (
    <Stack gap="md" maw={900}>
      <Anchor component={Link} to={pipelinePaths.list(projectId)} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> All pipelines
        </Group>
      </Anchor>
      <Title order={3}>Run pipeline</Title>
      <Paper withBorder p="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <Select
              label="Run for branch name or tag"
              placeholder="Pick a branch or tag"
              searchable
              data={data}
              value={ref}
              onChange={setRef}
              searchValue={search}
              onSearchChange={setSearch}
              nothingFoundMessage={refs.isFetching ? 'Loading…' : 'No branch or tag matches'}
              maw={360}
              required
              allowDeselect={false}
            />
            {variablesRefused ? (
              <Alert
                variant="light"
                color="gray"
                icon={<IconInfoCircle size={18} />}
                title="Pipeline variables can’t be set for this project"
                data-testid="pipeline-variables-refused"
              >
                {permission.status === 'refused' ? permission.explanation : null}
              </Alert>
            ) : (
              <div>
                <Text size="sm" fw={500} mb={4}>
                  Variables
                </Text>
                <Text size="xs" c="dimmed" mb="xs">
                  Passed to every job of this pipeline. A file variable is written to a temporary file whose
                  path becomes the value.
                </Text>
                <Stack gap="xs">
                  {rows.map((row, index) => (
                    <Group
                      key={row.rowId}
                      gap="xs"
                      align="flex-start"
                      wrap="nowrap"
                      data-testid="variable-row"
                    >
                      <Select
                        aria-label={`Type of variable ${index + 1}`}
                        data={[
                          { value: 'env_var', label: 'Variable' },
                          { value: 'file', label: 'File' },
                        ]}
                        value={row.variable_type}
                        onChange={(v) =>
                          update(row.rowId, { variable_type: v === 'file' ? 'file' : 'env_var' })
                        }
                        allowDeselect={false}
                        w={120}
                      />
                      <TextInput
                        aria-label={`Key of variable ${index + 1}`}
                        placeholder="Input variable key"
                        value={row.key}
                        onChange={(e) => update(row.rowId, { key: e.currentTarget.value })}
                        w={220}
                        ff="monospace"
                      />
                      <Textarea
                        aria-label={`Value of variable ${index + 1}`}
                        placeholder="Input variable value"
                        value={row.value}
                        onChange={(e) => update(row.rowId, { value: e.currentTarget.value })}
                        autosize
                        minRows={1}
                        maxRows={6}
                        style={{ flex: 1 }}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="lg"
                        aria-label={`Remove variable ${index + 1}`}
                        disabled={rows.length === 1}
                        onClick={() => setRows((current) => current.filter((r) => r.rowId !== row.rowId))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  ))}
                </Stack>
                <Button
                  variant="subtle"
                  size="xs"
                  mt="xs"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => setRows((current) => [...current, emptyRow()])}
                >
                  Add variable
                </Button>
                {duplicate ? (
                  <Text size="xs" c="red" mt={4}>
                    The key {duplicate.key.trim()} is used twice.
                  </Text>
                ) : null}
              </div>
            )}
            {run.isError ? (
              <Text c="red" size="sm" role="alert">
                {describeError(run.error)}
              </Text>
            ) : null}
            {run.isError && isMissingCiConfig(run.error) ? (
              <MissingCiConfigHelp projectId={projectId} branch={ref} />
            ) : null}
            <Group>
              <Button
                type="submit"
                leftSection={<IconPlayerPlay size={16} />}
                loading={run.isPending}
                disabled={!ref || (!variablesRefused && Boolean(duplicate))}
              >
                Run pipeline
              </Button>
              <Button component={Link} to={pipelinePaths.list(projectId)} variant="default">
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
