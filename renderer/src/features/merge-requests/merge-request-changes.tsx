import {
  ActionIcon,
  Alert,
  Center,
  EmptyState,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { IconFileDiff, IconLayoutSidebar, IconLayoutSidebarLeftCollapse } from '@tabler/icons-react';
import {
  useCallback,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type Ref,
} from 'react';
import 'react-diff-view/style/index.css';
import { mergeRequestQueries } from '../../api/merge-requests/queries.js';
import type {
  Discussion,
  MergeRequestChange,
  MergeRequestDetail,
  MergeRequestDiffVersion,
} from '../../api/merge-requests/types.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { DiffFile } from './diff-file.js';
import { countChangedLines, fileDisplays, type FileDisplay } from './diff-limits.js';
import type { DiffRefs } from './diff-position.js';
import type { ThreadTarget } from './discussion-thread.js';
import { FileTreePanel, type TreeFileInfo } from './file-tree-panel.js';
import { useViewedFiles } from './viewed-files.js';

/** One file of the list: the API change, its +/− counts and how GitLab's limits first show it. */
interface ListedFile {
  change: MergeRequestChange;
  additions: number;
  deletions: number;
  display: FileDisplay;
  /** Lines of the diff text, for the size estimate before the file is measured. */
  lines: number;
}

function listFiles(changes: MergeRequestChange[]): ListedFile[] {
  const displays = fileDisplays(changes);
  return changes.map((change, index) => {
    let lines = 0;
    for (let at = change.diff.indexOf('\n'); at !== -1; at = change.diff.indexOf('\n', at + 1)) lines += 1;
    return { change, ...countChangedLines(change.diff), display: displays[index]!, lines };
  });
}

/** Height of a file block before it is measured: header, then 18 px per diff line or a one-line note. */
function estimateHeight(file: ListedFile, open: boolean): number {
  return 44 + (open ? file.lines * 18 + 8 : 44) + FILE_GAP;
}

/** Space between file blocks, px. */
const FILE_GAP = 12;

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

/**
 * The Changes tab: "compare version B with A" selectors over `GET …/versions`, a folder tree of the
 * changed files (can be hidden), and the files' diffs (react-diff-view, unified or split, highlight.js
 * tokens) in a window-virtualised list: only the files in view are in the DOM, and a file's diff is
 * parsed and highlighted only while it is expanded and in view. Files start collapsed by GitLab's diff
 * limits ({@link fileDisplays}) or when marked viewed (kept per profile, MR, version and file).
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
  const files = useMemo(() => (rawChanges ? listFiles(rawChanges) : null), [rawChanges]);
  const headSha = refs?.head_sha;
  const viewedScope = useMemo(
    () => (headSha ? { profileId, projectId, iid, headSha } : null),
    [profileId, projectId, iid, headSha],
  );
  const { viewed, toggle: toggleViewed } = useViewedFiles(viewedScope);
  const [treeOpen, setTreeOpen] = useState(true);
  const listRef = useRef<FileListHandle>(null);
  const treeInfo = useMemo(() => (files ? treeFiles(files) : []), [files]);

  const versionOptions = list.map((v, index) => ({
    value: String(v.id),
    label: `Version ${list.length - index}${index === 0 ? ' (latest)' : ''} · ${v.head_commit_sha.slice(0, 8)}`,
  }));
  const headIndex = head ? list.indexOf(head) : 0;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Tooltip label={treeOpen ? 'Hide file tree' : 'Show file tree'}>
            <ActionIcon
              variant="default"
              aria-label={treeOpen ? 'Hide file tree' : 'Show file tree'}
              aria-pressed={treeOpen}
              onClick={() => setTreeOpen((open) => !open)}
              data-testid="mr-tree-toggle"
            >
              {treeOpen ? <IconLayoutSidebarLeftCollapse size={16} /> : <IconLayoutSidebar size={16} />}
            </ActionIcon>
          </Tooltip>
          <Text size="sm">Compare</Text>
          <Select
            aria-label="Head version"
            size="xs"
            w={220}
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
            w={220}
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
          {treeOpen ? (
            <FileTreePanel
              files={treeInfo}
              viewed={viewed}
              onOpen={(index) => listRef.current?.scrollToFile(index)}
            />
          ) : null}
          <VirtualFileList
            ref={listRef}
            files={files}
            viewed={viewed}
            onToggleViewed={toggleViewed}
            viewType={viewType}
            refs={refs}
            target={target}
            discussions={discussions}
            canComment={!base}
          />
        </Group>
      )}
    </Stack>
  );
}

function treeFiles(files: ListedFile[]): TreeFileInfo[] {
  return files.map((file) => ({
    path: file.change.new_path,
    additions: file.additions,
    deletions: file.deletions,
  }));
}

/** What the Changes tab asks of the list: scroll a file's block to the top. */
interface FileListHandle {
  scrollToFile: (index: number) => void;
}

/**
 * The file blocks in a window virtualiser (TanStack Virtual): each block is measured once rendered;
 * one block above and below the viewport is kept (overscan) so scrolling stays smooth.
 */
function VirtualFileList({
  ref,
  files,
  viewed,
  onToggleViewed,
  viewType,
  refs,
  target,
  discussions,
  canComment,
}: {
  ref: Ref<FileListHandle>;
  files: ListedFile[];
  viewed: ReadonlySet<string>;
  onToggleViewed: (path: string, viewed: boolean) => void;
  viewType: 'unified' | 'split';
  refs: DiffRefs | null;
  target: ThreadTarget;
  discussions: Discussion[];
  canComment: boolean;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  /** Files the user opened or closed by hand (path → open); others follow their display and "viewed". */
  const [manual, setManual] = useState<Map<string, boolean>>(() => new Map());
  const isOpen = useCallback(
    (file: ListedFile) =>
      file.display !== 'too_large' &&
      (manual.get(file.change.new_path) ??
        (file.display === 'expanded' && !viewed.has(file.change.new_path))),
    [manual, viewed],
  );

  useLayoutEffect(() => {
    const measure = () => {
      const element = container.current;
      if (element) setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    if (container.current?.parentElement) observer.observe(container.current.parentElement);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: files.length,
    estimateSize: (index) => estimateHeight(files[index]!, isOpen(files[index]!)),
    overscan: 1,
    scrollMargin,
    scrollPaddingStart: 64,
    getItemKey: (index) => files[index]!.change.new_path,
  });

  useImperativeHandle(
    ref,
    () => ({ scrollToFile: (index: number) => virtualizer.scrollToIndex(index, { align: 'start' }) }),
    [virtualizer],
  );

  const threadsByPath = useMemo(() => {
    const map = new Map<string, Discussion[]>();
    for (const discussion of discussions) {
      const position = discussion.notes[0]?.position;
      if (!position) continue;
      const path = position.new_path ?? position.old_path;
      map.set(path, [...(map.get(path) ?? []), discussion]);
    }
    return map;
  }, [discussions]);

  const toggleOpen = useCallback((path: string, open: boolean) => {
    setManual((current) => new Map(current).set(path, open));
  }, []);
  const toggleViewed = useCallback(
    (path: string, value: boolean) => {
      onToggleViewed(path, value);
      // As in GitLab: marking a file viewed collapses it, unmarking opens it again.
      setManual((current) => {
        const next = new Map(current);
        next.delete(path);
        return next;
      });
    },
    [onToggleViewed],
  );

  return (
    <div
      ref={container}
      style={{ flex: 1, minWidth: 0, position: 'relative', height: virtualizer.getTotalSize() }}
      data-testid="mr-file-list"
    >
      {virtualizer.getVirtualItems().map((item) => {
        const file = files[item.index]!;
        const path = file.change.new_path;
        return (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{
              // `top`, not a transform: the sticky file headers need the block's real layout position.
              position: 'absolute',
              top: item.start - scrollMargin,
              left: 0,
              width: '100%',
              paddingBottom: FILE_GAP,
            }}
          >
            <DiffFile
              change={file.change}
              additions={file.additions}
              deletions={file.deletions}
              display={file.display}
              open={isOpen(file)}
              onToggleOpen={toggleOpen}
              viewed={viewed.has(path)}
              onToggleViewed={toggleViewed}
              viewType={viewType}
              refs={refs}
              target={target}
              discussions={threadsByPath.get(path) ?? NO_THREADS}
              canComment={canComment}
            />
          </div>
        );
      })}
    </div>
  );
}

const NO_THREADS: Discussion[] = [];
