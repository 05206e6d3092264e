/**
 * Every keyboard shortcut Outpost has, in one place. The help overlay (`?`) renders this list, the
 * app shell binds the `global` entries from it (useGlobalShortcuts) and screens bind their `screen`
 * entries through useShortcut (use-shortcut.ts), so the list cannot drift from what the keys really do.
 * Hotkey strings are Mantine's (`mod+K`, `shift+?`): `mod` is ⌘ on macOS and Ctrl elsewhere; a
 * space separates the keys of a sequence pressed one after the other (`g p`).
 * Like Mantine's useHotkeys, none of them fires while the focus is in an input, textarea or select.
 */

/** Where a shortcut is bound. */
export type ShortcutBinding =
  /** Anywhere in the app, bound once by the shell (useGlobalShortcuts). */
  | 'global'
  /** On one screen, bound by that screen with useShortcut. */
  | 'screen'
  /** Handled by Mantine's dialogs, menus and the palette themselves (no handler of ours). */
  | 'built-in';

/** One keyboard shortcut. */
export interface ShortcutEntry {
  /** Mantine hotkey strings; the first is the one shown, the others are aliases bound too. */
  hotkeys: readonly string[];
  /** What the key does, as a short sentence fragment ("Open the command palette"). */
  description: string;
  /** Heading in the help overlay. */
  group: string;
  binding: ShortcutBinding;
}

/** The registry: id → shortcut. Order here is the order in the help overlay. */
export const SHORTCUTS = {
  'command-palette': {
    hotkeys: ['mod+K'],
    description: 'Open the command palette: jump to a project, merge request or pipeline',
    group: 'Global',
    binding: 'global',
  },
  'shortcuts-help': {
    // `?` is Shift+/ on most layouts; the browser reports key "?" with or without shiftKey.
    hotkeys: ['shift+?', '?'],
    description: 'Show these keyboard shortcuts',
    group: 'Global',
    binding: 'global',
  },
  'color-scheme': {
    hotkeys: ['mod+J'],
    description: 'Switch between light and dark mode',
    group: 'Global',
    binding: 'global',
  },
  'close-dialog': {
    hotkeys: ['Escape'],
    description: 'Close the palette, a dialog or a menu',
    group: 'Global',
    binding: 'built-in',
  },
  'go-projects': {
    hotkeys: ['g p'],
    description: 'Go to Projects',
    group: 'Go to',
    binding: 'global',
  },
  'go-merge-requests': {
    hotkeys: ['g m'],
    description: 'Go to Merge requests',
    group: 'Go to',
    binding: 'global',
  },
  'go-pipelines': {
    hotkeys: ['g i'],
    description: 'Go to Pipelines (CI)',
    group: 'Go to',
    binding: 'global',
  },
  'go-repository': {
    hotkeys: ['g r'],
    description: 'Go to Repository',
    group: 'Go to',
    binding: 'global',
  },
  'projects-search': {
    hotkeys: ['/'],
    description: 'Focus the project search',
    group: 'Projects',
    binding: 'screen',
  },
  'files-filter': {
    hotkeys: ['t'],
    description: 'Filter the files of the current folder',
    group: 'Repository',
    binding: 'screen',
  },
  'ref-switcher': {
    hotkeys: ['b'],
    description: 'Switch branch or tag',
    group: 'Repository',
    binding: 'screen',
  },
} as const satisfies Record<string, ShortcutEntry>;

/** Id of a registered shortcut. */
export type ShortcutId = keyof typeof SHORTCUTS;

/** Ids of the shortcuts the shell binds. */
export type GlobalShortcutId = {
  [K in ShortcutId]: (typeof SHORTCUTS)[K]['binding'] extends 'global' ? K : never;
}[ShortcutId];

/** A `useHotkeys` item: hotkey, handler. */
export type HotkeyItem = [string, (event: KeyboardEvent) => void];

/** Registry entries as a list, in overlay order. */
export function shortcutEntries(): (ShortcutEntry & { id: ShortcutId })[] {
  return (Object.keys(SHORTCUTS) as ShortcutId[]).map((id) => ({ id, ...SHORTCUTS[id] }));
}

/** The registry grouped for display: `[group, entries][]` in first-seen order. */
export function shortcutGroups(): [string, (ShortcutEntry & { id: ShortcutId })[]][] {
  const groups = new Map<string, (ShortcutEntry & { id: ShortcutId })[]>();
  for (const entry of shortcutEntries()) {
    const list = groups.get(entry.group) ?? [];
    list.push(entry);
    groups.set(entry.group, list);
  }
  return [...groups];
}

/** True for a sequence of keys pressed one after the other (`g p`), false for one chord (`mod+K`). */
export function isKeySequence(hotkey: string): boolean {
  return hotkey.trim().includes(' ');
}

/**
 * Items binding every hotkey of shortcut `id` (aliases included) to `handler`: chords for Mantine's
 * `useHotkeys`, and sequences (`g p`) for `useKeySequences`.
 */
export function hotkeysFor(id: ShortcutId, handler: () => void): HotkeyItem[] {
  return SHORTCUTS[id].hotkeys.map((hotkey) => [hotkey, () => handler()]);
}

/**
 * The first hotkey of shortcut `id` as keycaps, one list per key pressed in turn:
 * `[['Ctrl', 'K']]`, `[['⌘', 'K']]`, `[['?']]`, `[['g'], ['p']]`.
 */
export function displayKeys(id: ShortcutId, os: 'macos' | 'other'): string[][] {
  return SHORTCUTS[id].hotkeys[0]
    .trim()
    .split(/\s+/)
    .map((chord) => formatHotkey(chord, os));
}

const KEY_NAMES: Record<string, string> = { escape: 'Esc', slash: '/', space: 'Space', enter: 'Enter' };

/**
 * A Mantine hotkey string as keycaps: `mod` → ⌘ or Ctrl, single letters upper-cased when a modifier
 * is held, `shift` dropped before a symbol that needs it anyway (`shift+?` → `?`).
 */
export function formatHotkey(hotkey: string, os: 'macos' | 'other'): string[] {
  const parts = hotkey.split('+').map((part) => part.trim());
  const key = parts[parts.length - 1] ?? '';
  const modifiers = parts.slice(0, -1);
  const symbol = key.length === 1 && !/[a-z0-9]/i.test(key);
  const caps = modifiers
    .filter((modifier) => !(symbol && modifier.toLowerCase() === 'shift'))
    .map((modifier) => {
      const m = modifier.toLowerCase();
      if (m === 'mod') return os === 'macos' ? '⌘' : 'Ctrl';
      if (m === 'shift') return os === 'macos' ? '⇧' : 'Shift';
      if (m === 'alt') return os === 'macos' ? '⌥' : 'Alt';
      if (m === 'ctrl') return 'Ctrl';
      return modifier;
    });
  const name = KEY_NAMES[key.toLowerCase()] ?? (caps.length > 0 ? key.toUpperCase() : key);
  return [...caps, name];
}
