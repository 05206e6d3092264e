import { Group, List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { MaskabilityResult } from '../../../../../shared/ci-variable-rules.js';

/** GitLab's masking rules as a live checklist: which the value meets and which it does not. */
export function MaskingChecklist({ result }: { result: MaskabilityResult }) {
  return (
    <div data-testid="masking-checklist">
      <Text size="xs" c="dimmed" mb={4}>
        To be masked, a value needs:
      </Text>
      <List spacing={2} size="xs" center>
        {result.checks.map((check) => (
          <List.Item
            key={check.rule}
            data-passed={check.passed}
            icon={
              <ThemeIcon size={16} radius="xl" color={check.passed ? 'teal' : 'red'} variant="light">
                {check.passed ? <IconCheck size={11} stroke={2.5} /> : <IconX size={11} stroke={2.5} />}
              </ThemeIcon>
            }
          >
            <Group gap={4}>
              <Text size="xs" c={check.passed ? undefined : 'red'}>
                {check.label}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
