import type { MantineColor } from '@mantine/core';
import { ALERT_SEVERITIES, type AlertSeverity } from '../../api/alerts/types.js';

/** How each severity looks: badge colour, filled or light badge, and its label. */
export interface SeverityStyle {
  color: MantineColor;
  variant: 'filled' | 'light';
  label: string;
}

const STYLES: Record<AlertSeverity, SeverityStyle> = {
  critical: { color: 'red', variant: 'filled', label: 'Critical' },
  high: { color: 'orange', variant: 'filled', label: 'High' },
  medium: { color: 'yellow', variant: 'light', label: 'Medium' },
  low: { color: 'blue', variant: 'light', label: 'Low' },
  info: { color: 'cyan', variant: 'light', label: 'Info' },
  unknown: { color: 'gray', variant: 'light', label: 'Unknown' },
};

/**
 * A severity as the instance sent it, read case-insensitively; anything outside the six values is
 * `critical`, as the receiver maps it (spec "Alert payload (inbound)").
 */
export function normalizeSeverity(value: unknown): AlertSeverity {
  const lower = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (ALERT_SEVERITIES as readonly string[]).includes(lower) ? (lower as AlertSeverity) : 'critical';
}

/** 0 for critical up to 5 for unknown: lower is more severe. */
export function severityRank(severity: AlertSeverity): number {
  return ALERT_SEVERITIES.indexOf(severity);
}

/** Sort comparator, most severe first. */
export function compareSeverity(a: AlertSeverity, b: AlertSeverity): number {
  return severityRank(a) - severityRank(b);
}

/** Badge colour, variant and label of a severity. */
export function severityStyle(severity: AlertSeverity): SeverityStyle {
  return STYLES[severity];
}
