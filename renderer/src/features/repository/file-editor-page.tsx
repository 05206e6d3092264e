import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconGitBranch, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { EditorCommitProblem } from './editor-commit-problem.js';
import { decodeContent } from './file-content.js';
import { useRepository } from './repository-context.js';
import { RepositoryToolbar } from './repository-toolbar.js';
import { useEditorFormState, useFileEditorPageState, type EditorFormProps } from './use-file-editor-state.js';

/** The editor, its commit message and target branch, and the Commit / Cancel buttons. */
function EditorForm(props: EditorFormProps) {
  const { mode, path, onReload, reloading } = props;
  const { ref, empty } = useRepository();
  const form = useEditorFormState(props);

  return (
    <form onSubmit={form.submit} noValidate data-testid="file-editor">
      <Stack gap="md">
        <Paper withBorder style={{ overflow: 'hidden' }}>
          <Group
            px="md"
            py={8}
            gap="sm"
            justify="space-between"
            style={{
              borderBottom: '1px solid var(--mantine-color-default-border)',
              backgroundColor: 'light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-7))',
            }}
          >
            {mode === 'new' ? (
              <Group gap={6} wrap="nowrap" style={{ flex: 1 }}>
                {path ? (
                  <Text size="sm" ff="monospace" c="dimmed">
                    {path}/
                  </Text>
                ) : null}
                <TextInput
                  aria-label="File name"
                  placeholder="file-name.ext (folders with /)"
                  value={form.name}
                  onChange={(event) => form.setName(event.currentTarget.value)}
                  error={form.nameError}
                  size="xs"
                  w={360}
                  data-autofocus
                  autoFocus
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                />
              </Group>
            ) : (
              <Text size="sm" fw={600} ff="monospace">
                {path}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {form.content.split('\n').length} lines
            </Text>
          </Group>
          <Textarea
            aria-label="File content"
            value={form.content}
            onChange={(event) => form.setContent(event.currentTarget.value)}
            autosize
            minRows={14}
            maxRows={32}
            variant="unstyled"
            spellCheck={false}
            wrap="off"
            data-testid="file-content-editor"
            styles={{
              input: {
                fontFamily: 'var(--mantine-font-family-monospace)',
                fontSize: 12.5,
                lineHeight: '20px',
                padding: '10px 16px',
                whiteSpace: 'pre',
                overflowX: 'auto',
              },
            }}
          />
        </Paper>
        <Paper withBorder p="md">
          <Stack gap="md">
            <TextInput
              label="Commit message"
              placeholder={form.defaultMessage}
              value={form.message}
              onChange={(event) => form.setMessage(event.currentTarget.value)}
            />
            <Radio.Group
              label="Target branch"
              value={form.effectiveTarget}
              onChange={(value) => form.setTarget(value as 'current' | 'new')}
            >
              <Stack gap={8} mt={6}>
                <Radio
                  value="current"
                  disabled={!form.canCommitToCurrent}
                  label={
                    <Text size="sm" span>
                      Commit to <b>{form.branchTarget}</b>
                      {empty ? ' (the first commit creates it)' : ''}
                      {form.refused ? (
                        <Text span size="sm" c="orange">
                          {' '}
                          — protected, you may not push to it
                        </Text>
                      ) : null}
                    </Text>
                  }
                />
                <Radio
                  value="new"
                  label={
                    <Text size="sm" span>
                      Create a new branch
                      {empty ? (
                        ''
                      ) : (
                        <>
                          {' '}
                          from <b>{ref}</b>
                        </>
                      )}
                    </Text>
                  }
                />
              </Stack>
            </Radio.Group>
            {form.effectiveTarget === 'new' ? (
              <TextInput
                label="New branch name"
                value={form.newBranch}
                onChange={(event) => form.setNewBranch(event.currentTarget.value)}
                leftSection={<IconGitBranch size={14} />}
                error={!form.newBranch.trim() ? 'Enter a branch name.' : undefined}
                w={{ base: '100%', sm: 420 }}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
            ) : null}
            {!form.canCommitToCurrent ? (
              <Alert variant="light" color="blue" icon={<IconInfoCircle />} p="xs">
                <Text size="sm">{ref} is a tag or commit, so the change goes on a new branch.</Text>
              </Alert>
            ) : null}
            {form.problem ? (
              <EditorCommitProblem
                problem={form.problem}
                problemRef={form.problemRef}
                onUseNewBranch={
                  form.effectiveTarget !== 'new'
                    ? () => {
                        form.setTarget('new');
                        form.mutation.reset();
                      }
                    : undefined
                }
                content={form.content}
                onReload={onReload}
                reloading={reloading}
              />
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" component={Link} to={form.cancelTo}>
                Cancel
              </Button>
              <Button type="submit" loading={form.mutation.isPending}>
                Commit changes
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
}

/**
 * Edit a file (`mode="edit"`, path = the file) or create one (`mode="new"`, path = its folder)
 * in a monospace editor, with a commit message and the target branch: the current branch, or a
 * new one started from it. Refusals and conflicts are explained above the editor.
 */
export function FileEditorPage({ mode }: { mode: 'edit' | 'new' }) {
  const { path, file, version, reload, reloading } = useFileEditorPageState(mode);

  let body;
  if (mode === 'new') {
    body = <EditorForm mode="new" path={path} file={null} initialContent="" />;
  } else if (file.isError) {
    body = <QueryErrorAlert title="Couldn’t load the file" query={file} />;
  } else if (!file.data) {
    body = (
      <Paper withBorder p="md">
        <Stack gap={10}>
          {Array.from({ length: 10 }, (_, index) => (
            <Skeleton key={index} height={9} width={`${25 + ((index * 31) % 60)}%`} />
          ))}
        </Stack>
      </Paper>
    );
  } else {
    const decoded = decodeContent(file.data.content);
    body =
      decoded.kind === 'text' ? (
        <EditorForm
          key={version}
          mode="edit"
          path={path}
          file={file.data}
          initialContent={decoded.text}
          onReload={reload}
          reloading={reloading}
        />
      ) : (
        <Alert color="yellow" variant="light" title="Binary file">
          Binary files can’t be edited here.
        </Alert>
      );
  }

  return (
    <Stack gap="md">
      <RepositoryToolbar path={path}>
        <Text size="sm" c="dimmed">
          {mode === 'edit' ? 'Editing' : 'New file'}
        </Text>
        <Tooltip label="Changes are committed to the branch you pick below.">
          <ActionIcon variant="subtle" color="gray" aria-label="About committing">
            <IconInfoCircle size={16} />
          </ActionIcon>
        </Tooltip>
      </RepositoryToolbar>
      {body}
    </Stack>
  );
}
