import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { useUiPrefs } from '../stores/ui-prefs-store.js';

/**
 * Mantine's color-scheme manager backed by the persisted UI-prefs store, so `useMantineColorScheme()`
 * and the store always agree (and a change in another window arrives through the store's rehydration).
 */
export function uiPrefsColorSchemeManager(): MantineColorSchemeManager {
  let unsubscribe: (() => void) | null = null;
  return {
    get: (defaultValue: MantineColorScheme) => useUiPrefs.getState().colorScheme ?? defaultValue,
    set: (value: MantineColorScheme) => {
      if (useUiPrefs.getState().colorScheme !== value) useUiPrefs.getState().colorSchemeChosen(value);
    },
    subscribe: (onUpdate) => {
      unsubscribe?.();
      unsubscribe = useUiPrefs.subscribe((state, previous) => {
        if (state.colorScheme !== previous.colorScheme) onUpdate(state.colorScheme);
      });
    },
    unsubscribe: () => {
      unsubscribe?.();
      unsubscribe = null;
    },
    clear: () => useUiPrefs.getState().colorSchemeChosen('auto'),
  };
}
