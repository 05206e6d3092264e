import { createSpotlight } from '@mantine/spotlight';

/**
 * The command palette's own Spotlight store and its open/close/toggle actions (`palette.open()`), so
 * the palette can move its selection when results arrive (Mantine selects the first action only on a
 * query change, before asynchronous results exist).
 */
export const [paletteStore, palette] = createSpotlight();

/**
 * Marks the first action of the open palette as selected, as Mantine's own `selectAction(0)` does
 * (the `data-selected` attribute on the first `[data-action]` of the list, and `selected: 0` in the
 * store), so Enter opens it and ArrowDown moves to the second. No-op when the list is not rendered or
 * empty.
 */
export function selectFirstPaletteAction(): void {
  const { listId } = paletteStore.getState();
  const list = listId ? document.getElementById(listId) : null;
  const actions = list?.querySelectorAll('[data-action]');
  if (!list || !actions || actions.length === 0) return;
  for (const selected of Array.from(list.querySelectorAll('[data-selected]')))
    selected.removeAttribute('data-selected');
  actions[0]?.setAttribute('data-selected', 'true');
  paletteStore.updateState((state) => ({ ...state, selected: 0 }));
}
