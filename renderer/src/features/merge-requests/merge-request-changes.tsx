import {
  Alert,
  Badge,
  Box,
  Center,
  EmptyState,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconFile, IconFileDiff } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import {
  Decoration,
  Diff,
  Hunk,
  getChangeKey,
  parseDiff,
  type ChangeData,
  type FileData,
} from 'react-diff-view';
import 'react-diff-view/style/index.css';
import { useCreateDiscussion } from '../../api/merge-requests/mutations.js';
import { mergeRequestQueries } from '../../api/merge-requests/queries.js';
import type {
  Discussion,
  MergeRequestChange,
  MergeRequestDetail,
  MergeRequestDiffVersion,
} from '../../api/merge-requests/types.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import {
  buildDiffPosition,
  changeToGitDiff,
  clickedLineFromChange,
  clickedLineKey,
  positionLineKey,
  type DiffRefs,
} from './diff-position.js';
import { tokenizeHunks } from './diff-highlight.js';
import classes from './diff-view.module.css';
import { CommentForm, DiscussionThread, type ThreadTarget } from './discussion-thread.js';

/** One file ready to render: the API change, its parsed hunks and +/- counts. */
interface ParsedFile {
  change: MergeRequestChange;
  file: FileData | null;
  additions: number;
  deletions: number;
}

function parseChanges(changes: MergeRequestChange[]): ParsedFile[] {
  return changes.map((change) => {
    const [file] = change.diff ? parseDiff(changeToGitDiff(change)) : [];
    let additions = 0;
    let deletions = 0;
    for (const hunk of file?.hunks ?? []) {
      for (const line of hunk.changes) {
        if (line.type === 'insert') additions += 1;
        else if (line.type === 'delete') deletions += 1;
      }
    }
    return { change, file: file ?? null, additions, deletions };
  });
}

/** Stands in for a version while none is picked (the compare query is then disabled). */
const NO_VERSION: MergeRequestDiffVersion = {
  id: 0,
  head_commit_sha: '',
  base_commit_sha: '',
  start_commit_sha: '',
  created_at: '',
  merge_request_id: 0,
  state: '',
  real_size: '',
};

const fileAnchor = (path: string) => `diff-${path.replace(/[^a-zA-Z0-9_-]/g, '-')}`;

/**
 * The Changes tab: "compare version B with A" selectors over `GET …/versions`, a file tree, and every
 * file's diff (react-diff-view, unified or split, highlight.js tokens). Clicking a line number opens a
 * comment form that posts a diff thread; threads show under their line.
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
  const { profileId, projectId, iid } = target;
  const [viewType, setViewType] = useState<'unified' | 'split'>('unified');
  const [headVersion, setHeadVersion] = useState<string>('latest');
  const [baseVersion, setBaseVersion] = useState<string>('base');
  const versions = useQuery(mergeRequestQueries.versions(profileId, projectId, iid));
  const list = versions.data ?? [];
  const head = headVersion === 'latest' ? list[0] : list.find((v) => String(v.id) === headVersion);
  const base = baseVersion === 'base' ? undefined : list.find((v) => String(v.id) === baseVersion);
  const latest = headVersion === 'latest' || head?.id === list[0]?.id;

  const changes = useQuery({
    ...mergeRequestQueries.changes(profileId, projectId, iid),
    enabled: latest && !base,
  });
  const version = useQuery({
    ...mergeRequestQueries.version(profileId, projectId, iid, head?.id ?? 0),
    enabled: !latest && !base && head !== undefined,
  });
  const compare = useQuery({
    ...mergeRequestQueries.compare(profileId, projectId, iid, base ?? NO_VERSION, head ?? NO_VERSION),
    enabled: base !== undefined && head !== undefined,
  });

  const active = base ? compare : latest ? changes : version;
  const rawChanges: MergeRequestChange[] | undefined = base
    ? compare.data?.diffs
    : latest
      ? changes.data?.changes
      : version.data?.diffs;
  const refs: DiffRefs | null =
    base && head
      ? { base_sha: base.head_commit_sha, start_sha: base.head_commit_sha, head_sha: head.head_commit_sha }
      : !latest && head
        ? { base_sha: head.base_commit_sha, start_sha: head.start_commit_sha, head_sha: head.head_commit_sha }
        : mr.diff_refs;
  const files = useMemo(() => (rawChanges ? parseChanges(rawChanges) : null), [rawChanges]);

  const versionOptions = list.map((v, index) => ({
    value: String(v.id),
    label: `Version ${list.length - index}${index === 0 ? ' (latest)' : ''} · ${v.head_commit_sha.slice(0, 8)}`,
  }));
  const headIndex = head ? list.indexOf(head) : 0;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <Text size="sm">Compare</Text>
          <Select
            aria-label="Head version"
            size="xs"
            w={240}
            data={[{ value: 'latest', label: 'Latest version' }, ...versionOptions]}
            value={headVersion}
            onChange={(value) => {
              setHeadVersion(value ?? 'latest');
              setBaseVersion('base');
            }}
            allowDeselect={false}
          />
          <Text size="sm">with</Text>
          <Select
            aria-label="Base version"
            size="xs"
            w={240}
            data={[
              { value: 'base', label: `${mr.target_branch} (base)` },
              ...versionOptions.filter((_, index) => index > headIndex),
            ]}
            value={baseVersion}
            onChange={(value) => setBaseVersion(value ?? 'base')}
            allowDeselect={false}
          />
        </Group>
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
      {base && compare.data?.approximate ? (
        <Alert color="gray" variant="light" py={6} data-testid="mr-compare-approximate">
          <Text size="sm">
            This instance cannot diff two commits directly: showing the files whose changes differ between the
            two versions, as each version changes them against {mr.target_branch}.
          </Text>
        </Alert>
      ) : null}
      {active.isError ? (
        <QueryErrorAlert
          title={base ? 'Couldn’t compare these versions' : 'Couldn’t load the changes'}
          error={active.error}
          onRetry={() => active.refetch()}
          retrying={active.isFetching}
        />
      ) : !files ? (
        <Center h={200}>
          <Loader type="dots" aria-label="Loading changes" />
        </Center>
      ) : files.length === 0 ? (
        <EmptyState py={48} icon={<IconFileDiff size={24} />} withIndicatorBackground title="No changes" />
      ) : (
        <Group align="flex-start" gap="md" wrap="nowrap">
          <Paper withBorder w={240} style={{ flex: 'none', position: 'sticky', top: 8 }}>
            <Text size="xs" fw={600} c="dimmed" px="sm" pt="sm" pb={4}>
              {files.length} changed file{files.length === 1 ? '' : 's'}
            </Text>
            <ScrollArea.Autosize mah="60vh" px={4} pb={4}>
              {files.map(({ change, additions, deletions }) => (
                <UnstyledButton
                  key={change.new_path}
                  className={classes.treeItem}
                  onClick={() =>
                    document.getElementById(fileAnchor(change.new_path))?.scrollIntoView({ block: 'start' })
                  }
                  data-testid="mr-file-tree-item"
                >
                  <Group gap={6} wrap="nowrap" justify="space-between">
                    <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
                      <IconFile size={14} style={{ flex: 'none' }} />
                      <Text size="xs" truncate title={change.new_path}>
                        {change.new_path}
                      </Text>
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
                </UnstyledButton>
              ))}
            </ScrollArea.Autosize>
          </Paper>
          <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
            {files.map((parsed) => (
              <FileDiff
                key={parsed.change.new_path}
                parsed={parsed}
                viewType={viewType}
                refs={refs}
                target={target}
                discussions={discussions}
                canComment={!base}
              />
            ))}
          </Stack>
        </Group>
      )}
    </Stack>
  );
}

/** One file's header and diff, with its line threads and the open comment form as widgets. */
function FileDiff({
  parsed,
  viewType,
  refs,
  target,
  discussions,
  canComment,
}: {
  parsed: ParsedFile;
  viewType: 'unified' | 'split';
  refs: DiffRefs | null;
  target: ThreadTarget;
  discussions: Discussion[];
  canComment: boolean;
}) {
  const { change, file, additions, deletions } = parsed;
  const [commentOn, setCommentOn] = useState<ChangeData | null>(null);
  const create = useCreateDiscussion(target.profileId, target.projectId, target.iid);
  const tokens = useMemo(
    () => (file ? tokenizeHunks(file.hunks, change.new_path) : undefined),
    [file, change.new_path],
  );

  const widgets = useMemo(() => {
    const result: Record<string, ReactNode> = {};
    if (!file) return result;
    const byLine = new Map<string, ChangeData>();
    for (const hunk of file.hunks) {
      for (const line of hunk.changes) byLine.set(clickedLineKey(clickedLineFromChange(line)), line);
    }
    const threads = new Map<string, Discussion[]>();
    for (const discussion of discussions) {
      const position = discussion.notes[0]?.position;
      if (!position || (position.new_path !== change.new_path && position.old_path !== change.old_path))
        continue;
      const lineKey = positionLineKey(position);
      const line = lineKey ? byLine.get(lineKey) : undefined;
      if (!line) continue;
      const key = getChangeKey(line);
      threads.set(key, [...(threads.get(key) ?? []), discussion]);
    }
    const keys = new Set([...threads.keys(), ...(commentOn ? [getChangeKey(commentOn)] : [])]);
    for (const key of keys) {
      const open = commentOn !== null && getChangeKey(commentOn) === key;
      result[key] = (
        <Stack gap="xs" maw={760}>
          {(threads.get(key) ?? []).map((discussion) => (
            <DiscussionThread key={discussion.id} discussion={discussion} target={target} />
          ))}
          {open && refs && commentOn ? (
            <Paper withBorder p="sm" data-testid="mr-line-comment-form">
              <CommentForm
                label="Comment on this line"
                submitLabel="Start a thread"
                autoFocus
                busy={create.isPending}
                error={create.error}
                onCancel={() => setCommentOn(null)}
                onSubmit={(body, done) =>
                  create.mutate(
                    { body, position: buildDiffPosition(refs, change, clickedLineFromChange(commentOn)) },
                    {
                      onSuccess: () => {
                        done();
                        setCommentOn(null);
                      },
                    },
                  )
                }
              />
            </Paper>
          ) : null}
        </Stack>
      );
    }
    return result;
  }, [file, discussions, change, commentOn, refs, target, create]);

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
    <Paper
      withBorder
      id={fileAnchor(change.new_path)}
      data-testid="mr-file-diff"
      style={{ overflow: 'hidden' }}
    >
      <Group className={classes.fileHeader} justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size="sm" ff="monospace" fw={600} truncate>
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
      ) : (
        <Box className={classes.frame}>
          <Diff
            viewType={viewType}
            diffType={file.type}
            hunks={file.hunks}
            tokens={tokens}
            widgets={widgets}
            gutterEvents={
              canComment && refs ? { onClick: ({ change: clicked }) => setCommentOn(clicked) } : undefined
            }
          >
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
