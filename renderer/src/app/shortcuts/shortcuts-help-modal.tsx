import { Group, Kbd, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useOs } from '@mantine/hooks';
import { Fragment } from 'react';
import { displayKeys, shortcutGroups } from './shortcut-registry.js';

/**
 * The keyboard shortcut overlay: every entry of the shortcut registry, grouped (Global, then each
 * screen's keys). Controlled: `opened`/`onClose`; Esc and the close button close it.
 */
export function ShortcutsHelpModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const os = useOs() === 'macos' ? 'macos' : 'other';
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="lg" centered>
      <Stack gap="lg" data-testid="shortcuts-help">
        {shortcutGroups().map(([group, entries]) => (
          <Stack gap={6} key={group}>
            <Title order={4} size="h6" c="dimmed" tt="uppercase">
              {group}
            </Title>
            <Table verticalSpacing={6} withRowBorders={false}>
              <Table.Tbody>
                {entries.map((entry) => (
                  <Table.Tr key={entry.id} data-shortcut={entry.id}>
                    <Table.Td w={140}>
                      <Group gap={4} wrap="nowrap">
                        {displayKeys(entry.id, os).map((chord, step) => (
                          <Fragment key={step}>
                            {step > 0 ? (
                              <Text span size="xs" c="dimmed">
                                then
                              </Text>
                            ) : null}
                            {chord.map((key, index) => (
                              <Fragment key={key}>
                                {index > 0 ? (
                                  <Text span size="xs" c="dimmed">
                                    +
                                  </Text>
                                ) : null}
                                <Kbd size="sm">{key}</Kbd>
                              </Fragment>
                            ))}
                          </Fragment>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{entry.description}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ))}
        <Text size="xs" c="dimmed">
          Shortcuts don’t fire while you type in a field. Screen shortcuts work on the screen named above.
        </Text>
      </Stack>
    </Modal>
  );
}
