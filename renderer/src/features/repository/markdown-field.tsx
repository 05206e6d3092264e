import { Paper, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { MarkdownView } from '../../components/markdown-view.js';

/** Props of {@link MarkdownField}. */
export interface MarkdownFieldProps {
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  autoFocus?: boolean;
}

/** A Markdown textarea with Write / Preview tabs (the preview is what the tag list shows). */
export function MarkdownField({
  label,
  description,
  value,
  onChange,
  placeholder,
  autoFocus,
}: MarkdownFieldProps) {
  const [tab, setTab] = useState<string | null>('write');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {description ? (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      ) : null}
      <Tabs value={tab} onChange={setTab} variant="outline">
        <Tabs.List>
          <Tabs.Tab value="write">Write</Tabs.Tab>
          <Tabs.Tab value="preview">Preview</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="write" pt={6}>
          <Textarea
            aria-label={label}
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
            autosize
            minRows={6}
            maxRows={16}
            placeholder={placeholder}
            data-autofocus={autoFocus || undefined}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt={6}>
          <Paper withBorder p="md" mih={120}>
            {value.trim() ? (
              <MarkdownView source={value} />
            ) : (
              <Text size="sm" c="dimmed">
                Nothing to preview.
              </Text>
            )}
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
