import { useHotkeys } from '@mantine/hooks';
import { hotkeysFor, type ShortcutId } from './shortcut-registry.js';

/**
 * Bind a screen's shortcut from the registry (its hotkey and aliases) while the screen is mounted.
 * `enabled` false binds nothing (e.g. a second ref switcher inside a dialog). Keys typed into
 * inputs, textareas and selects are ignored (Mantine's useHotkeys default).
 */
export function useShortcut(id: ShortcutId, handler: () => void, enabled = true): void {
  useHotkeys(enabled ? hotkeysFor(id, handler) : []);
}
