import { Group, Paper, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconBook } from '@tabler/icons-react';
import { repositoryQueries } from '../../api/repository/queries.js';
import { baseName } from '../../api/repository/file-path.js';
import { decodeContent } from './file-content.js';
import { MarkdownView } from '../../components/markdown-view.js';
import { useRepository } from './repository-context.js';

/** Shown when the README is too big to be worth rendering inline. */
const README_LIMIT = 200 * 1024;

/** The folder's README, rendered as Markdown below the listing. */
export function ReadmePreview({ path }: { path: string }) {
  const { profileId, projectId, ref } = useRepository();
  const file = useQuery(repositoryQueries.file(profileId, projectId, ref, path));
  if (file.isError) return null;
  const decoded = file.data ? decodeContent(file.data.content) : null;
  if (decoded && (decoded.kind !== 'text' || decoded.text.length > README_LIMIT)) return null;
  return (
    <Paper withBorder data-testid="readme">
      <Group
        gap={8}
        px="md"
        py={10}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <IconBook size={16} stroke={1.7} />
        <Text size="sm" fw={600}>
          {baseName(path)}
        </Text>
      </Group>
      <div style={{ padding: 'var(--mantine-spacing-lg) var(--mantine-spacing-xl)' }}>
        {decoded?.kind === 'text' ? (
          /\.(md|markdown)$/i.test(path) ? (
            <MarkdownView source={decoded.text} />
          ) : (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} ff="monospace">
              {decoded.text}
            </Text>
          )
        ) : (
          <>
            <Skeleton height={14} width="40%" mb="md" />
            <Skeleton height={8} mb={8} />
            <Skeleton height={8} width="80%" />
          </>
        )}
      </div>
    </Paper>
  );
}
