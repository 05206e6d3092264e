import {
  ActionIcon,
  Kbd,
  Menu,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { useOs } from '@mantine/hooks';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';

const OPTIONS: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'auto', label: 'System', icon: IconDeviceDesktop },
];

/**
 * Color scheme menu (light, dark, follow the system) in the header. `mod+J` flips between light
 * and dark from anywhere; the shell binds it from app/shortcuts/shortcut-registry.ts. The choice
 * persists through the UI-prefs store.
 */
export function ThemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const os = useOs();
  const modKey = os === 'macos' ? '⌘' : 'Ctrl';
  const CurrentIcon = computed === 'dark' ? IconMoon : IconSun;

  return (
    <Menu position="bottom-end" width={180} withinPortal>
      <Menu.Target>
        <Tooltip
          label={
            <>
              Color scheme <Kbd size="xs">{modKey}</Kbd> <Kbd size="xs">J</Kbd>
            </>
          }
        >
          <ActionIcon variant="default" size="lg" aria-label="Color scheme" data-testid="color-scheme-toggle">
            <CurrentIcon size={18} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Color scheme</Menu.Label>
        {OPTIONS.map(({ value, label, icon: Icon }) => (
          <Menu.Item
            key={value}
            leftSection={<Icon size={16} stroke={1.7} />}
            rightSection={colorScheme === value ? <IconCheck size={14} /> : null}
            onClick={() => setColorScheme(value)}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
