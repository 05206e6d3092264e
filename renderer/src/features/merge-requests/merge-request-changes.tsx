import {
  ActionIcon,
  Alert,
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconFileDiff, IconLayoutSidebar, IconLayoutSidebarLeftCollapse } from '@tabler/icons-react';
import { Fragment } from 'react';
import type { Discussion, MergeRequestDetail } from '../../api/merge-requests/types.js';
import { DiffViewTypeControl } from '../../components/diff-viewer/diff-view-type-control.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import type { ThreadTarget } from './discussion-thread.js';
import { FileTreePanel } from './file-tree-panel.js';
import { useMergeRequestChangesState } from './use-merge-request-changes-state.js';
import { VirtualFileList } from './virtual-file-list.js';

/**
 * The Changes tab: "compare version B with A" selectors over `GET …/versions`, a folder tree of the
 * changed files (can be hidden), and the files' diffs (react-diff-view, unified or split, highlight.js
 * tokens) in a window-virtualised list: only the files in view are in the DOM, and a file's diff is
 * parsed and highlighted only while it is expanded and in view. Files start collapsed by GitLab's diff
 * limits (`fileDisplays`) or when marked viewed (kept per profile, MR, version and file). On GitLab 15.7+
 * the latest diff is read from `GET …/diffs` 100 files a page, the first 400 on their own and the rest on
 * request, with a count of the files read; a diff GitLab cut at its limits (`overflow`) is said so, and a
 * file sent `too_large` says it is not shown, with a way to read it.
 * State: {@link useMergeRequestChangesState}.
 */
export function MergeRequestChanges({
  mr,
  target,
  discussions,
}: {
  mr: MergeRequestDetail;
  target: ThreadTarget;
  discussions: Discussion[];
}) {
  const state = useMergeRequestChangesState(mr, target);
  const { active, files, treeOpen, listRef } = state;
  const treeLabel = treeOpen ? 'Hide file tree' : 'Show file tree';

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Tooltip label={treeLabel}>
            <ActionIcon
              variant="default"
              aria-label={treeLabel}
              aria-pressed={treeOpen}
              onClick={state.toggleTree}
              data-testid="mr-tree-toggle"
            >
              {treeOpen ? <IconLayoutSidebarLeftCollapse size={16} /> : <IconLayoutSidebar size={16} />}
            </ActionIcon>
          </Tooltip>
          {[
            {
              word: 'Compare',
              label: 'Head version',
              data: state.headOptions,
              value: state.headVersion,
              onChange: state.pickHead,
            },
            {
              word: 'with',
              label: 'Base version',
              data: state.baseOptions,
              value: state.baseVersion,
              onChange: state.pickBase,
            },
          ].map(({ word, label, data, value, onChange }) => (
            <Fragment key={label}>
              <Text size="sm">{word}</Text>
              <Select
                aria-label={label}
                size="xs"
                w={220}
                data={data}
                value={value}
                onChange={onChange}
                allowDeselect={false}
              />
            </Fragment>
          ))}
        </Group>
        <DiffViewTypeControl value={state.viewType} onChange={state.setViewType} />
      </Group>
      {state.approximate ? (
        <Alert color="gray" variant="light" py={6} data-testid="mr-compare-approximate">
          <Text size="sm">
            This instance cannot diff two commits directly: showing the files whose changes differ between the
            two versions, as each version changes them against {mr.target_branch}.
          </Text>
        </Alert>
      ) : null}
      {state.overflow ? (
        <Alert color="yellow" variant="light" py={6} data-testid="mr-diff-overflow">
          <Text size="sm">
            Some changes are not shown: this merge request changes more than the instance’s diff limits allow
            {mr.changes_count ? ` (${mr.changes_count} files)` : ''}, so GitLab sent only the first
            {` ${state.diffProgress?.total ?? files?.length ?? ''}`} files. Clone the branch or compare it in
            the repository to read the rest.
          </Text>
        </Alert>
      ) : null}
      {state.diffProgress && (state.diffProgress.more || state.diffProgress.loading) ? (
        <Group gap="xs" data-testid="mr-diff-progress">
          <Text size="sm" c="dimmed">
            {state.diffProgress.loading ? 'Loading files… ' : 'Showing '}
            {state.diffProgress.loaded}
            {state.diffProgress.total !== null ? ` of ${state.diffProgress.total}` : ''} files
          </Text>
          {state.diffProgress.more ? (
            <Button
              size="compact-xs"
              variant="default"
              onClick={state.diffProgress.loadRest}
              data-testid="mr-diff-load-rest"
            >
              Load the other files
            </Button>
          ) : null}
        </Group>
      ) : null}
      {active.isError ? (
        <QueryErrorAlert
          title={state.comparing ? 'Couldn’t compare these versions' : 'Couldn’t load the changes'}
          query={active}
        />
      ) : !files ? (
        <Center h={200}>
          <Loader type="dots" aria-label="Loading changes" />
        </Center>
      ) : files.length === 0 ? (
        <EmptyState py={48} icon={<IconFileDiff size={24} />} withIndicatorBackground title="No changes" />
      ) : (
        <Group align="flex-start" gap="md" wrap="nowrap">
          {treeOpen ? (
            <FileTreePanel
              files={state.treeInfo}
              viewed={state.viewed}
              onOpen={(index) => listRef.current?.scrollToFile(index)}
            />
          ) : null}
          <VirtualFileList
            ref={listRef}
            files={files}
            viewed={state.viewed}
            onToggleViewed={state.toggleViewed}
            viewType={state.viewType}
            refs={state.refs}
            target={target}
            discussions={discussions}
            canComment={!state.comparing}
            latestDiff={state.latestDiff}
          />
        </Group>
      )}
    </Stack>
  );
}
