import { Avatar, Group, Loader, Skeleton, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, type ReactNode } from 'react';
import { describeAuditAction, detailText, type AuditEvent } from '../../../../shared/audit-events.js';
import { formatRelativeTime } from '../../lib/format-relative-time.js';
import { ActionKindIcon, EntityTypeBadge, formatEventTime } from './audit-event-parts.js';
import classes from './audit-event-table.module.css';

/** Height of one row in px (fixed, so the virtualizer never measures). */
export const AUDIT_ROW_HEIGHT = 52;
/** Load the next page when the last rendered row is this close to the end of the loaded rows (two pages ahead). */
const LOAD_AHEAD_ROWS = 200;

const COLUMNS = ['Time', 'Author', 'Entity', 'Action', 'Target', 'IP address'];

/** Props of {@link AuditEventTable}. */
export interface AuditEventTableProps {
  /** Rows to show (already filtered on the client). */
  events: AuditEvent[];
  /** First load: skeleton rows. */
  loading: boolean;
  /** More pages exist on the instance. */
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onOpen: (event: AuditEvent) => void;
  selectedId: number | null;
  /** Largest height of the scrolling area (CSS length); shorter lists take only their rows' height. */
  height: string;
  /** What the last row says while more pages exist and none load by themselves. */
  moreLabel?: string;
  /** A button beside {@link moreLabel} (e.g. "Search 5,000 more"). */
  moreAction?: ReactNode;
}

function EventRowCells({ event }: { event: AuditEvent }) {
  const details = event.details ?? {};
  const author = detailText(details.author_name) || `User ${event.author_id}`;
  const action = describeAuditAction(details);
  const target = detailText(details.target_details);
  return (
    <>
      <div className={classes.cell} role="cell">
        <Text size="sm" className={classes.ellipsis}>
          {formatEventTime(event.created_at, { short: true })}
        </Text>
        <Text size="xs" c="dimmed" className={classes.ellipsis}>
          {formatRelativeTime(event.created_at)}
        </Text>
      </div>
      <div className={classes.cell} role="cell">
        <Group gap="xs" wrap="nowrap">
          <Avatar size={26} radius="xl" color="initials" name={author} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" className={classes.ellipsis}>
              {author}
            </Text>
            <Text size="xs" c="dimmed" className={classes.ellipsis}>
              ID {event.author_id}
            </Text>
          </div>
        </Group>
      </div>
      <div className={classes.cell} role="cell">
        <Group gap={8} wrap="nowrap">
          <EntityTypeBadge type={event.entity_type} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" className={classes.ellipsis}>
              {detailText(details.entity_path) || `#${event.entity_id}`}
            </Text>
            <Text size="xs" c="dimmed" className={classes.ellipsis}>
              ID {event.entity_id}
            </Text>
          </div>
        </Group>
      </div>
      <div className={classes.cell} role="cell">
        <Group gap="xs" wrap="nowrap">
          <ActionKindIcon details={details} />
          <Text size="sm" className={classes.ellipsis} title={action.length >= 40 ? action : undefined}>
            {action}
          </Text>
        </Group>
      </div>
      <div className={classes.cell} role="cell">
        <Text size="sm" className={classes.ellipsis}>
          {target || '—'}
        </Text>
        <Text size="xs" c="dimmed" className={classes.ellipsis}>
          {detailText(details.target_type)}
          {details.target_id !== undefined ? ` · ${detailText(details.target_id)}` : ''}
        </Text>
      </div>
      <div className={classes.cell} role="cell">
        <Text
          size="sm"
          ff="monospace"
          c={details.ip_address ? undefined : 'dimmed'}
          className={classes.ellipsis}
        >
          {detailText(details.ip_address) || '—'}
        </Text>
      </div>
    </>
  );
}

/** One row, memoized: loading a page or scrolling re-renders only rows whose props changed. */
const EventRow = memo(function EventRow({
  event,
  index,
  start,
  size,
  selected,
  onOpen,
}: {
  event: AuditEvent;
  index: number;
  start: number;
  size: number;
  selected: boolean;
  onOpen: (event: AuditEvent) => void;
}) {
  return (
    <div
      className={`${classes.grid} ${classes.row}`}
      style={{ height: size, transform: `translateY(${start}px)` }}
      role="row"
      aria-rowindex={index + 2}
      tabIndex={0}
      data-selected={selected || undefined}
      data-testid="audit-event-row"
      data-event-id={event.id}
      onClick={() => onOpen(event)}
      onKeyDown={(keyEvent) => {
        if (keyEvent.key === 'Enter' || keyEvent.key === ' ') {
          keyEvent.preventDefault();
          onOpen(event);
        }
      }}
    >
      <EventRowCells event={event} />
    </div>
  );
});

/**
 * Audit events as a virtualized grid (@tanstack/react-virtual): only the rows in view (plus a few)
 * are in the DOM, so it scrolls the same over a hundred events or a million. Scrolling near the end
 * of the loaded rows asks for the next keyset page. Rows open the event on click, Enter or Space.
 */
export function AuditEventTable({
  events,
  loading,
  hasMore,
  loadingMore,
  onLoadMore,
  onOpen,
  selectedId,
  height,
  moreLabel,
  moreAction,
}: AuditEventTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = events.length + (hasMore ? 1 : 0);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is not compiler-aware; this component is not memoized by the compiler.
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => AUDIT_ROW_HEIGHT,
    overscan: 12,
    getItemKey: (index) => events[index]?.id ?? 'more',
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && !loading && lastIndex >= events.length - LOAD_AHEAD_ROWS) onLoadMore();
  }, [lastIndex, events.length, hasMore, loadingMore, loading, onLoadMore]);

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      style={{ maxHeight: height }}
      role="table"
      aria-label="Audit events"
      aria-busy={loading || loadingMore}
      aria-rowcount={hasMore ? -1 : events.length + 1}
      data-testid="audit-event-table"
    >
      <div className={classes.inner}>
        <div className={`${classes.grid} ${classes.header}`} role="row" aria-rowindex={1}>
          {COLUMNS.map((column) => (
            <div key={column} role="columnheader" className={classes.ellipsis}>
              {column}
            </div>
          ))}
        </div>
        {loading ? (
          Array.from({ length: 8 }, (_, index) => (
            <div key={index} className={classes.staticRow} data-testid="audit-event-row-skeleton">
              <div>
                <Skeleton height={10} width="80%" mb={7} />
                <Skeleton height={8} width="45%" />
              </div>
              <Group gap="xs" wrap="nowrap">
                <Skeleton height={26} circle />
                <Skeleton height={10} width="60%" />
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Skeleton height={18} width={56} />
                <Skeleton height={10} width="50%" />
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Skeleton height={22} circle />
                <Skeleton height={10} width={`${50 + ((index * 17) % 40)}%`} />
              </Group>
              <Skeleton height={10} width="60%" />
              <Skeleton height={10} width="70%" />
            </div>
          ))
        ) : (
          <div className={classes.body} style={{ height: virtualizer.getTotalSize() }} role="rowgroup">
            {items.map((item) => {
              const event = events[item.index];
              if (!event) {
                return (
                  <div
                    key={item.key}
                    className={classes.status}
                    style={{ height: item.size, transform: `translateY(${item.start}px)` }}
                    role="row"
                  >
                    {loadingMore ? <Loader size="xs" /> : null}
                    {loadingMore ? 'Loading more events…' : (moreLabel ?? 'Scroll to load more events')}
                    {loadingMore ? null : moreAction}
                  </div>
                );
              }
              return (
                <EventRow
                  key={item.key}
                  event={event}
                  index={item.index}
                  start={item.start}
                  size={item.size}
                  selected={event.id === selectedId}
                  onOpen={onOpen}
                />
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
