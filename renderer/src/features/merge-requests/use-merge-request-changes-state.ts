import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFeatureAvailability } from '../../api/capabilities/capabilities.js';
import { FIRST_VIEW_DIFF_PAGES, mergeRequestDiffQueries } from '../../api/merge-requests/diff-pages.js';
import { mergeRequestQueries } from '../../api/merge-requests/queries.js';
import type {
  MergeRequestChange,
  MergeRequestDetail,
  MergeRequestDiffVersion,
} from '../../api/merge-requests/types.js';
import type { DiffViewType } from '../../components/diff-viewer/diff-view-type-control.js';
import { listDiffFiles } from '../../components/diff-viewer/listed-diff-files.js';
import type { DiffRefs } from './diff-position.js';
import type { ThreadTarget } from './discussion-thread.js';
import type { TreeFileInfo } from './file-tree-panel.js';
import { useViewedFiles } from './viewed-files.js';
import type { FileListHandle } from './virtual-file-list.js';
import { treeOrder } from './file-tree.js';

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
 * State of the Changes tab: the picked head and base versions over `GET …/versions` (doc/api/merge_requests.md
 * "Get merge request diff versions"), the diff they select — for the latest version `…/diffs` page by page
 * on instances with the 'merge-request-diffs' feature (GitLab 15.7+, which deprecated `…/changes`) and
 * `…/changes` before; `…/versions/:id` for an older one; the compare of two versions otherwise — the diff
 * refs new threads are placed against, the listed files, whether GitLab cut the diff at its limits
 * (`overflow`), the per-profile "viewed" marks, and the file tree's visibility.
 *
 * `…/diffs` pages (100 files each) load on their own up to {@link FIRST_VIEW_DIFF_PAGES}; past that
 * `diffProgress.loadRest` reads the rest, three pages at a time, and `diffProgress` says how far it got.
 */
export function useMergeRequestChangesState(mr: MergeRequestDetail, target: ThreadTarget) {
  const { profileId, projectId, iid } = target;
  const [viewType, setViewType] = useState<DiffViewType>('unified');
  const [headVersion, setHeadVersion] = useState<string>('latest');
  const [baseVersion, setBaseVersion] = useState<string>('base');
  const versions = useQuery(mergeRequestQueries.versions(profileId, projectId, iid));
  const list = versions.data ?? [];
  const head = headVersion === 'latest' ? list[0] : list.find((v) => String(v.id) === headVersion);
  const base = baseVersion === 'base' ? undefined : list.find((v) => String(v.id) === baseVersion);
  const latest = headVersion === 'latest' || head?.id === list[0]?.id;

  const paginated = useFeatureAvailability('merge-request-diffs').status;
  const changes = useQuery({
    ...mergeRequestQueries.changes(profileId, projectId, iid),
    enabled: latest && !base && paginated === 'unavailable',
  });
  const diffPages = useInfiniteQuery({
    ...mergeRequestDiffQueries.diffPages(profileId, projectId, iid),
    enabled: latest && !base && paginated === 'available',
  });
  const [loadRest, setLoadRest] = useState(false);
  const batches = diffPages.data?.pages;
  const pagesRead = batches?.reduce((sum, batch) => sum + batch.pages, 0) ?? 0;
  const { hasNextPage, isFetchingNextPage, isError: diffPagesFailed, fetchNextPage } = diffPages;
  // The next batch is read on its own within the first view's pages, or after "load the rest".
  const autoNext = hasNextPage && !diffPagesFailed && (loadRest || pagesRead < FIRST_VIEW_DIFF_PAGES);
  useEffect(() => {
    if (autoNext && !isFetchingNextPage) void fetchNextPage();
  }, [autoNext, isFetchingNextPage, fetchNextPage]);
  const listedDiffs = useMemo(() => batches?.flatMap((batch) => batch.files), [batches]);
  const usesDiffs = paginated === 'available';
  const version = useQuery({
    ...mergeRequestQueries.version(profileId, projectId, iid, head?.id ?? 0),
    enabled: !latest && !base && head !== undefined,
  });
  const compare = useQuery({
    ...mergeRequestQueries.compare(profileId, projectId, iid, base ?? NO_VERSION, head ?? NO_VERSION),
    enabled: base !== undefined && head !== undefined,
  });

  const active = base ? compare : latest ? (usesDiffs ? diffPages : changes) : version;
  const rawChanges: MergeRequestChange[] | undefined = base
    ? compare.data?.diffs
    : latest
      ? usesDiffs
        ? listedDiffs
        : changes.data?.changes
      : version.data?.diffs;
  // GitLab cut the files at its diff limits: `overflow` of …/changes, or the version's `overflow` state
  // (doc/api/merge_requests.md "Get merge request diff versions": `real_size` "<n>+").
  const overflow =
    !base &&
    (latest && !usesDiffs ? changes.data?.overflow === true : (head ?? list[0])?.state === 'overflow');
  const firstBatch = batches?.[0];
  const diffProgress =
    latest && !base && usesDiffs && listedDiffs
      ? {
          loaded: listedDiffs.length,
          /** Files in the diff (`X-Total`), null when the instance omits it. */
          total: firstBatch?.total ?? null,
          loading: isFetchingNextPage || autoNext,
          /** More pages wait to be asked for. */
          more: hasNextPage && !autoNext && !isFetchingNextPage,
          loadRest: () => setLoadRest(true),
        }
      : null;
  const refs: DiffRefs | null =
    base && head
      ? { base_sha: base.head_commit_sha, start_sha: base.head_commit_sha, head_sha: head.head_commit_sha }
      : !latest && head
        ? { base_sha: head.base_commit_sha, start_sha: head.start_commit_sha, head_sha: head.head_commit_sha }
        : mr.diff_refs;
  // Listed in the file tree's order (folders first, as GitLab sorts diffs), so tree and diffs agree.
  const files = useMemo(() => {
    if (!rawChanges) return null;
    const order = treeOrder(rawChanges.map((change) => change.new_path));
    return listDiffFiles(order.map((index) => rawChanges[index]!));
  }, [rawChanges]);
  const headSha = refs?.head_sha;
  const viewedScope = useMemo(
    () => (headSha ? { profileId, projectId, iid, headSha } : null),
    [profileId, projectId, iid, headSha],
  );
  const { viewed, toggle: toggleViewed } = useViewedFiles(viewedScope);
  const [treeOpen, setTreeOpen] = useState(true);
  const listRef = useRef<FileListHandle>(null);
  const treeInfo = useMemo<TreeFileInfo[]>(
    () =>
      (files ?? []).map((file) => ({
        path: file.change.new_path,
        additions: file.additions,
        deletions: file.deletions,
      })),
    [files],
  );

  const versionOptions = list.map((v, index) => ({
    value: String(v.id),
    label: `Version ${list.length - index}${index === 0 ? ' (latest)' : ''} · ${v.head_commit_sha.slice(0, 8)}`,
  }));
  const headIndex = head ? list.indexOf(head) : 0;

  return {
    viewType,
    setViewType,
    headVersion,
    /** Picks the head version; the base goes back to the target branch. */
    pickHead: (value: string | null) => {
      setHeadVersion(value ?? 'latest');
      setBaseVersion('base');
    },
    baseVersion,
    pickBase: (value: string | null) => setBaseVersion(value ?? 'base'),
    headOptions: [{ value: 'latest', label: 'Latest version' }, ...versionOptions],
    /** Versions older than the head, after the target branch itself. */
    baseOptions: [
      { value: 'base', label: `${mr.target_branch} (base)` },
      ...versionOptions.filter((_, index) => index > headIndex),
    ],
    comparing: base !== undefined,
    overflow,
    diffProgress,
    /** The files are the latest version's diff against the target branch. */
    latestDiff: latest && !base,
    approximate: base !== undefined && compare.data?.approximate === true,
    active,
    files,
    refs,
    viewed,
    toggleViewed,
    treeOpen,
    toggleTree: () => setTreeOpen((open) => !open),
    treeInfo,
    listRef,
  };
}
