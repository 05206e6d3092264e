import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconFileCode, IconFileText, IconHistory } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { trimSlashes } from '../../api/repository/file-path.js';
import { repositoryQueries } from '../../api/repository/queries.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { ActionLink } from './action-link.js';
import { groupBlameRanges } from './blame-rows.js';
import { BlameTable } from './blame-table.js';
import { FileHeader } from './file-header.js';
import { languageForPath, languageLabel } from '../../components/highlight.js';
import { useRepository } from './repository-context.js';
import { fileRoute, historyRoute } from './repository-paths.js';
import { RepositoryToolbar } from './repository-toolbar.js';
import { useLinkRef } from './use-switch-ref.js';

/**
 * Blame: every line of a file with the commit that last changed it. Consecutive lines of one
 * commit form a block (short SHA, author, age, title), blocks alternate their shading.
 */
export function BlamePage() {
  const { profileId, projectId, ref } = useRepository();
  const linkRef = useLinkRef();
  const path = trimSlashes(useParams()['*'] ?? '');
  const blame = useQuery(repositoryQueries.blame(profileId, projectId, ref, path));
  const file = useQuery(repositoryQueries.file(profileId, projectId, ref, path));
  const language = languageForPath(path);

  const blocks = useMemo(() => groupBlameRanges(blame.data ?? []), [blame.data]);
  const lineCount = blocks.reduce((sum, block) => sum + block.lines.length, 0);

  let body;
  if (blame.isError) {
    body = <QueryErrorAlert title="Couldn’t load the blame" query={blame} m="md" />;
  } else if (!blame.data) {
    body = (
      <Stack gap={10} p="md" aria-busy>
        {Array.from({ length: 10 }, (_, index) => (
          <Group key={index} gap="lg" wrap="nowrap">
            <Skeleton height={9} width={260} />
            <Skeleton height={9} width={`${20 + ((index * 29) % 60)}%`} />
          </Group>
        ))}
      </Stack>
    );
  } else if (lineCount === 0) {
    body = (
      <Text size="sm" c="dimmed" p="md">
        This file is empty.
      </Text>
    );
  } else {
    body = <BlameTable blocks={blocks} language={language} projectId={projectId} />;
  }

  return (
    <Stack gap="md">
      <RepositoryToolbar path={path}>
        <ActionLink to={historyRoute(projectId, linkRef, path)} icon={<IconHistory size={14} />}>
          History
        </ActionLink>
      </RepositoryToolbar>
      <Paper withBorder style={{ overflow: 'hidden' }}>
        {file.data ? (
          <FileHeader file={file.data} language={languageLabel(language)} lines={lineCount || undefined}>
            <Text size="xs" c="dimmed">
              {blocks.length} {blocks.length === 1 ? 'commit range' : 'commit ranges'}
            </Text>
            <ActionLink to={fileRoute(projectId, 'blob', path, linkRef)} icon={<IconFileText size={14} />}>
              View file
            </ActionLink>
            <ActionLink to={fileRoute(projectId, 'raw', path, linkRef)} icon={<IconFileCode size={14} />}>
              Raw
            </ActionLink>
          </FileHeader>
        ) : (
          <Group px="md" py={10}>
            <Text size="sm" fw={600}>
              {path}
            </Text>
          </Group>
        )}
        {body}
      </Paper>
    </Stack>
  );
}
