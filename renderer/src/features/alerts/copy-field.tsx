import { Textarea } from '@mantine/core';
import { CopyIconButton } from '../../components/copy-button/copy-button.js';

/** Props of {@link CopyField}. */
export interface CopyFieldProps {
  label: string;
  value: string;
  description?: string;
  /** `data-testid` of the input. */
  testId?: string;
}

/** A read-only monospace value with a copy button, for URLs and keys; long values wrap, whole. */
export function CopyField({ label, value, description, testId }: CopyFieldProps) {
  return (
    <Textarea
      autosize
      minRows={1}
      label={label}
      description={description}
      value={value}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      styles={{
        input: {
          fontFamily: 'var(--mantine-font-family-monospace)',
          fontSize: 13,
          wordBreak: 'break-all',
          resize: 'none',
        },
      }}
      data-testid={testId}
      rightSectionWidth={40}
      rightSection={<CopyIconButton value={value} label={`Copy ${label.toLowerCase()}`} />}
    />
  );
}
