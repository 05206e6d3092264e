import { Badge, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './welcome.module.css';

/** Props of {@link WelcomeOption}. */
export interface WelcomeOptionProps {
  icon: ReactNode;
  title: string;
  /** One line saying what the option does. */
  description: ReactNode;
  onClick: () => void;
  /** The recommended choice: accent border and a badge; `autoFocus` makes Enter pick it. */
  primary?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
}

/** One large, keyboard-focusable choice on the welcome screen (a button with an icon, title and line). */
export function WelcomeOption({
  icon,
  title,
  description,
  onClick,
  primary = false,
  autoFocus = false,
  disabled = false,
}: WelcomeOptionProps) {
  return (
    <UnstyledButton
      className={classes.option}
      onClick={onClick}
      data-primary={primary || undefined}
      autoFocus={autoFocus}
      disabled={disabled}
    >
      <ThemeIcon size={44} radius="md" variant={primary ? 'filled' : 'light'}>
        {icon}
      </ThemeIcon>
      <div className={classes.optionBody}>
        <Group gap="xs" wrap="nowrap">
          <Text fw={600}>{title}</Text>
          {primary ? (
            <Badge size="sm" variant="light" tt="none" fw={500} style={{ flexShrink: 0 }}>
              Recommended
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" mt={2}>
          {description}
        </Text>
      </div>
      <IconChevronRight size={18} className={classes.chevron} aria-hidden />
    </UnstyledButton>
  );
}
