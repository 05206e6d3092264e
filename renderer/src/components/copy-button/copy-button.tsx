import { ActionIcon, Button, CopyButton, Tooltip, type MantineColor, type MantineSize } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** Props of {@link CopyIconButton}. */
export interface CopyIconButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** Tooltip while idle ("Copy URL"); after a click the tooltip says "Copied". */
  label: string;
  /** Accessible name; defaults to `label`. */
  ariaLabel?: string;
  /** Mantine size of the icon button; default Mantine's own. */
  size?: MantineSize;
  /** Icon size in px (default 16). */
  iconSize?: number;
  /** Icon stroke width (default the icon set's own). */
  stroke?: number;
  /** How long "Copied" shows, ms (default Mantine's 1000). */
  timeout?: number;
}

/**
 * A subtle icon button that copies `value`: gray with a copy icon and a tooltip naming what it copies,
 * teal with a check and "Copied" for a moment after the click (Mantine `CopyButton`).
 */
export function CopyIconButton({
  value,
  label,
  ariaLabel,
  size,
  iconSize = 16,
  stroke,
  timeout,
}: CopyIconButtonProps) {
  return (
    <CopyButton value={value} timeout={timeout}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label}>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            size={size}
            onClick={copy}
            aria-label={ariaLabel ?? label}
          >
            {copied ? (
              <IconCheck size={iconSize} stroke={stroke} />
            ) : (
              <IconCopy size={iconSize} stroke={stroke} />
            )}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** Props of {@link CopyTextButton}. */
export interface CopyTextButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** The button's text while idle ("Copy JSON"); "Copied" for a moment after a click. */
  label: string;
  /** Mantine button variant (default `subtle`). */
  variant?: 'subtle' | 'default' | 'light';
  /** Mantine button size (default `compact-sm`). */
  size?: string;
  /** Colour while idle (default the theme's primary); teal once copied. */
  color?: MantineColor;
}

/** A text button with a copy icon that copies `value`, and says "Copied" (teal, with a check) after a click. */
export function CopyTextButton({
  value,
  label,
  variant = 'subtle',
  size = 'compact-sm',
  color,
}: CopyTextButtonProps) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          variant={variant}
          size={size}
          color={copied ? 'teal' : color}
          leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          onClick={copy}
        >
          {copied ? 'Copied' : label}
        </Button>
      )}
    </CopyButton>
  );
}
