import { useMantineColorScheme, useComputedColorScheme } from '@mantine/core';
import { Spotlight, type SpotlightActionData } from '@mantine/spotlight';
import { IconMoon, IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useActiveInstanceIsAdmin } from '../../features/admin/use-admin-access.js';
import { navSectionsFor } from '../navigation.js';

/** `mod+K` palette: jump to any area, or flip the color scheme. */
export function CommandPalette() {
  const navigate = useNavigate();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const items = navSectionsFor(useActiveInstanceIsAdmin()).flatMap((section) => section.items);

  const actions: SpotlightActionData[] = [
    ...items.map((item) => {
      const Icon = item.icon;
      return {
        id: `go:${item.path}`,
        label: item.label,
        description: item.description,
        group: 'Go to',
        leftSection: <Icon size={20} stroke={1.6} />,
        onClick: () => navigate(item.path),
      };
    }),
    {
      id: 'color-scheme',
      label: computed === 'dark' ? 'Switch to light mode' : 'Switch to dark mode',
      group: 'Preferences',
      leftSection: <IconMoon size={20} stroke={1.6} />,
      onClick: () => setColorScheme(computed === 'dark' ? 'light' : 'dark'),
    },
  ];

  return (
    <Spotlight
      actions={actions}
      shortcut="mod + K"
      nothingFound="Nothing matches"
      highlightQuery
      limit={12}
      searchProps={{ leftSection: <IconSearch size={18} stroke={1.6} />, placeholder: 'Jump to…' }}
    />
  );
}
