import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { palette } from '../../features/command-palette/palette-store.js';
import { useNavigate } from 'react-router';
import { ShortcutsHelpModal } from './shortcuts-help-modal.js';
import {
  useShortcutsHelpDismissed,
  useShortcutsHelpOpened,
  useShortcutsHelpRequested,
} from './shortcuts-help-store.js';
import { useGlobalShortcuts } from './use-global-shortcuts.js';

/**
 * The app's global keyboard shortcuts, bound from the registry, and the `?` overlay that lists them.
 * Mounted once by the app layout.
 */
export function AppShortcuts() {
  const opened = useShortcutsHelpOpened();
  const helpRequested = useShortcutsHelpRequested();
  const helpDismissed = useShortcutsHelpDismissed();
  const navigate = useNavigate();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });

  useGlobalShortcuts({
    'command-palette': () => palette.open(),
    'shortcuts-help': helpRequested,
    'color-scheme': () => setColorScheme(computed === 'dark' ? 'light' : 'dark'),
    'go-projects': () => navigate('/projects'),
    'go-merge-requests': () => navigate('/merge-requests'),
    'go-pipelines': () => navigate('/pipelines'),
    'go-repository': () => navigate('/repository'),
  });

  return <ShortcutsHelpModal opened={opened} onClose={helpDismissed} />;
}
