import { Alert, Badge, Box, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Decoration, Diff, Hunk, parseDiff, type FileData } from 'react-diff-view';
import 'react-diff-view/style/index.css';
import type { CommitDiffFile } from '../../api/repository/types.js';
import { tokenizeHunks } from '../merge-requests/diff-highlight.js';
import { changeToGitDiff } from '../merge-requests/diff-position.js';
import classes from '../merge-requests/diff-view.module.css';

/** A file's diff is drawn only once it scrolls near the view; until then a placeholder of this height. */
const PLACEHOLDER_LINE_HEIGHT = 18;

/** +/− counts of a file's hunks as react-diff-view parsed them. */
function countChanges(file: FileData | null): { additions: number; deletions: number } {
  let additions = 0;
  let deletions = 0;
  for (const hunk of file?.hunks ?? []) {
    for (const line of hunk.changes) {
      if (line.type === 'insert') additions += 1;
      else if (line.type === 'delete') deletions += 1;
    }
  }
  return { additions, deletions };
}

/**
 * A commit's diff, file by file, with the merge requests' diff pieces (react-diff-view, the same git-diff
 * parsing, highlight.js tokens and styles as the MR Changes tab): unified or side by side, each file's
 * hunks drawn only when it comes near the view, so a commit of hundreds of files opens at once.
 */
export function CommitDiffView({ files }: { files: CommitDiffFile[] }) {
  const [viewType, setViewType] = useState<'unified' | 'split'>('unified');
  return (
    <Stack gap="sm" data-testid="commit-diff">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {files.length} changed file{files.length === 1 ? '' : 's'}
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
      {files.map((change) => (
        <CommitFileDiff key={`${change.old_path}→${change.new_path}`} change={change} viewType={viewType} />
      ))}
    </Stack>
  );
}

/** One file: header (path, new/deleted/renamed, +/−) and its hunks once in view. */
function CommitFileDiff({ change, viewType }: { change: CommitDiffFile; viewType: 'unified' | 'split' }) {
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  if (inViewport && !seen) setSeen(true);
  const file = useMemo(
    () => (change.diff ? (parseDiff(changeToGitDiff(change))[0] ?? null) : null),
    [change],
  );
  const { additions, deletions } = useMemo(() => countChanges(file), [file]);
  const tokens = useMemo(
    () => (seen && file ? tokenizeHunks(file.hunks, change.new_path) : undefined),
    [seen, file, change.new_path],
  );
  const lines = file?.hunks.reduce((sum, hunk) => sum + hunk.changes.length + 1, 0) ?? 0;

  let status = null;
  if (change.new_file)
    status = (
      <Badge size="xs" color="green" variant="light">
        new
      </Badge>
    );
  else if (change.deleted_file)
    status = (
      <Badge size="xs" color="red" variant="light">
        deleted
      </Badge>
    );
  else if (change.renamed_file)
    status = (
      <Badge size="xs" variant="light">
        renamed
      </Badge>
    );

  return (
    <Paper withBorder style={{ overflow: 'hidden' }} data-testid="commit-file-diff" ref={ref}>
      <Group className={classes.fileHeader} justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text
            size="sm"
            ff="monospace"
            fw={600}
            truncate
            title={change.renamed_file ? `${change.old_path} → ${change.new_path}` : change.new_path}
          >
            {change.renamed_file ? `${change.old_path} → ${change.new_path}` : change.new_path}
          </Text>
          {status}
        </Group>
        <Text size="xs" style={{ flex: 'none' }}>
          <Text span inherit c="green">
            +{additions}
          </Text>{' '}
          <Text span inherit c="red">
            −{deletions}
          </Text>
        </Text>
      </Group>
      {change.too_large ? (
        <Alert m="sm" color="gray">
          This diff is too large to show.
        </Alert>
      ) : !file || file.hunks.length === 0 ? (
        <Text size="sm" c="dimmed" p="sm">
          No text changes (a mode change or a binary file).
        </Text>
      ) : !seen ? (
        <Box h={Math.min(lines, 400) * PLACEHOLDER_LINE_HEIGHT} aria-hidden />
      ) : (
        <Box className={classes.frame}>
          <Diff viewType={viewType} diffType={file.type} hunks={file.hunks} tokens={tokens}>
            {(hunks) =>
              hunks.flatMap((hunk) => [
                <Decoration key={`header-${hunk.content}`}>
                  <Text size="xs" ff="monospace" c="dimmed" className="diff-hunk-header">
                    {hunk.content}
                  </Text>
                </Decoration>,
                <Hunk key={hunk.content} hunk={hunk} />,
              ])
            }
          </Diff>
        </Box>
      )}
    </Paper>
  );
}

/** "Show the diff" for a commit whose diff the instance cannot serve. */
export function CommitDiffUnavailable({ reason }: { reason: string }) {
  return (
    <Alert color="gray" variant="light" data-testid="commit-diff-unavailable">
      <Text size="sm">{reason}</Text>
    </Alert>
  );
}
