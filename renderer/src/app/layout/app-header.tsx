import { Burger, Group, Text } from '@mantine/core';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import { CurrentUserMenu } from './current-user-menu.js';
import { OutpostLogo } from './outpost-logo.js';
import { ProfileSwitcher } from './profile-switcher.js';
import { ThemeToggle } from './theme-toggle.js';

/** Props of {@link AppHeader}. */
export interface AppHeaderProps {
  profiles: ProfileSummary[];
  active: ProfileSummary | null;
  navbarOpened: boolean;
  onToggleNavbar: () => void;
}

/** Top bar: product name, instance switcher, color scheme and the signed-in user. */
export function AppHeader({ profiles, active, navbarOpened, onToggleNavbar }: AppHeaderProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="md" wrap="nowrap">
        <Burger
          opened={navbarOpened}
          onClick={onToggleNavbar}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
        />
        <Group gap={8} wrap="nowrap">
          <OutpostLogo size={26} />
          <Text fw={700} size="lg" lts={-0.2}>
            Outpost
          </Text>
        </Group>
        <ProfileSwitcher profiles={profiles} active={active} />
      </Group>
      <Group gap="sm" wrap="nowrap">
        <ThemeToggle />
        {active ? <CurrentUserMenu key={active.id} profile={active} /> : null}
      </Group>
    </Group>
  );
}
