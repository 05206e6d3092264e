import { Button, Code, Collapse, Group } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState, type CSSProperties } from 'react';
import { CopyTextButton } from '../copy-button/copy-button.js';
import classes from './json-view.module.css';

/** Props of {@link JsonView}. */
export interface JsonViewProps {
  /** The text shown and copied (already pretty-printed JSON). */
  text: string;
  /** What the toggle names: "payload" → "Show payload" / "Hide payload". Default "JSON". */
  noun?: string;
  /** Open on first render (default closed). */
  defaultOpen?: boolean;
  /** `id` of the code block; the toggle's `aria-controls` points at it. */
  id?: string;
  /** `data-testid` of the code block. */
  testId?: string;
  /** Tallest the block grows before it scrolls, px (default 360). */
  maxHeight?: number;
  /** Idle colour of the Copy JSON button (default the theme's primary). */
  copyColor?: string;
}

/**
 * Raw JSON behind a "Show …" toggle, with a "Copy JSON" button beside it; the block scrolls past
 * `maxHeight`. Used for an alert's inbound payload and an audit event's raw record.
 */
export function JsonView({
  text,
  noun = 'JSON',
  defaultOpen = false,
  id,
  testId,
  maxHeight,
  copyColor,
}: JsonViewProps) {
  const [open, setOpen] = useState(defaultOpen);
  const style = maxHeight ? ({ '--json-view-max-height': `${maxHeight}px` } as CSSProperties) : undefined;
  return (
    <>
      <Group gap="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={id}
        >
          {open ? `Hide ${noun}` : `Show ${noun}`}
        </Button>
        <CopyTextButton value={text} label="Copy JSON" color={copyColor} />
      </Group>
      <Collapse expanded={open}>
        <Code block id={id} mt="xs" className={classes.code} style={style} data-testid={testId}>
          {text}
        </Code>
      </Collapse>
    </>
  );
}
