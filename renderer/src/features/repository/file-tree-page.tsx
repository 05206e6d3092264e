import { Button, CloseButton, EmptyState, Group, Kbd, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconFilePlus, IconFilter, IconFolderOff, IconHistory, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { EmptyRepository } from './empty-repository.js';
import { FileTreeSkeleton, FileTreeTable } from './file-tree-table.js';
import { LastCommitBar } from './last-commit-bar.js';
import { ReadmePreview } from './readme-preview.js';
import { useRepository } from './repository-context.js';
import { fileRoute } from './repository-paths.js';
import { HistoryButton, RepositoryToolbar } from './repository-toolbar.js';
import { useFileTreeState } from './use-file-tree-state.js';

/**
 * Files: one folder of the repository at the current ref, folders first, each with its last commit
 * and age, with breadcrumbs, the ref's last commit, a name filter (`t` focuses it) and the folder's
 * README below. "New file" is offered on branches only (a tag or SHA can't take a commit).
 * Each row's last commit is one request (the v4 API has no batch form): read for the rows in view on
 * the embedded instance; on a remote one only after "Show last commits" (then for every folder opened
 * in this visit), so the first view stays within the list budget (app/request-budgets.ts).
 */
export function FileTreePage() {
  const { projectId, ref, empty } = useRepository();
  const embedded = useActiveProfile().kind === 'embedded';
  const [commitsAsked, setCommitsAsked] = useState(false);
  const loadCommits = embedded || commitsAsked;
  const { path, linkRef, isBranch, filter, setFilter, filterRef, tree, shown, readme } = useFileTreeState();

  if (empty) return <EmptyRepository />;

  const actions = (
    <>
      <HistoryButton path={path} />
      {isBranch ? (
        <Button
          size="sm"
          leftSection={<IconFilePlus size={16} />}
          component={Link}
          to={fileRoute(projectId, 'new', path, linkRef)}
        >
          New file
        </Button>
      ) : null}
    </>
  );

  let body;
  if (tree.isError) {
    const missing = tree.error instanceof ApiError && tree.error.status === 404;
    body = missing ? (
      <EmptyState
        py={48}
        variant="light"
        icon={<IconFolderOff size={26} stroke={1.6} />}
        title={path ? `No folder “${path}” at ${ref}` : `Nothing at ${ref}`}
        description="The folder doesn’t exist on this branch or tag. Pick another ref, or go back to the top."
      >
        <EmptyState.Actions>
          <Button variant="default" component={Link} to={fileRoute(projectId, 'tree', '', linkRef)}>
            Go to the top
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    ) : (
      <QueryErrorAlert title="Couldn’t load the folder" query={tree} m="md" />
    );
  } else if (!tree.data) {
    body = <FileTreeSkeleton />;
  } else if (shown.length === 0 && filter.trim()) {
    body = (
      <EmptyState
        py={40}
        icon={<IconSearch size={24} stroke={1.6} />}
        withIndicatorBackground
        title={`Nothing here matches “${filter.trim()}”`}
        description="The filter looks at names in this folder only."
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={() => setFilter('')}>
            Clear filter
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else {
    body = (
      <FileTreeTable
        path={path}
        shown={shown}
        filtering={filter.trim() !== ''}
        linkRef={linkRef}
        loadCommits={loadCommits}
      />
    );
  }

  const count = tree.data?.entries.length;
  return (
    <Stack gap="md">
      <RepositoryToolbar path={path}>{actions}</RepositoryToolbar>
      <LastCommitBar sha={ref} />
      <Paper withBorder>
        <Group
          px="sm"
          py={8}
          gap="sm"
          justify="space-between"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <TextInput
            ref={filterRef}
            size="xs"
            aria-label="Filter files"
            placeholder="Filter this folder"
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                setFilter('');
                event.currentTarget.blur();
              }
            }}
            leftSection={<IconFilter size={14} stroke={1.7} />}
            rightSection={
              filter ? (
                <CloseButton size="xs" aria-label="Clear filter" onClick={() => setFilter('')} />
              ) : (
                <Kbd size="xs">t</Kbd>
              )
            }
            w={{ base: '100%', sm: 280 }}
          />
          <Group gap={6}>
            {!loadCommits && count !== undefined && count > 0 ? (
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconHistory size={14} />}
                onClick={() => setCommitsAsked(true)}
                data-testid="tree-load-commits"
              >
                Show last commits
              </Button>
            ) : null}
            {count !== undefined ? (
              <Text size="xs" c="dimmed">
                {count} {count === 1 ? 'entry' : 'entries'}
                {tree.data?.truncated ? ' (first 2,000 shown)' : ''}
              </Text>
            ) : null}
          </Group>
        </Group>
        {body}
      </Paper>
      {readme ? <ReadmePreview path={readme.path} /> : null}
    </Stack>
  );
}
