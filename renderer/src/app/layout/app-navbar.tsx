import {
  ActionIcon,
  AppShell,
  Badge,
  Divider,
  Group,
  Kbd,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useOs } from '@mantine/hooks';
import { palette } from '../../features/command-palette/palette-store.js';
import { useQuery } from '@tanstack/react-query';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconSearch } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { profileQueries } from '../../api/profiles/queries.js';
import { useActiveInstanceIsAdmin } from '../../features/admin/use-admin-access.js';
import { navSectionsFor } from '../navigation.js';
import classes from './app-navbar.module.css';

/** Props of {@link AppNavbar}. */
export interface AppNavbarProps {
  onNavigate: () => void;
  /** Icons only (each with its label as tooltip and accessible name); section titles become dividers. */
  compact?: boolean;
  /** Flips between icons only and labels; the button is hidden when absent. */
  onToggleCompact?: () => void;
}

/**
 * Left navigation: the areas of Outpost, grouped, with the command palette trigger, a toggle between
 * labels and icons only, and app facts.
 */
export function AppNavbar({ onNavigate, compact = false, onToggleCompact }: AppNavbarProps) {
  const { pathname } = useLocation();
  const os = useOs();
  const { data: info } = useQuery(profileQueries.appInfo());
  const isAdmin = useActiveInstanceIsAdmin();

  return (
    <>
      <AppShell.Section p="sm" pb={4}>
        {compact ? (
          <Tooltip label="Jump to… (Ctrl K)" position="right" withArrow>
            <ActionIcon
              variant="default"
              size="lg"
              mx="auto"
              display="flex"
              onClick={() => palette.open()}
              aria-label="Search and jump"
            >
              <IconSearch size={16} stroke={1.8} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <UnstyledButton
            className={classes.search}
            onClick={() => palette.open()}
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
        )}
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px="sm" py={4}>
        <nav aria-label="Main">
          <Stack gap="md">
            {navSectionsFor(isAdmin).map((section) => (
              <Stack key={section.title ?? 'main'} gap={2}>
                {section.title && compact ? (
                  <Divider aria-label={section.title} mx={4} mb={4} />
                ) : section.title ? (
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
                  if (compact)
                    return (
                      <Tooltip key={item.path} label={item.label} position="right" withArrow>
                        <NavLink
                          component={Link}
                          to={item.path}
                          aria-label={item.label}
                          active={active}
                          aria-current={active ? 'page' : undefined}
                          leftSection={<Icon size={20} stroke={1.7} />}
                          onClick={onNavigate}
                          className={`${classes.link} ${classes.compactLink}`}
                        />
                      </Tooltip>
                    );
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
      <AppShell.Section p={compact ? 'xs' : 'md'} className={classes.footer}>
        <Group gap="xs" wrap="nowrap" justify={compact ? 'center' : 'space-between'}>
          {compact ? null : (
            <Text size="xs" c="dimmed">
              Outpost {info ? info.version : ''}
              {info ? ` · ${info.shell === 'electron' ? 'Desktop' : 'Browser host'}` : ''}
            </Text>
          )}
          {onToggleCompact ? (
            <Tooltip label={compact ? 'Expand sidebar' : 'Collapse sidebar'} position="right" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={onToggleCompact}
                aria-label={compact ? 'Expand sidebar' : 'Collapse sidebar'}
                visibleFrom="sm"
              >
                {compact ? (
                  <IconLayoutSidebarLeftExpand size={18} stroke={1.7} />
                ) : (
                  <IconLayoutSidebarLeftCollapse size={18} stroke={1.7} />
                )}
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </AppShell.Section>
    </>
  );
}
