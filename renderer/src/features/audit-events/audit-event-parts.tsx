import { Badge, ThemeIcon, type MantineColor } from '@mantine/core';
import { IconMessage, IconMinus, IconPencil, IconPlus } from '@tabler/icons-react';
import { auditActionKind, type AuditEventDetails } from '../../../../shared/audit-events.js';

/** How entity types read in the UI. */
export const ENTITY_TYPE_LABELS: Record<string, string> = {
  User: 'User',
  Group: 'Group',
  Project: 'Project',
  'Gitlab::Audit::InstanceScope': 'Instance',
};

const ENTITY_COLORS: Record<string, MantineColor> = {
  User: 'grape',
  Group: 'cyan',
  Project: 'outpost',
  'Gitlab::Audit::InstanceScope': 'gray',
};

/** A small badge naming an event's entity type. */
export function EntityTypeBadge({ type }: { type: string }) {
  return (
    <Badge variant="light" color={ENTITY_COLORS[type] ?? 'gray'} size="sm" miw="max-content">
      {ENTITY_TYPE_LABELS[type] ?? type}
    </Badge>
  );
}

const KIND_LOOK = {
  add: { color: 'teal', icon: IconPlus, label: 'Added' },
  remove: { color: 'red', icon: IconMinus, label: 'Removed' },
  change: { color: 'blue', icon: IconPencil, label: 'Changed' },
  custom: { color: 'gray', icon: IconMessage, label: 'Event' },
} as const;

/** The colour and icon of an action kind. */
export function actionLook(details: AuditEventDetails) {
  return KIND_LOOK[auditActionKind(details)];
}

/** A round icon saying whether something was added, removed, changed, or is a message. */
export function ActionKindIcon({ details, size = 22 }: { details: AuditEventDetails; size?: number }) {
  const look = actionLook(details);
  const Icon = look.icon;
  return (
    <ThemeIcon variant="light" color={look.color} radius="xl" size={size} aria-label={look.label}>
      <Icon size={Math.round(size * 0.6)} stroke={2} />
    </ThemeIcon>
  );
}

/**
 * "Mar 3, 2025, 14:02:11" in the viewer's time zone; `short` leaves the year out when it is the
 * current one ("Mar 3, 14:02:11").
 */
export function formatEventTime(iso: string, { short = false }: { short?: boolean } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const sameYear = date.getFullYear() === new Date().getFullYear();
  return (short && sameYear ? SHORT_TIME : FULL_TIME).format(date);
}

const TIME_PARTS: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
};
// Built once: a formatter per call costs more than the rest of a table row.
const SHORT_TIME = new Intl.DateTimeFormat('en-US', TIME_PARTS);
const FULL_TIME = new Intl.DateTimeFormat('en-US', { ...TIME_PARTS, year: 'numeric' });
