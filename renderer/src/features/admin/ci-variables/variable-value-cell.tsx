import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react';

/** Props of {@link VariableValueCell}. */
export interface VariableValueCellProps {
  variableKey: string;
  value: string;
  revealed: boolean;
  onToggle: () => void;
}

/** The same dots for every hidden value, so their length does not show either. */
const HIDDEN = '••••••••••';

/** First line of a value, marked when more follows. */
function preview(value: string): string {
  if (value === '') return '(empty)';
  const [first = '', ...rest] = value.split(/\r?\n/);
  return rest.length > 0 ? `${first} …` : first;
}

/** A variable's value: hidden until revealed for this row, with a copy button either way. */
export function VariableValueCell({ variableKey, value, revealed, onToggle }: VariableValueCellProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text
        size="sm"
        ff="monospace"
        truncate
        maw={340}
        c={revealed ? undefined : 'dimmed'}
        title={revealed ? value : undefined}
        data-testid="variable-value"
        aria-label={revealed ? undefined : `Value of ${variableKey} (hidden)`}
      >
        {revealed ? preview(value) : HIDDEN}
      </Text>
      <Tooltip label={revealed ? 'Hide value' : 'Reveal value'}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`${revealed ? 'Hide' : 'Reveal'} value of ${variableKey}`}
          aria-pressed={revealed}
          onClick={onToggle}
        >
          {revealed ? <IconEyeOff size={15} stroke={1.7} /> : <IconEye size={15} stroke={1.7} />}
        </ActionIcon>
      </Tooltip>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy value'}>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size="sm"
              aria-label={`Copy value of ${variableKey}`}
              onClick={copy}
            >
              {copied ? <IconCheck size={15} stroke={1.7} /> : <IconCopy size={15} stroke={1.7} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
