import { Button, Code, Collapse, CopyButton, Group } from '@mantine/core';
import { IconCheck, IconChevronDown, IconChevronRight, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { formatPayload } from './alert-payload.js';
import classes from './alert-drawer.module.css';

/** The raw inbound payload as pretty JSON, collapsed until asked for, with a copy button. */
export function PayloadView({ payload, defaultOpen = false }: { payload: unknown; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const text = formatPayload(payload);
  return (
    <>
      <Group gap="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls="alert-raw-payload"
        >
          {open ? 'Hide payload' : 'Show payload'}
        </Button>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button
              variant="subtle"
              size="compact-sm"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy JSON'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Collapse expanded={open}>
        <Code block id="alert-raw-payload" className={classes.raw} data-testid="alert-payload" mt="xs">
          {text}
        </Code>
      </Collapse>
    </>
  );
}
