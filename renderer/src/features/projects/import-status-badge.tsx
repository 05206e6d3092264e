import { Badge, Loader, Text, Tooltip } from '@mantine/core';
import { asSentence } from '../../lib/as-sentence.js';
import type { Project } from '../../../../shared/api-types/projects.js';

/** Import state of a project: nothing for projects that were never imported. */
export function ImportStatusBadge({
  status,
  error,
}: {
  status: Project['import_status'];
  error?: string | null;
}) {
  switch (status) {
    case 'scheduled':
    case 'started':
      return (
        <Badge
          variant="light"
          color="blue"
          tt="none"
          fw={500}
          leftSection={<Loader size={10} color="blue" />}
        >
          {status === 'scheduled' ? 'Scheduled' : 'Importing'}
        </Badge>
      );
    case 'finished':
      return (
        <Badge variant="light" color="teal" tt="none" fw={500}>
          Imported
        </Badge>
      );
    case 'failed':
      return (
        <Tooltip label={asSentence(error) || 'The import failed.'} multiline w={280}>
          <Badge variant="light" color="red" tt="none" fw={500}>
            Failed
          </Badge>
        </Tooltip>
      );
    default:
      return (
        <Text span c="dimmed" size="sm" aria-label="Not imported">
          —
        </Text>
      );
  }
}
