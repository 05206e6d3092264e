import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { trimSlashes } from '../../api/repository/file-path.js';
import { repositoryQueries } from '../../api/repository/queries.js';
import { useShortcut } from '../../app/shortcuts/use-shortcut.js';
import { useRepository } from './repository-context.js';
import { filterTreeEntries, sortTreeEntries } from './tree-entries.js';
import { useRefIsBranch } from './use-ref-is-branch.js';
import { useLinkRef } from './use-switch-ref.js';

const README = /^readme(\.(md|markdown))?$/i;

/**
 * State of the file tree screen: the folder from the address (`/…/tree/<path>`), its listing at the
 * current ref (`GET …/repository/tree`, not asked for an empty repository), folders first, the name
 * filter (reset when the folder changes; `t` focuses it) and the folder's README, if any.
 */
export function useFileTreeState() {
  const { profileId, projectId, ref, empty } = useRepository();
  const linkRef = useLinkRef();
  const isBranch = useRefIsBranch();
  const path = trimSlashes(useParams()['*'] ?? '');
  const [filter, setFilter] = useState('');
  // The filter belongs to one folder: opening another (or going back) starts unfiltered.
  const [filterPath, setFilterPath] = useState(path);
  if (filterPath !== path) {
    setFilterPath(path);
    setFilter('');
  }
  const filterRef = useRef<HTMLInputElement>(null);
  useShortcut('files-filter', () => filterRef.current?.focus());

  const tree = useQuery({ ...repositoryQueries.tree(profileId, projectId, ref, path), enabled: !empty });
  const sorted = useMemo(() => sortTreeEntries(tree.data?.entries ?? []), [tree.data]);
  const shown = filterTreeEntries(sorted, filter);
  const readme = sorted.find((entry) => entry.type === 'blob' && README.test(entry.name));
  return { path, linkRef, isBranch, filter, setFilter, filterRef, tree, shown, readme };
}
