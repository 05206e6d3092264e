import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { renderWithProviders } from '../../../test-utils/render.js';
import { AppShortcuts } from './app-shortcuts.js';
import {
  displayKeys,
  formatHotkey,
  SHORTCUTS,
  shortcutEntries,
  shortcutGroups,
  type GlobalShortcutId,
  type ShortcutId,
} from './shortcut-registry.js';
import { useShortcut } from './use-shortcut.js';
import { useGlobalShortcuts, type GlobalShortcutHandlers } from './use-global-shortcuts.js';

/** Press a hotkey of the registry on `target`: each key of a sequence (`g p`) in turn. */
function press(target: Element, hotkey: string) {
  for (const chord of hotkey.trim().split(/\s+/)) fireEvent.keyDown(target, keyEventFor(chord));
}

/** The keydown a keyboard sends for a Mantine hotkey string (`mod` pressed as Ctrl). */
function keyEventFor(hotkey: string): KeyboardEventInit {
  const parts = hotkey.split('+').map((part) => part.toLowerCase());
  const key = hotkey.split('+').pop() ?? '';
  return {
    key: key.length === 1 ? key.toLowerCase() : key,
    ctrlKey: parts.includes('mod') || parts.includes('ctrl'),
    shiftKey: parts.includes('shift'),
    altKey: parts.includes('alt'),
    metaKey: parts.includes('meta'),
  };
}

const globalIds = shortcutEntries()
  .filter((entry) => entry.binding === 'global')
  .map((entry) => entry.id as GlobalShortcutId);
const screenIds = shortcutEntries()
  .filter((entry) => entry.binding === 'screen')
  .map((entry) => entry.id);

function Where() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function GlobalProbe({ handlers }: { handlers: GlobalShortcutHandlers }) {
  useGlobalShortcuts(handlers);
  return <input aria-label="Some field" />;
}

function ScreenProbe({ id, onFire }: { id: ShortcutId; onFire: () => void }) {
  useShortcut(id, onFire);
  return <textarea aria-label="Some text" />;
}

function spies(): Record<GlobalShortcutId, Mock<() => void>> {
  return Object.fromEntries(globalIds.map((id) => [id, vi.fn<() => void>()])) as Record<
    GlobalShortcutId,
    Mock<() => void>
  >;
}

describe('shortcut registry', () => {
  it.each(globalIds)('global shortcut %s fires its handler on each of its keys, and only it', (id) => {
    const handlers = spies();
    renderWithProviders(<GlobalProbe handlers={handlers} />);
    for (const hotkey of SHORTCUTS[id].hotkeys) press(document.documentElement, hotkey);
    expect(handlers[id]).toHaveBeenCalledTimes(SHORTCUTS[id].hotkeys.length);
    for (const other of globalIds.filter((candidate) => candidate !== id)) {
      expect(handlers[other]).not.toHaveBeenCalled();
    }
  });

  it('global shortcuts answer the keys a real keyboard sends (Ctrl+K, Ctrl+J, Shift+/ giving "?")', () => {
    const handlers = spies();
    renderWithProviders(<GlobalProbe handlers={handlers} />);
    fireEvent.keyDown(document.documentElement, { key: 'k', code: 'KeyK', ctrlKey: true });
    fireEvent.keyDown(document.documentElement, { key: 'K', code: 'KeyK', metaKey: true });
    fireEvent.keyDown(document.documentElement, { key: 'j', code: 'KeyJ', ctrlKey: true });
    fireEvent.keyDown(document.documentElement, { key: '?', code: 'Slash', shiftKey: true });
    expect(handlers['command-palette']).toHaveBeenCalledTimes(2);
    expect(handlers['color-scheme']).toHaveBeenCalledTimes(1);
    expect(handlers['shortcuts-help']).toHaveBeenCalledTimes(1);
    // A plain "/" or "k" is not a global shortcut.
    fireEvent.keyDown(document.documentElement, { key: '/', code: 'Slash' });
    fireEvent.keyDown(document.documentElement, { key: 'k', code: 'KeyK' });
    expect(handlers['shortcuts-help']).toHaveBeenCalledTimes(1);
    expect(handlers['command-palette']).toHaveBeenCalledTimes(2);
  });

  it('global shortcuts do not fire while typing in a field', () => {
    const handlers = spies();
    renderWithProviders(<GlobalProbe handlers={handlers} />);
    const input = screen.getByLabelText('Some field');
    for (const id of globalIds) {
      for (const hotkey of SHORTCUTS[id].hotkeys) press(input, hotkey);
    }
    for (const id of globalIds) expect(handlers[id]).not.toHaveBeenCalled();
  });

  it.each(screenIds)('screen shortcut %s fires through useShortcut, but not inside a textarea', (id) => {
    const onFire = vi.fn();
    renderWithProviders(<ScreenProbe id={id} onFire={onFire} />);
    fireEvent.keyDown(screen.getByLabelText('Some text'), keyEventFor(SHORTCUTS[id].hotkeys[0]));
    expect(onFire).not.toHaveBeenCalled();
    for (const hotkey of SHORTCUTS[id].hotkeys) {
      fireEvent.keyDown(document.documentElement, keyEventFor(hotkey));
    }
    expect(onFire).toHaveBeenCalledTimes(SHORTCUTS[id].hotkeys.length);
  });

  it('"?" opens the overlay listing every registry entry, grouped; Esc (the built-in entry) closes it', async () => {
    renderWithProviders(<AppShortcuts />);
    expect(screen.queryByTestId('shortcuts-help')).toBeNull();
    fireEvent.keyDown(document.documentElement, { key: '?', code: 'Slash', shiftKey: true });
    const overlay = await screen.findByTestId('shortcuts-help');
    for (const entry of shortcutEntries()) {
      const row = overlay.querySelector(`[data-shortcut="${entry.id}"]`);
      expect(row?.textContent).toContain(entry.description);
    }
    for (const [group] of shortcutGroups()) expect(overlay.textContent).toContain(group);
    expect(overlay.querySelector('[data-shortcut="command-palette"]')?.textContent).toContain('Ctrl');
    expect(SHORTCUTS['close-dialog'].binding).toBe('built-in');
    fireEvent.keyDown(screen.getByRole('dialog'), keyEventFor(SHORTCUTS['close-dialog'].hotkeys[0]));
    await waitFor(() => expect(screen.queryByTestId('shortcuts-help')).toBeNull());
  });

  it('"g" then a letter goes to an area; a broken sequence goes nowhere', async () => {
    renderWithProviders(
      <>
        <AppShortcuts />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </>,
      { route: '/alerts' },
    );
    const root = document.documentElement;
    fireEvent.keyDown(root, { key: 'g' });
    fireEvent.keyDown(root, { key: 'x' });
    fireEvent.keyDown(root, { key: 'p' });
    expect(screen.getByTestId('location').textContent).toBe('/alerts');
    const expected: [string, string][] = [
      ['p', '/projects'],
      ['m', '/merge-requests'],
      ['i', '/pipelines'],
      ['r', '/repository'],
    ];
    for (const [key, path] of expected) {
      fireEvent.keyDown(root, { key: 'g' });
      fireEvent.keyDown(root, { key });
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(path));
    }
  });

  it('the color-scheme shortcut flips the scheme the app renders', async () => {
    renderWithProviders(<AppShortcuts />);
    const before = document.documentElement.getAttribute('data-mantine-color-scheme');
    fireEvent.keyDown(document.documentElement, { key: 'j', code: 'KeyJ', ctrlKey: true });
    await waitFor(() =>
      expect(document.documentElement.getAttribute('data-mantine-color-scheme')).not.toBe(before),
    );
  });
});

describe('formatHotkey', () => {
  it('shows keys as keycaps per platform', () => {
    expect(formatHotkey('mod+K', 'other')).toEqual(['Ctrl', 'K']);
    expect(formatHotkey('mod+K', 'macos')).toEqual(['⌘', 'K']);
    expect(formatHotkey('shift+?', 'other')).toEqual(['?']);
    expect(formatHotkey('Escape', 'other')).toEqual(['Esc']);
    expect(formatHotkey('t', 'other')).toEqual(['t']);
    expect(formatHotkey('alt+shift+n', 'other')).toEqual(['Alt', 'Shift', 'N']);
    expect(displayKeys('go-projects', 'other')).toEqual([['g'], ['p']]);
    expect(displayKeys('command-palette', 'macos')).toEqual([['⌘', 'K']]);
  });
});
