import { useHotkeys } from '@mantine/hooks';
import { hotkeysFor, type GlobalShortcutId, type HotkeyItem } from './shortcut-registry.js';

/** A handler for every global shortcut of the registry (the type forces all of them). */
export type GlobalShortcutHandlers = Record<GlobalShortcutId, () => void>;

/**
 * Bind every `global` entry of the shortcut registry to its handler on the document. Mantine's
 * useHotkeys ignores keys typed into inputs, textareas and selects, so typing never triggers them.
 */
export function useGlobalShortcuts(handlers: GlobalShortcutHandlers): void {
  const items: HotkeyItem[] = (Object.keys(handlers) as GlobalShortcutId[]).flatMap((id) =>
    hotkeysFor(id, () => handlers[id]()),
  );
  useHotkeys(items);
}
