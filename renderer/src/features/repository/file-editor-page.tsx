import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
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
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconCheck, IconCopy, IconGitBranch, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { joinPath, trimSlashes } from '../../api/repository/file-path.js';
import { useCreateFile, useUpdateFile } from '../../api/repository/mutations.js';
import { repositoryQueries } from '../../api/repository/queries.js';
import type { RepositoryFile } from '../../api/repository/types.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { CommitProblemAlert } from './commit-problem-alert.js';
import { describeCommitProblem } from './commit-problem.js';
import { decodeContent } from './file-content.js';
import type { MergeRequestOfferState } from './merge-request-offer.js';
import { useRepository } from './repository-context.js';
import { fileRoute } from './repository-paths.js';
import { RepositoryToolbar } from './repository-toolbar.js';
import { useRefBranch } from './use-ref-is-branch.js';

/** A branch name for "commit to a new branch": `<ref>-patch-1234`, made safe for git. */
export function suggestBranchName(ref: string, random: number): string {
  const base = ref.replace(/[^A-Za-z0-9._/-]+/g, '-').replace(/^[-./]+|[-./]+$/g, '') || 'branch';
  return `${base}-patch-${String(Math.floor(random * 9000) + 1000)}`;
}

interface EditorFormProps {
  mode: 'edit' | 'new';
  /** The file (edit) or the folder the new file goes in (new). */
  path: string;
  /** The file as loaded (edit only). */
  file: RepositoryFile | null;
  initialContent: string;
  /** Replace the editor with the latest version of the file (after a conflict). */
  onReload?: () => void;
  reloading?: boolean;
}

function EditorForm({ mode, path, file, initialContent, onReload, reloading }: EditorFormProps) {
  const { profileId, projectId, ref, defaultBranch, empty } = useRepository();
  const navigate = useNavigate();
  const { isBranch, canPush } = useRefBranch();
  const [name, setName] = useState('');
  const [content, setContent] = useState(initialContent);
  // The version this edit started from; a stale one makes the instance refuse the commit (400).
  // Fixed at mount: the query refreshes after commits, but only "Load the latest version" rebases.
  const [baseCommitId] = useState(file?.last_commit_id);
  const [message, setMessage] = useState('');
  // null: chosen for you (a new branch when you may not push to this one).
  const [target, setTarget] = useState<'current' | 'new' | null>(null);
  const [newBranch, setNewBranch] = useState(() => suggestBranchName(ref || 'main', Math.random()));
  const [nameError, setNameError] = useState<string | null>(null);
  const createFile = useCreateFile(profileId, projectId);
  const updateFile = useUpdateFile(profileId, projectId);
  const mutation = mode === 'edit' ? updateFile : createFile;

  const filePath = mode === 'edit' ? path : joinPath(path, name.trim());
  const defaultMessage = mode === 'edit' ? `Update ${filePath}` : `Add ${filePath || 'a new file'}`;
  // An empty repository has no branch to start from: the first commit creates the default branch.
  const branchTarget = empty ? ref || defaultBranch || 'main' : ref;
  const canCommitToCurrent = empty || isBranch !== false;
  const refused = !empty && isBranch === true && canPush === false;
  const effectiveTarget = !canCommitToCurrent ? 'new' : (target ?? (refused ? 'new' : 'current'));
  const branch = effectiveTarget === 'new' ? newBranch.trim() : branchTarget;
  const problem = mutation.isError ? describeCommitProblem(mutation.error, branch) : null;
  // The refusal appears next to the Commit button; make sure it is on screen.
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (mutation.isError) problemRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [mutation.isError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'new' && !name.trim()) {
      setNameError('Enter a file name.');
      return;
    }
    if (mode === 'new' && /(^|\/)\.\.?(\/|$)/.test(name.trim())) {
      setNameError('A path can’t contain . or .. segments.');
      return;
    }
    setNameError(null);
    if (effectiveTarget === 'new' && !branch) return;
    const input = {
      path: filePath,
      branch,
      startBranch: effectiveTarget === 'new' && !empty ? ref : undefined,
      commitMessage: message.trim() || defaultMessage,
      content,
    };
    const onSuccess = () => {
      notifications.show({
        color: 'teal',
        title: 'Changes committed',
        message: `${filePath} was ${mode === 'edit' ? 'updated' : 'added'} on ${branch}.`,
      });
      const offer: MergeRequestOfferState | undefined =
        effectiveTarget === 'new' && !empty ? { offerMergeRequest: branch } : undefined;
      navigate(fileRoute(projectId, 'blob', filePath, branch === defaultBranch ? undefined : branch), {
        state: offer,
      });
    };
    if (mode === 'edit') updateFile.mutate({ ...input, lastCommitId: baseCommitId }, { onSuccess });
    else createFile.mutate(input, { onSuccess });
  };

  const cancelTo =
    mode === 'edit'
      ? fileRoute(projectId, 'blob', path, ref === defaultBranch ? undefined : ref)
      : fileRoute(projectId, 'tree', path, ref === defaultBranch ? undefined : ref);

  return (
    <form onSubmit={submit} noValidate data-testid="file-editor">
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
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                  error={nameError}
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
              {content.split('\n').length} lines
            </Text>
          </Group>
          <Textarea
            aria-label="File content"
            value={content}
            onChange={(event) => setContent(event.currentTarget.value)}
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
              placeholder={defaultMessage}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
            />
            <Radio.Group
              label="Target branch"
              value={effectiveTarget}
              onChange={(value) => setTarget(value as 'current' | 'new')}
            >
              <Stack gap={8} mt={6}>
                <Radio
                  value="current"
                  disabled={!canCommitToCurrent}
                  label={
                    <Text size="sm" span>
                      Commit to <b>{branchTarget}</b>
                      {empty ? ' (the first commit creates it)' : ''}
                      {refused ? (
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
            {effectiveTarget === 'new' ? (
              <TextInput
                label="New branch name"
                value={newBranch}
                onChange={(event) => setNewBranch(event.currentTarget.value)}
                leftSection={<IconGitBranch size={14} />}
                error={!newBranch.trim() ? 'Enter a branch name.' : undefined}
                w={{ base: '100%', sm: 420 }}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
            ) : null}
            {!canCommitToCurrent ? (
              <Alert variant="light" color="blue" icon={<IconInfoCircle />} p="xs">
                <Text size="sm">{ref} is a tag or commit, so the change goes on a new branch.</Text>
              </Alert>
            ) : null}
            {problem ? (
              <div ref={problemRef}>
                <CommitProblemAlert problem={problem}>
                  {problem.kind === 'protected' && effectiveTarget !== 'new' ? (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconGitBranch size={14} />}
                      onClick={() => {
                        setTarget('new');
                        mutation.reset();
                      }}
                    >
                      Commit to a new branch instead
                    </Button>
                  ) : null}
                  {problem.kind === 'conflict' ? (
                    <>
                      <CopyButton value={content}>
                        {({ copied, copy }) => (
                          <Button
                            size="xs"
                            variant="light"
                            color={copied ? 'teal' : 'red'}
                            leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                            onClick={copy}
                          >
                            {copied ? 'Copied' : 'Copy my text'}
                          </Button>
                        )}
                      </CopyButton>
                      {onReload ? (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          leftSection={<IconRefresh size={14} />}
                          onClick={onReload}
                          loading={reloading}
                        >
                          Load the latest version
                        </Button>
                      ) : null}
                    </>
                  ) : null}
                </CommitProblemAlert>
              </div>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" component={Link} to={cancelTo}>
                Cancel
              </Button>
              <Button type="submit" loading={mutation.isPending}>
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
  const { profileId, projectId, ref } = useRepository();
  const path = trimSlashes(useParams()['*'] ?? '');
  const queryClient = useQueryClient();
  const [version, setVersion] = useState(0);
  const [reloading, setReloading] = useState(false);
  const file = useQuery({
    ...repositoryQueries.file(profileId, projectId, ref, path),
    enabled: mode === 'edit',
    // Start from what is on the branch now; later refreshes don't reset the editor (keyed by reloads).
    staleTime: 0,
    refetchOnMount: 'always',
  });

  const reload = async () => {
    setReloading(true);
    try {
      await queryClient.fetchQuery({
        ...repositoryQueries.file(profileId, projectId, ref, path),
        staleTime: 0,
      });
      setVersion((current) => current + 1);
    } finally {
      setReloading(false);
    }
  };

  let body;
  if (mode === 'new') {
    body = <EditorForm mode="new" path={path} file={null} initialContent="" />;
  } else if (file.isError) {
    body = (
      <QueryErrorAlert
        title="Couldn’t load the file"
        error={file.error}
        onRetry={() => file.refetch()}
        retrying={file.isFetching}
      />
    );
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
