import { AppShell, Badge, Group, Kbd, NavLink, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useOs } from '@mantine/hooks';
import { spotlight } from '@mantine/spotlight';
import { useQuery } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { profileQueries } from '../../api/profiles/queries.js';
import { useActiveInstanceIsAdmin } from '../../features/admin/use-admin-access.js';
import { navSectionsFor } from '../navigation.js';
import classes from './app-navbar.module.css';

/** Left navigation: the areas of Outpost, grouped, with the command palette trigger and app facts. */
export function AppNavbar({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const os = useOs();
  const { data: info } = useQuery(profileQueries.appInfo());
  const isAdmin = useActiveInstanceIsAdmin();

  return (
    <>
      <AppShell.Section p="sm" pb={4}>
        <UnstyledButton
          className={classes.search}
          onClick={() => spotlight.open()}
          aria-label="Search and jump"
        >
          <Group gap={8} wrap="nowrap">
            <IconSearch size={15} stroke={1.8} />
            <Text size="sm" c="dimmed" style={{ flex: 1 }}>
              Jump to…
            </Text>
            <Kbd size="xs">{os === 'macos' ? '⌘' : 'Ctrl'} K</Kbd>
          </Group>
        </UnstyledButton>
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px="sm" py={4}>
        <nav aria-label="Main">
          <Stack gap="md">
            {navSectionsFor(isAdmin).map((section) => (
              <Stack key={section.title ?? 'main'} gap={2}>
                {section.title ? (
                  <Text
                    size="xs"
                    fw={600}
                    c="dimmed"
                    tt="uppercase"
                    px="sm"
                    pb={4}
                    className={classes.sectionTitle}
                  >
                    {section.title}
                  </Text>
                ) : null}
                {section.items.map((item) => {
                  const Icon = item.icon;
                  const active = pathname === item.path || pathname.startsWith(`${item.path}/`);
                  return (
                    <NavLink
                      key={item.path}
                      component={Link}
                      to={item.path}
                      label={item.label}
                      active={active}
                      aria-current={active ? 'page' : undefined}
                      leftSection={<Icon size={18} stroke={1.7} />}
                      rightSection={
                        item.built ? null : (
                          <Badge size="xs" variant="default" className={classes.soon}>
                            Soon
                          </Badge>
                        )
                      }
                      onClick={onNavigate}
                      className={classes.link}
                    />
                  );
                })}
              </Stack>
            ))}
          </Stack>
        </nav>
      </AppShell.Section>
      <AppShell.Section p="md" className={classes.footer}>
        <Text size="xs" c="dimmed">
          Outpost {info ? info.version : ''}
          {info ? ` · ${info.shell === 'electron' ? 'Desktop' : 'Browser host'}` : ''}
        </Text>
      </AppShell.Section>
    </>
  );
}
