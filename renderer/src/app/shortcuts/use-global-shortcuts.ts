import { useHotkeys } from '@mantine/hooks';
import { hotkeysFor, isKeySequence, type GlobalShortcutId, type HotkeyItem } from './shortcut-registry.js';
import { useKeySequences } from './use-key-sequences.js';

/** A handler for every global shortcut of the registry (the type forces all of them). */
export type GlobalShortcutHandlers = Record<GlobalShortcutId, () => void>;

/**
 * Bind every `global` entry of the shortcut registry to its handler on the document: chords through
 * Mantine's useHotkeys, sequences (`g p`) through useKeySequences. Neither fires for keys typed into
 * inputs, textareas and selects.
 */
export function useGlobalShortcuts(handlers: GlobalShortcutHandlers): void {
  const items: HotkeyItem[] = (Object.keys(handlers) as GlobalShortcutId[]).flatMap((id) =>
    hotkeysFor(id, () => handlers[id]()),
  );
  useHotkeys(items.filter(([hotkey]) => !isKeySequence(hotkey)));
  useKeySequences(items.filter(([hotkey]) => isKeySequence(hotkey)));
}
