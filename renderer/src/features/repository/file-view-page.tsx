import {
  Button,
  Center,
  EmptyState,
  Image,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { ActionLink } from './action-link.js';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconEdit, IconFileCode, IconFileOff, IconTrash, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { parentPath, trimSlashes } from '../../api/repository/file-path.js';
import { repositoryQueries } from '../../api/repository/queries.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { CodeView } from './code-view.js';
import { DeleteFileModal } from './delete-file-modal.js';
import { decodeContent, formatBytes, imageTypeForPath } from './file-content.js';
import { FileHeader } from './file-header.js';
import { languageForPath, languageLabel, splitLines } from '../../components/highlight.js';
import { LastCommitBar } from './last-commit-bar.js';
import { MarkdownView } from '../../components/markdown-view.js';
import { MergeRequestOffer } from './merge-request-offer.js';
import { useRepository } from './repository-context.js';
import { fileRoute } from './repository-paths.js';
import { HistoryButton, RepositoryToolbar } from './repository-toolbar.js';
import { useRefIsBranch } from './use-ref-is-branch.js';
import { useLinkRef } from './use-switch-ref.js';

/** Shown as the file-loading placeholder. */
function FileSkeleton() {
  return (
    <Stack gap={10} p="md">
      {Array.from({ length: 12 }, (_, index) => (
        <Skeleton key={index} height={9} width={`${20 + ((index * 37) % 70)}%`} />
      ))}
    </Stack>
  );
}

/**
 * One file at the current ref: highlighted source with line numbers (images shown, binaries
 * described), its last commit, and Raw, Blame, History, Edit and Delete. Editing needs a branch.
 */
export function FileViewPage() {
  const { profileId, projectId, ref } = useRepository();
  const linkRef = useLinkRef();
  const path = trimSlashes(useParams()['*'] ?? '');
  const navigate = useNavigate();
  const [deleteOpened, deleteModal] = useDisclosure(false);
  const isBranch = useRefIsBranch();
  const file = useQuery(repositoryQueries.file(profileId, projectId, ref, path));
  const decoded = useMemo(() => (file.data ? decodeContent(file.data.content) : null), [file.data]);
  const language = languageForPath(path);
  const imageType = imageTypeForPath(path);
  const markdown = /\.(md|markdown)$/i.test(path);
  const [markdownMode, setMarkdownMode] = useState<'preview' | 'code'>('preview');

  // A failed refresh keeps showing the file (e.g. just after deleting it, until the page moves on).
  if (file.isError && !file.data) {
    const missing = file.error instanceof ApiError && file.error.status === 404;
    return (
      <Stack gap="md">
        <RepositoryToolbar path={path} />
        {missing ? (
          <Paper withBorder py={48}>
            <Center>
              <EmptyState
                variant="light"
                icon={<IconFileOff size={26} stroke={1.6} />}
                title={`No file “${path}” at ${ref}`}
                description="It may not exist on this branch or tag, or it was moved or deleted."
              >
                <EmptyState.Actions>
                  <Button
                    variant="default"
                    component={Link}
                    to={fileRoute(projectId, 'tree', parentPath(path), linkRef)}
                  >
                    Open the folder
                  </Button>
                </EmptyState.Actions>
              </EmptyState>
            </Center>
          </Paper>
        ) : (
          <QueryErrorAlert title="Couldn’t load the file" query={file} />
        )}
      </Stack>
    );
  }

  const editDisabled = isBranch === false;
  const editHint = 'Switch to a branch to change files (this is a tag or commit).';
  const lineCount = decoded?.kind === 'text' ? splitLines(decoded.text).length : undefined;

  let content;
  if (!file.data || !decoded) content = <FileSkeleton />;
  else if (imageType) {
    content = (
      <Center p="xl">
        <Image
          src={`data:${imageType};base64,${file.data.content.replace(/\s+/g, '')}`}
          alt={file.data.file_name}
          maw="100%"
          mah={640}
          fit="contain"
          w="auto"
        />
      </Center>
    );
  } else if (decoded.kind === 'binary') {
    content = (
      <Center py={48}>
        <Stack align="center" gap={6}>
          <Text fw={600}>Binary file</Text>
          <Text size="sm" c="dimmed">
            {formatBytes(decoded.size)} that can’t be shown as text.
          </Text>
        </Stack>
      </Center>
    );
  } else if (decoded.text === '') {
    content = (
      <Text size="sm" c="dimmed" p="md">
        This file is empty.
      </Text>
    );
  } else {
    content = <CodeView text={decoded.text} language={language} />;
  }

  return (
    <Stack gap="md">
      <RepositoryToolbar path={path}>
        <HistoryButton path={path} />
      </RepositoryToolbar>
      <MergeRequestOffer />
      {file.data ? <LastCommitBar sha={file.data.last_commit_id} /> : null}
      <Paper withBorder style={{ overflow: 'hidden' }}>
        {file.data ? (
          <FileHeader
            file={file.data}
            language={decoded?.kind === 'text' ? languageLabel(language) : undefined}
            lines={lineCount}
          >
            {markdown && decoded?.kind === 'text' ? (
              <SegmentedControl
                size="xs"
                value={markdownMode}
                onChange={(value) => setMarkdownMode(value as 'preview' | 'code')}
                data={[
                  { value: 'preview', label: 'Preview' },
                  { value: 'code', label: 'Code' },
                ]}
              />
            ) : null}
            <ActionLink to={fileRoute(projectId, 'raw', path, linkRef)} icon={<IconFileCode size={14} />}>
              Raw
            </ActionLink>
            <ActionLink
              to={fileRoute(projectId, 'blame', path, linkRef)}
              icon={<IconUsers size={14} />}
              disabledReason={decoded?.kind === 'binary' ? 'Blame works on text files only.' : null}
            >
              Blame
            </ActionLink>
            <ActionLink
              to={fileRoute(projectId, 'edit', path, linkRef)}
              icon={<IconEdit size={14} />}
              disabledReason={
                editDisabled
                  ? editHint
                  : decoded?.kind === 'binary'
                    ? 'Binary files can’t be edited here.'
                    : null
              }
            >
              Edit
            </ActionLink>
            <ActionLink
              to=""
              onClick={deleteModal.open}
              icon={<IconTrash size={14} />}
              color="red"
              disabledReason={editDisabled ? editHint : null}
            >
              Delete
            </ActionLink>
          </FileHeader>
        ) : null}
        {markdown && markdownMode === 'preview' && decoded?.kind === 'text' && decoded.text !== '' ? (
          <div style={{ padding: 'var(--mantine-spacing-lg) var(--mantine-spacing-xl)' }}>
            <MarkdownView source={decoded.text} />
          </div>
        ) : (
          content
        )}
      </Paper>
      {file.data ? (
        <DeleteFileModal
          opened={deleteOpened}
          onClose={deleteModal.close}
          file={file.data}
          branch={ref}
          onDeleted={() => navigate(fileRoute(projectId, 'tree', parentPath(path), linkRef))}
        />
      ) : null}
    </Stack>
  );
}
