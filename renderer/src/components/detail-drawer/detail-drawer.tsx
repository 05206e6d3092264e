import { Drawer, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './detail-drawer.module.css';

/** Props of {@link DetailDrawer}. */
export interface DetailDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** The drawer's header (see {@link DetailHeading}). */
  title: ReactNode;
  /** Width in px. */
  size: number;
  /** `data-testid` of the drawer. */
  testId?: string;
  children: ReactNode;
}

/** One record in a drawer on the right: a header, then {@link DetailSection}s. */
export function DetailDrawer({ opened, onClose, title, size, testId, children }: DetailDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={size}
      padding="lg"
      title={title}
      data-testid={testId}
    >
      {children}
    </Drawer>
  );
}

/** A drawer header's title (h3, wraps anywhere) and the dimmed line under it ("Alert #4"). */
export function DetailHeading({ title, subtitle }: { title: ReactNode; subtitle: ReactNode }) {
  return (
    <>
      <Title order={3} fz="lg" className={classes.heading}>
        {title}
      </Title>
      <Text size="xs" c="dimmed">
        {subtitle}
      </Text>
    </>
  );
}

/** A labelled part of a drawer: a small upper-case label over its content, a rule above; a landmark. */
export function DetailSection({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className={classes.section} aria-label={label}>
      <div className={classes.label}>{label}</div>
      {children}
    </section>
  );
}

/** One row of {@link DetailFields}: the key, and the value (null or '' shows a dimmed "—"). */
export type DetailField = [key: string, value: ReactNode];

/** Props of {@link DetailFields}. */
export interface DetailFieldsProps {
  rows: DetailField[];
  /**
   * Narrower keys and tighter rows, values keep their line breaks and "—" is italic (the audit
   * event look); default: wider keys, rows aligned on their baseline (the alert look).
   */
  compact?: boolean;
}

/** Key/value rows in a two-column grid; each value carries `data-field=<key>`. */
export function DetailFields({ rows, compact = false }: DetailFieldsProps) {
  return (
    <div className={classes.fields} data-compact={compact || undefined}>
      {rows.map(([key, value]) => (
        <div key={key} style={{ display: 'contents' }}>
          <div className={classes.key}>{key}</div>
          <div className={classes.value} data-field={key}>
            {value === null || value === '' ? <span className={classes.none}>—</span> : value}
          </div>
        </div>
      ))}
    </div>
  );
}
