import { Alert, Box, Group, Stack, Text } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { CommitDiffFile } from '../../api/repository/types.js';
import { DiffStat } from '../../components/diff-viewer/diff-stat.js';
import {
  DiffViewTypeControl,
  type DiffViewType,
} from '../../components/diff-viewer/diff-view-type-control.js';
import {
  diffTotals,
  isDiffFileOpen,
  listDiffFiles,
  type ListedDiffFile,
} from '../../components/diff-viewer/listed-diff-files.js';
import { DiffFile } from '../merge-requests/diff-file.js';

/** Height of a file not drawn yet: its header plus an estimate of its lines (capped). */
const HEADER_HEIGHT = 40;
const LINE_HEIGHT = 20;
const COLLAPSED_HEIGHT = 80;

/**
 * A commit's diff with the merge requests' own file component (`DiffFile`: header, GitLab's collapse
 * thresholds, highlight.js, unified or side by side), read-only (no threads, no line comments). Each file
 * is drawn only once it comes near the view, so a commit of hundreds of files opens at once. No "Viewed"
 * checkbox (nothing is reviewed here); each file's chevron collapses it for this visit.
 */
export function CommitDiffView({ files }: { files: CommitDiffFile[] }) {
  const [viewType, setViewType] = useState<DiffViewType>('unified');
  const listed = useMemo(() => listDiffFiles(files), [files]);
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const onToggleOpen = useCallback(
    (path: string, open: boolean) => setToggled((previous) => ({ ...previous, [path]: open })),
    [],
  );
  const totals = diffTotals(listed);

  return (
    <Stack gap="sm" data-testid="commit-diff">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {files.length} changed file{files.length === 1 ? '' : 's'} <DiffStat {...totals} />
        </Text>
        <DiffViewTypeControl value={viewType} onChange={setViewType} />
      </Group>
      {listed.map((file) => {
        const open = isDiffFileOpen(file, toggled[file.change.new_path]);
        return (
          <LazyFile
            key={`${file.change.old_path}→${file.change.new_path}`}
            height={open ? placeholderHeight(file) : COLLAPSED_HEIGHT}
          >
            <DiffFile file={file} open={open} onToggleOpen={onToggleOpen} viewType={viewType} />
          </LazyFile>
        );
      })}
    </Stack>
  );
}

function placeholderHeight(file: ListedDiffFile): number {
  const lines = file.change.diff ? file.lines + 1 : 0;
  return HEADER_HEIGHT + Math.min(lines, 400) * LINE_HEIGHT;
}

/** Draws its child once the placeholder has come near the view, and keeps it drawn after. */
function LazyFile({ height, children }: { height: number; children: ReactNode }) {
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  if (inViewport && !seen) setSeen(true);
  if (seen) return <div data-testid="commit-file-diff">{children}</div>;
  return <Box ref={ref} h={height} aria-hidden data-testid="commit-file-placeholder" />;
}

/** Why a commit's diff can't be shown. */
export function CommitDiffUnavailable({ reason }: { reason: string }) {
  return (
    <Alert color="gray" variant="light" data-testid="commit-diff-unavailable">
      <Text size="sm">{reason}</Text>
    </Alert>
  );
}
