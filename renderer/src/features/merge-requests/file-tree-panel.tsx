import { Group, Paper, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconCircleCheck,
  IconChevronRight,
  IconFile,
  IconFolder,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { buildFileTree, treeRows } from './file-tree.js';
import { DiffStat } from '../../components/diff-viewer/diff-stat.js';
import classes from './diff-view.module.css';

/** What the tree shows of one changed file. */
export interface TreeFileInfo {
  path: string;
  additions: number;
  deletions: number;
}

/**
 * The changed files as a folder tree beside the diff (GitLab's file browser): folders fold and unfold
 * (buttons with `aria-expanded`), a file opens, highlights and jumps to its diff (and stays marked
 * `aria-current` here), a tick marks a viewed file. Scrolls on its own, sticky under the header.
 * The "+n −n" counts never shrink (issue 30, defect 4): a long name is cut with an ellipsis instead.
 * A plain vertical scroller, not Mantine's ScrollArea, whose `display: table` content grew to the
 * longest name and pushed the counts out of the 200–240 px panel ("−450" showed as "−45").
 */
export function FileTreePanel({
  files,
  viewed,
  onOpen,
}: {
  files: TreeFileInfo[];
  viewed: ReadonlySet<string>;
  onOpen: (index: number) => void;
}) {
  const tree = useMemo(() => buildFileTree(files.map((file) => file.path)), [files]);
  const [closed, setClosed] = useState<Set<string>>(() => new Set());
  const rows = useMemo(() => treeRows(tree, closed), [tree, closed]);
  const viewedCount = files.filter((file) => viewed.has(file.path)).length;
  const [picked, setPicked] = useState<string | null>(null);

  return (
    <Paper withBorder className={classes.treePanel} data-testid="mr-file-tree">
      <Group justify="space-between" px="sm" pt="sm" pb={4} gap={4}>
        <Text size="xs" fw={600} c="dimmed">
          {files.length} changed file{files.length === 1 ? '' : 's'}
        </Text>
        <Text size="xs" c="dimmed" data-testid="mr-viewed-count">
          {viewedCount}/{files.length} viewed
        </Text>
      </Group>
      <div className={classes.treeScroller} data-testid="mr-file-tree-scroller">
        {rows.map((row) => {
          const indent = { paddingLeft: 8 + row.depth * 12 };
          if (row.kind === 'folder') {
            return (
              <UnstyledButton
                key={`folder:${row.path}`}
                className={classes.treeItem}
                style={indent}
                aria-expanded={row.open}
                onClick={() =>
                  setClosed((current) => {
                    const next = new Set(current);
                    if (next.has(row.path)) next.delete(row.path);
                    else next.add(row.path);
                    return next;
                  })
                }
                data-testid="mr-tree-folder"
              >
                <Group gap={4} wrap="nowrap">
                  {row.open ? (
                    <IconChevronDown size={12} style={{ flex: 'none' }} />
                  ) : (
                    <IconChevronRight size={12} style={{ flex: 'none' }} />
                  )}
                  <IconFolder size={14} style={{ flex: 'none' }} />
                  <Text size="xs" truncate title={row.path}>
                    {row.name}
                  </Text>
                </Group>
              </UnstyledButton>
            );
          }
          const file = files[row.index]!;
          const isViewed = viewed.has(file.path);
          return (
            <UnstyledButton
              key={`file:${row.path}`}
              className={classes.treeItem}
              style={indent}
              onClick={() => {
                setPicked(file.path);
                onOpen(row.index);
              }}
              aria-current={picked === file.path ? 'true' : undefined}
              data-testid="mr-file-tree-item"
              data-viewed={isViewed}
            >
              <Group gap={6} wrap="nowrap" justify="space-between">
                <Group gap={4} wrap="nowrap" style={{ minWidth: 0, flex: '1 1 0' }}>
                  <span style={{ width: 12, flex: 'none' }} />
                  <IconFile size={14} style={{ flex: 'none' }} />
                  <Text size="xs" truncate title={file.path} c={isViewed ? 'dimmed' : undefined}>
                    {row.name}
                  </Text>
                </Group>
                <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
                  <Text
                    size="xs"
                    className={classes.treeStat}
                    style={{ whiteSpace: 'nowrap' }}
                    data-testid="mr-file-tree-stat"
                  >
                    <DiffStat additions={file.additions} deletions={file.deletions} />
                  </Text>
                  {isViewed ? (
                    <IconCircleCheck
                      size={14}
                      color="var(--mantine-color-green-filled)"
                      aria-label="Viewed"
                      role="img"
                    />
                  ) : null}
                </Group>
              </Group>
            </UnstyledButton>
          );
        })}
      </div>
    </Paper>
  );
}
