import { Box, Group, Paper, Text } from '@mantine/core';
import type { Discussion, MergeRequestChange } from '../../api/merge-requests/types.js';
import { threadContext } from './activity.js';
import classes from './diff-view.module.css';

/** Above a diff thread: the file and line it is on and the code there (or that the line has changed since). */
export function DiffContext({
  discussion,
  changes,
}: {
  discussion: Discussion;
  changes: MergeRequestChange[] | undefined;
}) {
  const position = discussion.notes[0]?.position;
  if (!position) return null;
  const path = position.new_path ?? position.old_path;
  const line = position.new_line ?? position.old_line;
  const file = changes?.find((change) => change.new_path === path || change.old_path === position.old_path);
  const lines = file ? threadContext(file.diff, position) : null;
  return (
    <Paper withBorder mb={6} data-testid="mr-thread-context" style={{ overflow: 'hidden' }}>
      <Group px="sm" py={4} className={classes.fileHeader} style={{ position: 'static' }} gap={6}>
        <Text size="xs" ff="monospace" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {path}
          {line != null ? `:${line}` : ''}
        </Text>
        {changes && !lines ? (
          <Text size="xs" c="dimmed">
            (on an earlier version of the changes)
          </Text>
        ) : null}
      </Group>
      {lines ? (
        <Box className={classes.contextCode} role="presentation">
          {lines.map((context, index) => (
            <div
              key={index}
              className={classes.contextLine}
              data-kind={context.kind}
              data-target={context.target}
            >
              <span className={classes.contextNumber}>{context.oldLine ?? ''}</span>
              <span className={classes.contextNumber}>{context.newLine ?? ''}</span>
              <span className={classes.contextText}>
                {context.kind === 'insert' ? '+' : context.kind === 'delete' ? '-' : ' '}
                {context.text}
              </span>
            </div>
          ))}
        </Box>
      ) : null}
    </Paper>
  );
}
