import { Alert, Box, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { CommitDiffFile } from '../../api/repository/types.js';
import { DiffFile } from '../merge-requests/diff-file.js';
import { countChangedLines, fileDisplays, type FileDisplay } from '../merge-requests/diff-limits.js';
import type { ThreadTarget } from '../merge-requests/discussion-thread.js';

/** Height of a file not drawn yet: its header plus an estimate of its lines (capped). */
const HEADER_HEIGHT = 40;
const LINE_HEIGHT = 20;
const COLLAPSED_HEIGHT = 80;

const NO_THREADS: never[] = [];

/** One file with what the MR diff component needs: counts and GitLab's first display. */
interface ListedFile {
  change: CommitDiffFile;
  additions: number;
  deletions: number;
  display: FileDisplay;
  lines: number;
}

/**
 * A commit's diff with the merge requests' own file component (`DiffFile`: header, GitLab's collapse
 * thresholds, highlight.js, unified or side by side), read-only (no threads, no line comments). Each file
 * is drawn only once it comes near the view, so a commit of hundreds of files opens at once. No "Viewed"
 * checkbox (nothing is reviewed here); each file's chevron collapses it for this visit.
 */
export function CommitDiffView({
  files,
  profileId,
  projectId,
}: {
  files: CommitDiffFile[];
  profileId: string;
  projectId: number;
}) {
  const [viewType, setViewType] = useState<'unified' | 'split'>('unified');
  const listed = useMemo<ListedFile[]>(() => {
    const displays = fileDisplays(files);
    return files.map((change, index) => {
      const counts = countChangedLines(change.diff);
      return {
        change,
        ...counts,
        display: displays[index]!,
        lines: change.diff ? change.diff.split('\n').length : 0,
      };
    });
  }, [files]);
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const onToggleOpen = useCallback(
    (path: string, open: boolean) => setToggled((previous) => ({ ...previous, [path]: open })),
    [],
  );
  // The component's comment plumbing wants a target; with canComment false nothing is ever sent.
  const target: ThreadTarget = useMemo(() => ({ profileId, projectId, iid: 0 }), [profileId, projectId]);
  const totals = listed.reduce(
    (sum, file) => ({ additions: sum.additions + file.additions, deletions: sum.deletions + file.deletions }),
    { additions: 0, deletions: 0 },
  );

  return (
    <Stack gap="sm" data-testid="commit-diff">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {files.length} changed file{files.length === 1 ? '' : 's'}{' '}
          <Text span inherit c="green">
            +{totals.additions}
          </Text>{' '}
          <Text span inherit c="red">
            −{totals.deletions}
          </Text>
        </Text>
        <SegmentedControl
          size="xs"
          value={viewType}
          onChange={(value) => setViewType(value as 'unified' | 'split')}
          data={[
            { value: 'unified', label: 'Unified' },
            { value: 'split', label: 'Side by side' },
          ]}
        />
      </Group>
      {listed.map((file) => {
        const path = file.change.new_path;
        const open = file.display !== 'too_large' && (toggled[path] ?? file.display === 'expanded');
        return (
          <LazyFile
            key={`${file.change.old_path}→${path}`}
            height={open ? placeholderHeight(file) : COLLAPSED_HEIGHT}
          >
            <DiffFile
              change={file.change}
              additions={file.additions}
              deletions={file.deletions}
              display={file.display}
              open={open}
              onToggleOpen={onToggleOpen}
              viewType={viewType}
              refs={null}
              target={target}
              discussions={NO_THREADS}
              canComment={false}
            />
          </LazyFile>
        );
      })}
    </Stack>
  );
}

function placeholderHeight(file: ListedFile): number {
  return HEADER_HEIGHT + Math.min(file.lines, 400) * LINE_HEIGHT;
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
