import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type Ref,
} from 'react';
import type { Discussion, MergeRequestChange } from '../../api/merge-requests/types.js';
import type { DiffViewType } from '../../components/diff-viewer/diff-view-type-control.js';
import { isDiffFileOpen, type ListedDiffFile } from '../../components/diff-viewer/listed-diff-files.js';
import { DiffFile } from './diff-file.js';
import type { DiffRefs } from './diff-position.js';
import type { ThreadTarget } from './discussion-thread.js';

type ListedFile = ListedDiffFile<MergeRequestChange>;

/**
 * What the Changes tab asks of the list: show a file picked in the tree — open it (even when it was
 * collapsed by the diff limits, by hand or as viewed), highlight it, and scroll its block to the top.
 */
export interface FileListHandle {
  scrollToFile: (index: number) => void;
}

/** Space between file blocks, px. */
const FILE_GAP = 12;

/** Height of a file block before it is measured: header, then 18 px per diff line or a one-line note. */
function estimateHeight(file: ListedFile, open: boolean): number {
  return 44 + (open ? file.lines * 18 + 8 : 44) + FILE_GAP;
}

const NO_THREADS: Discussion[] = [];

/**
 * The file blocks in a window virtualiser (TanStack Virtual): each block is measured once rendered;
 * one block above and below the viewport is kept (overscan) so scrolling stays smooth.
 */
export function VirtualFileList({
  ref,
  files,
  viewed,
  onToggleViewed,
  viewType,
  refs,
  target,
  discussions,
  canComment,
  latestDiff = false,
}: {
  ref: Ref<FileListHandle>;
  files: ListedFile[];
  viewed: ReadonlySet<string>;
  onToggleViewed: (path: string, viewed: boolean) => void;
  viewType: DiffViewType;
  refs: DiffRefs | null;
  target: ThreadTarget;
  discussions: Discussion[];
  canComment: boolean;
  /** The files are the merge request's latest diff (a too-large file may then load from `…/raw_diffs`). */
  latestDiff?: boolean;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  /** Files the user opened or closed by hand (path → open); others follow their display and "viewed". */
  const [manual, setManual] = useState<Map<string, boolean>>(() => new Map());
  const isOpen = useCallback(
    (file: ListedFile) =>
      isDiffFileOpen(file, manual.get(file.change.new_path), viewed.has(file.change.new_path)),
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

  /** The file last picked in the tree (highlighted until another is picked). */
  const [picked, setPicked] = useState<string | null>(null);
  useImperativeHandle(
    ref,
    () => ({
      scrollToFile: (index: number) => {
        const path = files[index]?.change.new_path;
        if (path !== undefined) {
          setManual((current) => new Map(current).set(path, true));
          setPicked(path);
        }
        virtualizer.scrollToIndex(index, { align: 'start' });
      },
    }),
    [virtualizer, files],
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
            data-testid="mr-file-block"
            data-picked={picked === path ? 'true' : undefined}
            ref={virtualizer.measureElement}
            style={{
              // The file picked in the tree: a ring in the primary colour, as GitLab highlights it.
              ...(picked === path
                ? {
                    outline: '2px solid var(--mantine-primary-color-filled)',
                    outlineOffset: 2,
                    borderRadius: 'var(--mantine-radius-sm)',
                  }
                : null),
              // `top`, not a transform: the sticky file headers need the block's real layout position.
              position: 'absolute',
              top: item.start - scrollMargin,
              left: 0,
              width: '100%',
              paddingBottom: FILE_GAP,
            }}
          >
            <DiffFile
              file={file}
              open={isOpen(file)}
              onToggleOpen={toggleOpen}
              viewed={viewed.has(path)}
              onToggleViewed={toggleViewed}
              viewType={viewType}
              refs={refs}
              target={target}
              discussions={threadsByPath.get(path) ?? NO_THREADS}
              canComment={canComment}
              rawDiffFrom={latestDiff ? target : null}
            />
          </div>
        );
      })}
    </div>
  );
}
