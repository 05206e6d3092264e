import { Badge, Button, Code, Collapse, CopyButton, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCheck, IconChevronDown, IconChevronRight, IconCopy } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import {
  auditActionKind,
  describeAuditAction,
  detailText,
  type AuditEvent,
} from '../../../../shared/audit-events.js';
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

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className={classes.section} aria-label={label}>
      <div className={classes.label}>{label}</div>
      {children}
    </section>
  );
}

function Fields({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <div className={classes.fields}>
      {rows.map(([key, value]) => (
        <div key={key} style={{ display: 'contents' }}>
          <div className={classes.key}>{key}</div>
          <div className={classes.value}>
            {value === '' || value === null ? <span className={classes.none}>—</span> : value}
          </div>
        </div>
      ))}
    </div>
  );
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
  const [rawOpen, setRawOpen] = useState(false);
  const details = event?.details ?? {};
  const raw = event ? JSON.stringify(event, null, 2) : '';
  return (
    <Drawer
      opened={opened && event !== null}
      onClose={onClose}
      position="right"
      size={520}
      padding="lg"
      title={
        event ? (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ActionKindIcon details={details} size={30} />
            <div style={{ minWidth: 0 }}>
              <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                {describeAuditAction(details)}
              </Title>
              <Text size="xs" c="dimmed">
                Event #{event.id}
                {details.event_name ? ` · ${detailText(details.event_name)}` : ''}
              </Text>
            </div>
          </Group>
        ) : null
      }
      data-testid="audit-event-drawer"
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
                ...(details.author_email
                  ? [['Email', detailText(details.author_email)] as [string, ReactNode]]
                  : []),
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
            <Group gap="xs">
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={rawOpen ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                onClick={() => setRawOpen((open) => !open)}
                aria-expanded={rawOpen}
              >
                {rawOpen ? 'Hide JSON' : 'Show JSON'}
              </Button>
              <CopyButton value={raw}>
                {({ copied, copy }) => (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    color={copied ? 'teal' : 'gray'}
                    leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                    onClick={copy}
                  >
                    {copied ? 'Copied' : 'Copy JSON'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Collapse expanded={rawOpen}>
              <Code block mt="xs" className={classes.raw} data-testid="audit-event-json">
                {raw}
              </Code>
            </Collapse>
          </Section>
        </Stack>
      ) : null}
    </Drawer>
  );
}
