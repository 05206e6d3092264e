import {
  Accordion,
  ActionIcon,
  Code,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import type { Project } from '../../../../shared/api-types/projects.js';
import { cloneCommands } from './clone-commands.js';

/** Which command blocks the panel can show. */
export type CloneSection = 'clone' | 'push-folder' | 'push-repository';

/** A copy-to-clipboard icon button with a "Copied" state. */
function CopyIcon({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label} withArrow position="left">
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={label}
            data-copied={copied || undefined}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** Shell lines in a code block, with a button copying all of them. */
function CommandBlock({ lines, label }: { lines: string[]; label: string }) {
  return (
    <Group align="flex-start" wrap="nowrap" gap={4}>
      <Code block data-testid="clone-command-block" style={{ flex: 1, minWidth: 0, overflowX: 'auto' }}>
        {lines.join('\n')}
      </Code>
      <CopyIcon value={lines.join('\n')} label={label} />
    </Group>
  );
}

/**
 * How to get code in and out of a project with plain git over HTTP: the clone URL
 * (`http_url_to_repo`, doc/api/projects.md) with a copy button, and collapsible command blocks —
 * clone, push an existing folder, push an existing repository (GitLab's empty-project page) — plus
 * the note that git's password is a personal access token. `opened` picks the sections shown open.
 */
export function ClonePanel({
  project,
  opened = [],
}: {
  project: Pick<Project, 'http_url_to_repo' | 'default_branch'>;
  opened?: CloneSection[];
}) {
  const url = project.http_url_to_repo;
  const commands = cloneCommands(url, project.default_branch);
  return (
    <Stack gap="sm" data-testid="clone-panel">
      <TextInput
        label="Clone with HTTP"
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        rightSection={<CopyIcon value={url} label="Copy clone URL" />}
        data-testid="clone-url"
      />
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconKey size={14} stroke={1.7} style={{ marginTop: 3, flex: 'none' }} />
        <Text size="xs" c="dimmed">
          When git asks for a password, use a personal access token (scope <Code>read_repository</Code> to
          clone, <Code>write_repository</Code> to push); any username works.
        </Text>
      </Group>
      <Accordion
        multiple
        defaultValue={opened}
        variant="contained"
        chevronPosition="left"
        keepMounted={false}
      >
        <Accordion.Item value="clone">
          <Accordion.Control>Clone</Accordion.Control>
          <Accordion.Panel>
            <CommandBlock lines={commands.clone} label="Copy clone commands" />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="push-folder">
          <Accordion.Control>Push an existing folder</Accordion.Control>
          <Accordion.Panel>
            <CommandBlock lines={commands.pushFolder} label="Copy commands to push a folder" />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="push-repository">
          <Accordion.Control>Push an existing Git repository</Accordion.Control>
          <Accordion.Panel>
            <CommandBlock lines={commands.pushRepository} label="Copy commands to push a repository" />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}
