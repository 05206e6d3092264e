import { Center, Loader, Text, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { Spotlight, useSpotlight } from '@mantine/spotlight';
import {
  IconFolder,
  IconGitMerge,
  IconKeyboard,
  IconListDetails,
  IconMoon,
  IconRocket,
  IconSearch,
  type Icon,
} from '@tabler/icons-react';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../../api/describe-error.js';
import { useActiveInstanceIsAdmin } from '../../features/admin/use-admin-access.js';
import {
  buildSearchGroups,
  matchesPaletteText,
  type PaletteItemKind,
} from '../../features/command-palette/palette-results.js';
import { paletteStore, selectFirstPaletteAction } from '../../features/command-palette/palette-store.js';
import { usePaletteSearch } from '../../features/command-palette/use-palette-search.js';
import { navSectionsFor } from '../navigation.js';
import { useShortcutsHelpRequested } from '../shortcuts/shortcuts-help-store.js';

const KIND_ICONS: Record<PaletteItemKind, Icon> = {
  project: IconFolder,
  'merge-request': IconGitMerge,
  pipeline: IconRocket,
  'project-pipelines': IconListDetails,
};

interface FixedAction {
  id: string;
  label: string;
  description?: string;
  keywords?: string[];
  icon: ReactNode;
  onClick: () => void;
}

/**
 * The command palette (Mantine Spotlight; `mod+K` is bound from the shortcut registry): jump to a
 * project, an open merge request or a pipeline of the active instance, an area of the app, or
 * change a preference. Searching lives in features/command-palette; this is only the shell.
 * The first result is always selected (Enter opens it); open it with `palette.open()`.
 * `profileId` null (no active instance): only the fixed entries are offered.
 */
export function CommandPalette({ profileId }: { profileId: string | null }) {
  const navigate = useNavigate();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const helpRequested = useShortcutsHelpRequested();
  const isAdmin = useActiveInstanceIsAdmin();
  const [query, setQuery] = useState('');
  const search = usePaletteSearch(profileId, query);
  const groups = buildSearchGroups(search);
  const text = query.trim();

  const goTo: FixedAction[] = navSectionsFor(isAdmin)
    .flatMap((section) => section.items)
    .map((item) => {
      const ItemIcon = item.icon;
      return {
        id: `go:${item.path}`,
        label: item.label,
        description: item.description,
        icon: <ItemIcon size={20} stroke={1.6} />,
        onClick: () => navigate(item.path),
      };
    });
  const preferences: FixedAction[] = [
    {
      id: 'color-scheme',
      label: computed === 'dark' ? 'Switch to light mode' : 'Switch to dark mode',
      keywords: ['theme', 'color scheme', 'dark', 'light'],
      icon: <IconMoon size={20} stroke={1.6} />,
      onClick: () => setColorScheme(computed === 'dark' ? 'light' : 'dark'),
    },
    {
      id: 'keyboard-shortcuts',
      label: 'Keyboard shortcuts',
      description: 'List every keyboard shortcut (?)',
      keywords: ['hotkeys', 'keys', 'help'],
      icon: <IconKeyboard size={20} stroke={1.6} />,
      onClick: helpRequested,
    },
  ];
  const fixed = [
    { label: 'Go to', actions: goTo.filter((action) => matchesPaletteText(action, text)) },
    { label: 'Preferences', actions: preferences.filter((action) => matchesPaletteText(action, text)) },
  ].filter((group) => group.actions.length > 0);

  const nothing = groups.length === 0 && fixed.length === 0;
  // Whenever the list of results changes (typing, or search results arriving), the first one is
  // selected again, so Enter opens it; unchanged results keep the user's ArrowUp/ArrowDown choice.
  const resultIds = [
    ...groups.flatMap((group) => group.items.map((item) => item.id)),
    ...fixed.flatMap((group) => group.actions.map((action) => action.id)),
  ].join('\n');
  const { opened } = useSpotlight(paletteStore);
  useLayoutEffect(() => {
    if (!opened) return;
    selectFirstPaletteAction();
    // On opening, the list mounts with the modal's transition: select once it is there.
    const frame = requestAnimationFrame(selectFirstPaletteAction);
    return () => cancelAnimationFrame(frame);
  }, [resultIds, opened]);

  return (
    <Spotlight.Root
      store={paletteStore}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      scrollable
      maxHeight={480}
    >
      <Spotlight.Search
        aria-label="Search the instance"
        placeholder="Jump to a project, merge request, #pipeline…"
        leftSection={<IconSearch size={18} stroke={1.6} />}
        rightSection={search.loading ? <Loader size={16} aria-label="Searching" /> : null}
      />
      <Spotlight.ActionsList data-testid="command-palette-results">
        {groups.map((group) => (
          <Spotlight.ActionsGroup key={group.label} label={group.label} data-group={group.label}>
            {group.items.map((item) => {
              const ItemIcon = KIND_ICONS[item.kind];
              return (
                <Spotlight.Action
                  key={item.id}
                  label={item.label}
                  description={item.description}
                  leftSection={<ItemIcon size={20} stroke={1.6} />}
                  highlightQuery={search.query.text !== ''}
                  onClick={() => navigate(item.path)}
                />
              );
            })}
          </Spotlight.ActionsGroup>
        ))}
        {fixed.map((group) => (
          <Spotlight.ActionsGroup key={group.label} label={group.label} data-group={group.label}>
            {group.actions.map((action) => (
              <Spotlight.Action
                key={action.id}
                label={action.label}
                description={action.description}
                leftSection={action.icon}
                highlightQuery
                onClick={action.onClick}
              />
            ))}
          </Spotlight.ActionsGroup>
        ))}
        {search.error ? (
          <Text size="xs" c="red" px="md" py={6}>
            Search failed: {describeError(search.error)}
          </Text>
        ) : null}
        {nothing && search.loading ? (
          <Center py="md">
            <Text size="sm" c="dimmed">
              Searching…
            </Text>
          </Center>
        ) : null}
        {nothing && !search.loading ? <Spotlight.Empty>Nothing matches</Spotlight.Empty> : null}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
