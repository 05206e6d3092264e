import { ActionIcon, CopyButton, Group, Paper, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCheck, IconCopy, IconFileText } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { trimSlashes } from '../../api/repository/file-path.js';
import { repositoryQueries } from '../../api/repository/queries.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { ActionLink } from './action-link.js';
import { useRepository } from './repository-context.js';
import { fileRoute } from './repository-paths.js';
import { RepositoryToolbar } from './repository-toolbar.js';
import { useLinkRef } from './use-switch-ref.js';

/** Raw: the file's bytes as the raw endpoint returns them, as plain text with a copy button. */
export function RawFilePage() {
  const { profileId, projectId, ref } = useRepository();
  const linkRef = useLinkRef();
  const path = trimSlashes(useParams()['*'] ?? '');
  const raw = useQuery(repositoryQueries.raw(profileId, projectId, ref, path));

  return (
    <Stack gap="md">
      <RepositoryToolbar path={path}>
        <ActionLink to={fileRoute(projectId, 'blob', path, linkRef)} icon={<IconFileText size={14} />}>
          View file
        </ActionLink>
      </RepositoryToolbar>
      {raw.isError ? (
        <QueryErrorAlert title="Couldn’t load the raw file" query={raw} />
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          <Group
            justify="space-between"
            px="md"
            py={6}
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Text size="sm" fw={600} ff="monospace">
              {path}
            </Text>
            <CopyButton value={raw.data ?? ''} timeout={1500}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy contents'}>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label="Copy contents"
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          {raw.data !== undefined ? (
            <pre
              data-testid="raw-content"
              style={{
                margin: 0,
                padding: 'var(--mantine-spacing-md)',
                fontFamily: 'var(--mantine-font-family-monospace)',
                fontSize: 12.5,
                lineHeight: '20px',
                overflow: 'auto',
                whiteSpace: 'pre',
              }}
            >
              {raw.data}
            </pre>
          ) : (
            <Stack gap={10} p="md">
              {Array.from({ length: 8 }, (_, index) => (
                <Skeleton key={index} height={9} width={`${30 + ((index * 23) % 60)}%`} />
              ))}
            </Stack>
          )}
        </Paper>
      )}
    </Stack>
  );
}
