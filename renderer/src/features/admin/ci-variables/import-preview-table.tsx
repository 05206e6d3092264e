import { Badge, Loader, Table, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { CiVariableImportResult } from '../../../api/admin/ci-variables/mutations.js';
import { describeError } from '../../../api/describe-error.js';
import { dataTableClasses as classes } from '../../../components/data-table/index.js';
import type { ImportRow, ImportRowStatus } from './import-plan.js';

const STATUS: Record<ImportRowStatus, { label: string; color: string }> = {
  add: { label: 'Add', color: 'teal' },
  change: { label: 'Change', color: 'blue' },
  unchanged: { label: 'Unchanged', color: 'gray' },
  invalid: { label: 'Skip', color: 'red' },
};

/** Props of {@link ImportPreviewTable}. */
export interface ImportPreviewTableProps {
  rows: ImportRow[];
  showValues: boolean;
  /** Outcome per key once the import runs. */
  results: ReadonlyMap<string, CiVariableImportResult>;
  /** True while the import is applying (pending rows show a spinner). */
  applying: boolean;
}

function valueText(value: string | null, show: boolean): string {
  if (value === null) return '';
  if (!show) return '••••••••';
  return value === '' ? '(empty)' : value.replace(/\r?\n/g, ' ⏎ ');
}

/** What a `.env` import does per key: add, change (old → new), unchanged or skipped (and why). */
export function ImportPreviewTable({ rows, showValues, results, applying }: ImportPreviewTableProps) {
  return (
    <Table.ScrollContainer minWidth={560} maxHeight={300} type="native">
      <Table className={classes.table} verticalSpacing={6} stickyHeader aria-label="Import preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.shrink}>Change</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th className={classes.shrink}>
              <span aria-hidden>{applying || results.size > 0 ? 'Result' : ''}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const status = STATUS[row.status];
            const result = row.line === undefined ? results.get(row.key) : undefined;
            const active = row.status === 'add' || row.status === 'change';
            return (
              <Table.Tr
                key={row.line === undefined ? row.key : `line-${row.line}`}
                data-testid="import-row"
                data-status={row.status}
              >
                <Table.Td className={classes.shrink}>
                  <Badge variant="light" color={status.color}>
                    {status.label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" fw={600} style={{ wordBreak: 'break-all' }}>
                    {row.key}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {row.status === 'invalid' ? (
                    <Text size="xs" c="red">
                      {row.problem}
                    </Text>
                  ) : (
                    <Text
                      size="sm"
                      ff="monospace"
                      c={row.status === 'unchanged' ? 'dimmed' : undefined}
                      lineClamp={2}
                    >
                      {row.status === 'change' ? (
                        <>
                          <Text span inherit c="dimmed" td="line-through">
                            {valueText(row.currentValue, showValues)}
                          </Text>{' '}
                          → {valueText(row.value, showValues)}
                        </>
                      ) : (
                        valueText(row.value, showValues)
                      )}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td className={classes.shrink}>
                  {result ? (
                    result.ok ? (
                      <ThemeIcon size={20} radius="xl" color="teal" variant="light" aria-label="Applied">
                        <IconCheck size={13} stroke={2.5} />
                      </ThemeIcon>
                    ) : (
                      <Tooltip label={describeError(result.error)} multiline w={280}>
                        <ThemeIcon size={20} radius="xl" color="red" variant="light" aria-label="Failed">
                          <IconX size={13} stroke={2.5} />
                        </ThemeIcon>
                      </Tooltip>
                    )
                  ) : applying && active ? (
                    <Loader size={14} />
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
