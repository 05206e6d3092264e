import { AppShell, Box, Button, Center, Loader } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconPlugConnected } from '@tabler/icons-react';
import { Fragment } from 'react';
import { Outlet } from 'react-router';
import { profileQueries } from '../../api/profiles/queries.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { ScreenEmptyState } from '../../components/screen-empty-state/screen-empty-state.js';
import { MoveCompletionNotifier } from '../../features/admin/storage-moves/move-completion-notifier.js';
import { ChangeEventsListener } from '../../features/pipelines/change-events-listener.js';
import { ActiveProfileProvider } from '../active-profile.js';
import { SlowDownNotice } from '../slow-down-notice.js';
import { TokenNotice } from '../token-notice.js';
import { AppShortcuts } from '../shortcuts/app-shortcuts.js';
import { AppHeader } from './app-header.js';
import { AppNavbar } from './app-navbar.js';
import { CommandPalette } from './command-palette.js';

/** Sidebar width with labels, and with icons only (px). */
const NAVBAR_WIDTH = 248;
const NAVBAR_COMPACT_WIDTH = 64;
/** Below this window width the sidebar shows icons only unless the user expanded it. */
const NAVBAR_WIDE_QUERY = '(min-width: 1280px)';

/**
 * Whether the sidebar shows icons only: the user's choice (kept in localStorage `outpost-navbar`:
 * `expanded` or `compact`) when they made one, else compact below 1280 px wide (never in the phone-size
 * drawer). `toggle` flips what is
 * shown now and remembers it.
 */
function useNavbarCompact(): { value: boolean; toggle: () => void } {
  const wide = useMediaQuery(NAVBAR_WIDE_QUERY, true, { getInitialValueInEffect: false });
  const [choice, setChoice] = useLocalStorage<'auto' | 'expanded' | 'compact'>({
    key: 'outpost-navbar',
    defaultValue: 'auto',
    getInitialValueInEffect: false,
  });
  // Below Mantine's `sm` the sidebar is a full-width drawer behind the burger: labels always.
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const value = !phone && (choice === 'auto' ? !wide : choice === 'compact');
  return { value, toggle: () => setChoice(value ? 'expanded' : 'compact') };
}

/**
 * The shell around every screen: header, navbar, command palette, global keyboard shortcuts, the
 * storage-move completion notices, the calm "GitLab asked Outpost to slow down" notice and the token notice (expiring, expired or refused). Screens render only once the host reports an active profile,
 * and are keyed by it, so their local state resets on a switch.
 */
export function AppLayout() {
  const [navbarOpened, navbar] = useDisclosure(false);
  const compact = useNavbarCompact();
  const profiles = useQuery(profileQueries.list());
  const list = profiles.data ?? [];
  const active = list.find((profile) => profile.active) ?? null;

  let content;
  if (profiles.isPending) {
    content = (
      <Center h="60vh">
        <Loader type="dots" aria-label="Loading instances" />
      </Center>
    );
  } else if (profiles.isError) {
    content = (
      <Box maw={720}>
        <QueryErrorAlert title="Outpost cannot reach its host" error={profiles.error}>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => profiles.refetch()}
            loading={profiles.isFetching}
          >
            Try again
          </Button>
        </QueryErrorAlert>
      </Box>
    );
  } else if (!active) {
    content = (
      <ScreenEmptyState
        icon={IconPlugConnected}
        title="No instance selected"
        description="Pick a GitLab instance from the switcher at the top, or add one with a personal access token."
      />
    );
  } else {
    content = (
      <ActiveProfileProvider profile={active}>
        <ChangeEventsListener />
        <Fragment key={active.id}>
          <Outlet />
        </Fragment>
      </ActiveProfileProvider>
    );
  }

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: compact.value ? NAVBAR_COMPACT_WIDTH : NAVBAR_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !navbarOpened },
      }}
      padding={{ base: 'md', md: 'xl' }}
    >
      <AppShell.Header>
        <AppHeader
          profiles={list}
          active={active}
          navbarOpened={navbarOpened}
          onToggleNavbar={navbar.toggle}
        />
      </AppShell.Header>
      <AppShell.Navbar>
        <AppNavbar onNavigate={navbar.close} compact={compact.value} onToggleCompact={compact.toggle} />
      </AppShell.Navbar>
      <AppShell.Main>
        <div style={{ maxWidth: 1400, margin: '0 auto', minWidth: 0 }}>
          {/* Keyed by the instance: a switch starts over from the pauses running for the new one. */}
          <SlowDownNotice key={active?.id ?? ''} profileId={active?.id ?? null} />
          <TokenNotice key={`token-${active?.id ?? ''}`} profile={active} />
          {content}
        </div>
      </AppShell.Main>
      <CommandPalette profileId={active?.id ?? null} />
      <AppShortcuts />
      <MoveCompletionNotifier profileId={active?.id ?? null} />
    </AppShell>
  );
}
