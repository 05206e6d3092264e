import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import {
  auditActionKind,
  describeAuditAction,
  detailText,
  type AuditEvent,
} from '../../../../shared/audit-events.js';
import {
  DetailDrawer,
  DetailFields,
  DetailHeading,
  DetailSection as Section,
  type DetailField,
} from '../../components/detail-drawer/detail-drawer.js';
import { JsonView } from '../../components/json-view/json-view.js';
import { formatRelativeTime } from '../../lib/format-relative-time.js';
import { ActionKindIcon, ENTITY_TYPE_LABELS, EntityTypeBadge, formatEventTime } from './audit-event-parts.js';
import classes from './audit-event-drawer.module.css';

/** Props of {@link AuditEventDrawer}. */
export interface AuditEventDrawerProps {
  /** The event shown (kept while the drawer animates closed). */
  event: AuditEvent | null;
  opened: boolean;
  onClose: () => void;
}

/** The audit drawer's rows: the compact look (values keep their line breaks). */
function Fields({ rows }: { rows: DetailField[] }) {
  return <DetailFields rows={rows} compact />;
}

function ChangeValue({ value, side }: { value: unknown; side: 'from' | 'to' }) {
  const text = detailText(value);
  return (
    <div className={side === 'from' ? classes.from : classes.to} data-testid={`change-${side}`}>
      {text === '' ? <span className={classes.none}>none</span> : text}
    </div>
  );
}

/** What happened, drawn by kind: a change as from → to, an addition or removal, or the message. */
function WhatHappened({ event }: { event: AuditEvent }) {
  const details = event.details ?? {};
  const kind = auditActionKind(details);
  if (kind === 'change') {
    return (
      <Stack gap={8}>
        <Text size="sm">
          Changed <Code>{detailText(details.change)}</Code>
        </Text>
        <div className={classes.change}>
          <ChangeValue value={details.from} side="from" />
          <Group align="center" px={2}>
            <IconArrowRight size={18} aria-label="to" />
          </Group>
          <ChangeValue value={details.to} side="to" />
        </div>
      </Stack>
    );
  }
  const message = detailText(details.custom_message);
  return (
    <Stack gap={6}>
      {kind === 'add' ? (
        <Text size="sm">
          Added <Code>{detailText(details.add)}</Code>
          {details.as ? (
            <>
              {' '}
              as{' '}
              <Badge variant="light" size="sm">
                {detailText(details.as)}
              </Badge>
            </>
          ) : null}
        </Text>
      ) : null}
      {kind === 'remove' ? (
        <Text size="sm">
          Removed <Code>{detailText(details.remove)}</Code>
        </Text>
      ) : null}
      {message ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * One audit event in a side drawer: who, when, the entity, the target, what happened (a change as
 * from → to) and the raw JSON, collapsed until asked for.
 */
export function AuditEventDrawer({ event, opened, onClose }: AuditEventDrawerProps) {
  const details = event?.details ?? {};
  const raw = event ? JSON.stringify(event, null, 2) : '';
  return (
    <DetailDrawer
      opened={opened && event !== null}
      onClose={onClose}
      size={520}
      testId="audit-event-drawer"
      title={
        event ? (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ActionKindIcon details={details} size={30} />
            <div style={{ minWidth: 0 }}>
              <DetailHeading
                title={describeAuditAction(details)}
                subtitle={`Event #${event.id}${details.event_name ? ` · ${detailText(details.event_name)}` : ''}`}
              />
            </div>
          </Group>
        ) : null
      }
    >
      {event ? (
        <Stack gap={0}>
          <Section label="What happened">
            <WhatHappened event={event} />
          </Section>
          <Section label="Who">
            <Fields
              rows={[
                ['Author', detailText(details.author_name) || `User ${event.author_id}`],
                ['Author ID', String(event.author_id)],
                ...(details.author_email ? [['Email', detailText(details.author_email)] as DetailField] : []),
                ['IP address', detailText(details.ip_address)],
              ]}
            />
          </Section>
          <Section label="When">
            <Fields
              rows={[
                ['Local time', formatEventTime(event.created_at)],
                ['UTC', <Code key="utc">{event.created_at}</Code>],
                ['Relative', formatRelativeTime(event.created_at)],
              ]}
            />
          </Section>
          <Section label="Entity">
            <Fields
              rows={[
                ['Type', <EntityTypeBadge key="type" type={event.entity_type} />],
                ['Path', detailText(details.entity_path)],
                ['ID', String(event.entity_id)],
              ]}
            />
          </Section>
          <Section label="Target">
            <Fields
              rows={[
                [
                  'Type',
                  ENTITY_TYPE_LABELS[detailText(details.target_type)] ?? detailText(details.target_type),
                ],
                ['Details', detailText(details.target_details)],
                ['ID', detailText(details.target_id)],
              ]}
            />
          </Section>
          <Section label="Raw event">
            <JsonView text={raw} testId="audit-event-json" maxHeight={320} copyColor="gray" />
          </Section>
        </Stack>
      ) : null}
    </DetailDrawer>
  );
}
