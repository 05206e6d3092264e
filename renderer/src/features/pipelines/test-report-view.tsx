import {
  Accordion,
  Badge,
  Code,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import type { TestCase, TestReport } from '../../../../shared/api-types/pipelines.js';
import { formatSeconds } from './format-duration.js';

const CASE_COLOR: Record<string, string> = { success: 'green', failed: 'red', error: 'red', skipped: 'gray' };
const CASE_LABEL: Record<string, string> = { success: 'passed' };

/** The Tests tab: counters, then one panel per suite with its cases; failures show their stack trace. */
export function TestReportView({ report }: { report: TestReport }) {
  if (report.total_count === 0) {
    return (
      <EmptyState
        py={40}
        variant="light"
        icon={<IconFlask size={26} stroke={1.6} />}
        title="No test report"
        description="Jobs publish JUnit XML through artifacts:reports:junit; their results show up here."
      />
    );
  }
  const failedSuites = report.test_suites
    .filter((s) => s.failed_count + s.error_count > 0)
    .map((s) => s.name);
  return (
    <Stack gap="md" data-testid="test-report">
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        <Counter label="Tests" value={report.total_count} />
        <Counter label="Passed" value={report.success_count} color="green" />
        <Counter label="Failed" value={report.failed_count} color="red" />
        <Counter label="Errors" value={report.error_count} color="red" />
        <Counter label="Skipped" value={report.skipped_count} color="gray" />
      </SimpleGrid>
      <Accordion variant="separated" multiple defaultValue={failedSuites}>
        {report.test_suites.map((suite) => (
          <Accordion.Item key={suite.name} value={suite.name}>
            <Accordion.Control>
              <Group justify="space-between" wrap="nowrap" pr="sm">
                <Text fw={600} size="sm">
                  {suite.name}
                </Text>
                <Group gap="xs">
                  <Badge color="green" variant="light">
                    {suite.success_count} passed
                  </Badge>
                  {suite.failed_count + suite.error_count > 0 ? (
                    <Badge color="red" variant="light">
                      {suite.failed_count + suite.error_count} failed
                    </Badge>
                  ) : null}
                  {suite.skipped_count > 0 ? (
                    <Badge color="gray" variant="light">
                      {suite.skipped_count} skipped
                    </Badge>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {formatSeconds(suite.total_time)}
                  </Text>
                </Group>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              {suite.suite_error ? (
                <Text c="red" size="sm" mb="sm">
                  {suite.suite_error}
                </Text>
              ) : null}
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={90}>Status</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Class</Table.Th>
                    <Table.Th w={90}>Time</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {suite.test_cases.map((testCase, index) => (
                    <CaseRows key={`${testCase.classname}.${testCase.name}.${index}`} testCase={testCase} />
                  ))}
                </Table.Tbody>
              </Table>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}

function CaseRows({ testCase }: { testCase: TestCase }) {
  const failed = testCase.status === 'failed' || testCase.status === 'error';
  return (
    <>
      <Table.Tr data-testid="test-case" data-status={testCase.status}>
        <Table.Td>
          <Badge size="sm" variant="light" color={CASE_COLOR[testCase.status] ?? 'gray'}>
            {CASE_LABEL[testCase.status] ?? testCase.status}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{testCase.name}</Text>
        </Table.Td>
        <Table.Td>
          <Text size="xs" c="dimmed" ff="monospace">
            {testCase.classname}
          </Text>
        </Table.Td>
        <Table.Td>
          <Text size="xs">{formatSeconds(testCase.execution_time)}</Text>
        </Table.Td>
      </Table.Tr>
      {failed && (testCase.stack_trace || testCase.system_output) ? (
        <Table.Tr>
          <Table.Td colSpan={4}>
            <Code block c="red" data-testid="test-stack-trace" style={{ maxHeight: 240, overflow: 'auto' }}>
              {testCase.stack_trace || testCase.system_output}
            </Code>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

function Counter({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={700} fz="xl" c={value > 0 && color ? color : undefined}>
        {value}
      </Text>
    </Paper>
  );
}
