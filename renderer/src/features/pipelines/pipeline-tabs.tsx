import { Badge, Code, EmptyState, Paper, Table, Tabs, Text } from '@mantine/core';
import type { Pipeline } from '../../../../shared/api-types/pipelines.js';
import { QueryContent } from '../../components/query-content/query-content.js';
import { PipelineGraph } from './pipeline-graph.js';
import { TestReportView } from './test-report-view.js';
import type { PipelineState } from './use-pipeline-state.js';

/** An empty tab: a title and why. */
function EmptyTab({ title, description }: { title: string; description: string }) {
  return <EmptyState py={40} variant="light" title={title} description={description} />;
}

/** The pipeline's variables as a key / value / type table. */
function VariablesTable({ variables }: { variables: NonNullable<PipelineState['variables']['data']> }) {
  return (
    <Paper withBorder>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Key</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th>Type</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {variables.map((v) => (
            <Table.Tr key={v.key}>
              <Table.Td>
                <Code>{v.key}</Code>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {v.value}
                </Text>
              </Table.Td>
              <Table.Td>{v.variable_type === 'file' ? 'File' : 'Variable'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** The Pipeline (stage/job graph), Tests (JUnit report) and Variables tabs. */
export function PipelineTabs({ s, pipeline }: { s: PipelineState; pipeline: Pipeline }) {
  const { jobs, tests, variables } = s;
  return (
    <Tabs value={s.tab} onChange={s.setTab}>
      <Tabs.List>
        <Tabs.Tab value="pipeline">Pipeline</Tabs.Tab>
        <Tabs.Tab
          value="tests"
          rightSection={
            tests.data ? (
              <Badge size="xs" variant="light" color={tests.data.failed_count ? 'red' : 'gray'}>
                {tests.data.total_count}
              </Badge>
            ) : null
          }
        >
          Tests
        </Tabs.Tab>
        <Tabs.Tab value="variables">Variables</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="pipeline" pt="md">
        <QueryContent
          query={jobs}
          errorTitle="Couldn’t load the jobs"
          skeletonHeight={160}
          empty={<EmptyTab title="No jobs" description="This pipeline created no jobs." />}
        >
          {(data) => <PipelineGraph jobs={data} sha={pipeline.sha} />}
        </QueryContent>
      </Tabs.Panel>
      <Tabs.Panel value="tests" pt="md">
        <QueryContent query={tests} errorTitle="Couldn’t load the test report" skeletonHeight={160}>
          {(report) => <TestReportView report={report} />}
        </QueryContent>
      </Tabs.Panel>
      <Tabs.Panel value="variables" pt="md">
        <QueryContent
          query={variables}
          errorTitle="Couldn’t load the variables"
          skeletonHeight={80}
          empty={<EmptyTab title="No variables" description="This pipeline was run without variables." />}
        >
          {(data) => <VariablesTable variables={data} />}
        </QueryContent>
      </Tabs.Panel>
    </Tabs>
  );
}
