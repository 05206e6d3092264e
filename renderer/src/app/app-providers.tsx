import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { uiPrefsColorSchemeManager } from './color-scheme-manager.js';
import { theme } from './theme.js';

/** Props of {@link AppProviders}. */
export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Mantine (theme, persisted light/dark/auto scheme), TanStack Query and notifications.
 * The router sits inside, so every screen sees all three.
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  const [colorSchemeManager] = useState(uiPrefsColorSchemeManager);
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        <Notifications position="bottom-right" limit={4} />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
