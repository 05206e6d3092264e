import { Code, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** The payload fields the receiver maps (spec "Alert payload (inbound)"), one line each. */
export const PAYLOAD_FIELDS: readonly [string, string][] = [
  ['title', 'The alert’s title; “New: Alert” when missing.'],
  ['description', 'Longer text shown on the alert.'],
  ['start_time', 'ISO 8601 time it started; now when missing.'],
  ['end_time', 'Resolves the alert when present.'],
  ['severity', 'critical, high, medium, low, info or unknown (any case); else critical.'],
  ['fingerprint', 'String or array: same fingerprint while open → one alert, more events.'],
  ['service', 'The affected service.'],
  ['monitoring_tool', 'Which tool sent it, e.g. Prometheus.'],
  ['hosts', 'A host name, or an array of them.'],
  ['gitlab_environment_name', 'Links the alert to an environment of the project.'],
];

/** A compact reference of what an alert payload may contain; extra properties are kept as sent. */
export function PayloadFieldsHelp() {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          <IconInfoCircle size={15} style={{ verticalAlign: -2, marginRight: 6 }} />
          What a payload can contain
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing={6}>
          {PAYLOAD_FIELDS.map(([field, meaning]) => (
            <Text key={field} size="sm">
              <Code>{field}</Code>{' '}
              <Text span size="sm" c="dimmed">
                {meaning}
              </Text>
            </Text>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Every field is optional. Other properties, nested objects included, are kept with the alert and
          shown in its raw payload.
        </Text>
      </Stack>
    </Paper>
  );
}
