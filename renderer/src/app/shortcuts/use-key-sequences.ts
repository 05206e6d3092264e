import { useEffect, useEffectEvent } from 'react';
import type { HotkeyItem } from './shortcut-registry.js';

/** How long the second key of a sequence may follow the first, ms. */
export const SEQUENCE_TIMEOUT_MS = 1_000;

const IGNORED_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** True when the key was typed into a field (where shortcuts must not fire). */
function typedIntoField(event: KeyboardEvent): boolean {
  const target = event.target;
  return target instanceof HTMLElement && (target.isContentEditable || IGNORED_TAGS.has(target.tagName));
}

/**
 * Bind two-key sequences (`g p`: press g, then p within {@link SEQUENCE_TIMEOUT_MS}) on the
 * document, as Mantine's useHotkeys binds chords (which has no sequences). Keys with Ctrl, ⌘ or Alt
 * held, and keys typed into inputs, textareas, selects or editable content, are ignored.
 */
export function useKeySequences(items: HotkeyItem[]): void {
  const handle = useEffectEvent((event: KeyboardEvent, pending: { key: string; at: number } | null) => {
    const key = event.key.toLowerCase();
    if (pending && event.timeStamp - pending.at <= SEQUENCE_TIMEOUT_MS) {
      const match = items.find(
        ([sequence]) => sequence.toLowerCase().trim().split(/\s+/).join(' ') === `${pending.key} ${key}`,
      );
      if (match) {
        event.preventDefault();
        match[1](event);
        return null;
      }
    }
    const starts = items.some(([sequence]) => sequence.toLowerCase().trim().split(/\s+/)[0] === key);
    return starts ? { key, at: event.timeStamp } : null;
  });

  useEffect(() => {
    let pending: { key: string; at: number } | null = null;
    const listener = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typedIntoField(event)) {
        pending = null;
        return;
      }
      if (event.key === 'Shift') return;
      pending = handle(event, pending);
    };
    document.documentElement.addEventListener('keydown', listener);
    return () => document.documentElement.removeEventListener('keydown', listener);
  }, []);
}
