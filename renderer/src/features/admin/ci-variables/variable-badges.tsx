import { Badge, Group, Tooltip } from '@mantine/core';
import { IconEyeOff, IconFile, IconShieldLock, IconVariable } from '@tabler/icons-react';
import type { CiVariable } from '../../../api/admin/ci-variables/types.js';

/** "Variable" or "File": how the value reaches a job. */
export function VariableTypeBadge({ type }: { type: CiVariable['variable_type'] }) {
  return type === 'file' ? (
    <Tooltip label="Jobs get a file holding the value; the variable holds its path.">
      <Badge variant="light" color="grape" leftSection={<IconFile size={12} />}>
        File
      </Badge>
    </Tooltip>
  ) : (
    <Tooltip label="Jobs get the value as an environment variable.">
      <Badge variant="light" color="blue" leftSection={<IconVariable size={12} />}>
        Variable
      </Badge>
    </Tooltip>
  );
}

/** "Protected" and "Masked" badges, or a dash when the variable is neither. */
export function VariableFlagBadges({ variable }: { variable: CiVariable }) {
  if (!variable.protected && !variable.masked) {
    return (
      <Badge variant="transparent" color="gray" tt="none" fw={400}>
        —
      </Badge>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      {variable.protected ? (
        <Tooltip label="Only pipelines on protected branches and tags get this variable.">
          <Badge variant="light" color="orange" leftSection={<IconShieldLock size={12} />}>
            Protected
          </Badge>
        </Tooltip>
      ) : null}
      {variable.masked ? (
        <Tooltip label="The value is hidden in job logs.">
          <Badge variant="light" color="teal" leftSection={<IconEyeOff size={12} />}>
            Masked
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}
