import type { TreeEntry } from '../../api/repository/types.js';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const RANK: Record<TreeEntry['type'], number> = { tree: 0, commit: 1, blob: 2 };

/** Folders first, then submodules, then files; each group by name (natural order, case-insensitive). */
export function sortTreeEntries(entries: readonly TreeEntry[]): TreeEntry[] {
  return [...entries].sort((a, b) => RANK[a.type] - RANK[b.type] || collator.compare(a.name, b.name));
}

/** Entries whose name contains `text` (case-insensitive); all of them for a blank filter. */
export function filterTreeEntries(entries: readonly TreeEntry[], text: string): TreeEntry[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [...entries];
  return entries.filter((entry) => entry.name.toLowerCase().includes(needle));
}
