import { create } from 'zustand';

interface ShortcutsHelpState {
  opened: boolean;
  helpRequested: () => void;
  helpDismissed: () => void;
}

const useShortcutsHelpStore = create<ShortcutsHelpState>()((set) => ({
  opened: false,
  helpRequested: () => set({ opened: true }),
  helpDismissed: () => set({ opened: false }),
}));

/** Whether the keyboard shortcut overlay is open (client state only). */
export function useShortcutsHelpOpened(): boolean {
  return useShortcutsHelpStore((state) => state.opened);
}

/** Event: the administrator asked for the shortcut list (`?`, the palette, the user menu). */
export function useShortcutsHelpRequested(): () => void {
  return useShortcutsHelpStore((state) => state.helpRequested);
}

/** Event: the shortcut list was closed. */
export function useShortcutsHelpDismissed(): () => void {
  return useShortcutsHelpStore((state) => state.helpDismissed);
}
