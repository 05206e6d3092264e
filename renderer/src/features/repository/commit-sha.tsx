import { ActionIcon, Badge, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { shortSha } from './blame-rows.js';

/** A short SHA in monospace with a button that copies the full SHA. */
export function CommitSha({ sha, withCopy = true }: { sha: string; withCopy?: boolean }) {
  return (
    <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
      <Badge
        variant="light"
        color="gray"
        ff="monospace"
        tt="none"
        fw={500}
        size="md"
        radius="sm"
        title={sha}
        style={{ minWidth: 'max-content' }}
        data-testid="commit-sha"
      >
        {shortSha(sha)}
      </Badge>
      {withCopy ? (
        <CopyButton value={sha} timeout={1500}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy full SHA'}>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                size="sm"
                onClick={copy}
                aria-label={`Copy SHA ${shortSha(sha)}`}
              >
                {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      ) : null}
    </Group>
  );
}
