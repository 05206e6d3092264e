/**
 * The file tree beside a diff: changed paths grouped into folders (GitLab's "file browser" in tree
 * mode). A folder with a single sub-folder and no files is merged with it (`src/core/deep`), as GitLab
 * does, so deep paths don't waste rows.
 */

/** One folder of the tree: its display name, full path, sub-folders and file indexes (into the diff). */
export interface TreeFolder {
  name: string;
  path: string;
  folders: TreeFolder[];
  files: { name: string; path: string; index: number }[];
}

/** One visible row of the tree, flattened for rendering: a folder or a file, at a depth. */
export type TreeRow =
  | { kind: 'folder'; path: string; name: string; depth: number; open: boolean }
  | { kind: 'file'; path: string; name: string; depth: number; index: number };

/** Build the tree of `paths` (order kept for files; folders sorted by name). Pure. */
export function buildFileTree(paths: string[]): TreeFolder {
  const root: TreeFolder = { name: '', path: '', folders: [], files: [] };
  const byPath = new Map<string, TreeFolder>([['', root]]);
  paths.forEach((path, index) => {
    const parts = path.split('/');
    const fileName = parts.pop() ?? path;
    let parent = root;
    let prefix = '';
    for (const part of parts) {
      prefix = prefix ? `${prefix}/${part}` : part;
      let folder = byPath.get(prefix);
      if (!folder) {
        folder = { name: part, path: prefix, folders: [], files: [] };
        byPath.set(prefix, folder);
        parent.folders.push(folder);
      }
      parent = folder;
    }
    parent.files.push({ name: fileName, path, index });
  });
  const compact = (folder: TreeFolder): TreeFolder => {
    let current = folder;
    while (current.path !== '' && current.files.length === 0 && current.folders.length === 1) {
      const only = current.folders[0]!;
      current = { ...only, name: `${current.name}/${only.name}` };
    }
    return {
      ...current,
      folders: current.folders.map(compact).sort((a, b) => a.name.localeCompare(b.name)),
    };
  };
  return compact(root);
}

/** The visible rows of `tree` with the folders in `closed` folded (folders first, then files). Pure. */
export function treeRows(tree: TreeFolder, closed: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (folder: TreeFolder, depth: number) => {
    for (const sub of folder.folders) {
      const open = !closed.has(sub.path);
      rows.push({ kind: 'folder', path: sub.path, name: sub.name, depth, open });
      if (open) walk(sub, depth + 1);
    }
    for (const file of folder.files)
      rows.push({ kind: 'file', path: file.path, name: file.name, depth, index: file.index });
  };
  walk(tree, 0);
  return rows;
}

/**
 * The order the tree shows `paths` in, as indexes into `paths` (folders first, by name, then files):
 * the order the diffs are listed in too (issue 30, defect 6), so reading the tree top to bottom walks
 * the diffs top to bottom. It is GitLab's diff order (Gitlab::Diff::FileCollectionSorter sorts a
 * folder's sub-folders before its files), whatever order the instance sent. Pure.
 */
export function treeOrder(paths: string[]): number[] {
  return treeRows(buildFileTree(paths), new Set()).flatMap((row) => (row.kind === 'file' ? [row.index] : []));
}
