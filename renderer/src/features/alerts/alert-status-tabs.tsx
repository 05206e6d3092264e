import { Badge, Group, Loader, SegmentedControl } from '@mantine/core';
import { ALERT_STATUSES, type AlertStatus, type AlertStatusCounts } from '../../api/alerts/types.js';
import { statusStyle } from './alert-status.js';

/** A status tab: one status, or every alert. */
export type AlertStatusTab = AlertStatus | 'all';

/** Tabs in display order: every alert first (the default), then each status. */
export const STATUS_TABS: readonly AlertStatusTab[] = ['all', ...ALERT_STATUSES];

/** Read a `?status=` value; anything unknown is `all`. */
export function parseStatusTab(value: string | null): AlertStatusTab {
  return (STATUS_TABS as readonly string[]).includes(value ?? '') ? (value as AlertStatusTab) : 'all';
}

/** Props of {@link AlertStatusTabs}. */
export interface AlertStatusTabsProps {
  value: AlertStatusTab;
  onChange: (tab: AlertStatusTab) => void;
  /** Counts per status; undefined while loading. */
  counts: AlertStatusCounts | undefined;
}

/** Segmented tabs over the statuses, each with its alert count (a spinner while the counts load). */
export function AlertStatusTabs({ value, onChange, counts }: AlertStatusTabsProps) {
  return (
    <SegmentedControl
      aria-label="Alert status"
      value={value}
      onChange={(next) => onChange(parseStatusTab(next))}
      data={STATUS_TABS.map((tab) => {
        const count = counts?.[tab];
        const label = tab === 'all' ? 'All' : statusStyle(tab).label;
        return {
          value: tab,
          label: (
            <Group gap={6} wrap="nowrap" justify="center" data-testid={`status-tab-${tab}`}>
              <span>{label}</span>
              {count === undefined ? (
                // While the counts load: a small spinner, not a badge whose text would be cut off.
                <Loader size={12} aria-label={`Loading the ${label.toLowerCase()} count`} />
              ) : (
                <Badge
                  size="sm"
                  variant={tab === value ? 'filled' : 'light'}
                  color={tab === 'all' ? 'gray' : statusStyle(tab).color}
                  circle={count < 10}
                  data-testid={`status-count-${tab}`}
                >
                  {count}
                </Badge>
              )}
            </Group>
          ),
        };
      })}
    />
  );
}
