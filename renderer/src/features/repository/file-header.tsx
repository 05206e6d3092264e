import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { RepositoryFile } from '../../api/repository/types.js';
import { formatBytes } from './file-content.js';

/** The title row of a file card: name, size, language, and the view's actions on the right. */
export function FileHeader({
  file,
  language,
  lines,
  children,
}: {
  file: RepositoryFile;
  language?: string;
  lines?: number;
  children?: ReactNode;
}) {
  return (
    <Group
      justify="space-between"
      px="md"
      py={8}
      gap="sm"
      wrap="wrap"
      style={{
        borderBottom: '1px solid var(--mantine-color-default-border)',
        backgroundColor: 'light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-7))',
      }}
    >
      <Group gap={10} wrap="nowrap" style={{ minWidth: 0 }}>
        <IconFile size={16} stroke={1.7} />
        <Text size="sm" fw={600} truncate data-testid="file-name">
          {file.file_name}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {lines !== undefined ? `${lines} ${lines === 1 ? 'line' : 'lines'} · ` : ''}
          {formatBytes(file.size)}
        </Text>
        {language ? (
          <Badge size="sm" variant="default" tt="none" fw={500}>
            {language}
          </Badge>
        ) : null}
        <Tooltip label={`Blob ${file.blob_id}`}>
          <Text size="xs" c="dimmed" ff="monospace">
            {file.blob_id.slice(0, 8)}
          </Text>
        </Tooltip>
      </Group>
      {children ? <Group gap={6}>{children}</Group> : null}
    </Group>
  );
}
