import { Select, type ComboboxItem, type ComboboxItemGroup } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconGitBranch, IconGitCommit, IconTag } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { repositoryQueries } from '../../api/repository/queries.js';
import { useShortcut } from '../../app/shortcuts/use-shortcut.js';

/** Props of {@link RefSwitcher}. */
export interface RefSwitcherProps {
  profileId: string;
  projectId: number;
  value: string;
  onChange: (ref: string) => void;
  /** Register the `b` shortcut that opens the switcher (default true). */
  withHotkey?: boolean;
}

type RefKind = 'branch' | 'tag' | 'ref';

const LIST_SIZE = 100;

function optionValue(kind: RefKind, name: string): string {
  return `${kind}:${name}`;
}

function parseOptionValue(value: string): { kind: RefKind; name: string } {
  const colon = value.indexOf(':');
  return { kind: value.slice(0, colon) as RefKind, name: value.slice(colon + 1) };
}

/**
 * Searchable branch/tag switcher: the first 100 branches and tags, grouped, filtered as you type
 * (and asked of the instance when a list has more). `b` focuses it, which opens the list.
 */
export function RefSwitcher({ profileId, projectId, value, onChange, withHotkey = true }: RefSwitcherProps) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const inputRef = useRef<HTMLInputElement>(null);
  useShortcut('ref-switcher', () => inputRef.current?.focus(), withHotkey);

  const allBranches = useQuery(
    repositoryQueries.branchList(profileId, projectId, { search: '', page: 1, perPage: LIST_SIZE }),
  );
  const allTags = useQuery(
    repositoryQueries.tagList(profileId, projectId, {
      search: '',
      page: 1,
      perPage: LIST_SIZE,
      orderBy: 'updated',
      sort: 'desc',
    }),
  );
  // Long lists: also ask the instance, so refs past the first hundred can be found.
  const term = debounced.trim();
  const searchServer =
    opened &&
    term !== '' &&
    term !== value &&
    (allBranches.data?.nextPage != null || allTags.data?.nextPage != null);
  const foundBranches = useQuery({
    ...repositoryQueries.branchList(profileId, projectId, { search: term, page: 1, perPage: LIST_SIZE }),
    enabled: searchServer,
  });
  const foundTags = useQuery({
    ...repositoryQueries.tagList(profileId, projectId, {
      search: term,
      page: 1,
      perPage: LIST_SIZE,
      orderBy: 'updated',
      sort: 'desc',
    }),
    enabled: searchServer,
  });

  const branchNames = new Set([
    ...(allBranches.data?.items ?? []).map((branch) => branch.name),
    ...(searchServer ? (foundBranches.data?.items ?? []).map((branch) => branch.name) : []),
  ]);
  const tagNames = new Set([
    ...(allTags.data?.items ?? []).map((tag) => tag.name),
    ...(searchServer ? (foundTags.data?.items ?? []).map((tag) => tag.name) : []),
  ]);
  const currentKind: RefKind = branchNames.has(value) ? 'branch' : tagNames.has(value) ? 'tag' : 'ref';

  const data: ComboboxItemGroup<ComboboxItem>[] = [];
  if (currentKind === 'ref' && value) {
    data.push({ group: 'Commit', items: [{ value: optionValue('ref', value), label: value }] });
  }
  data.push({
    group: 'Branches',
    items: [...branchNames].map((name) => ({ value: optionValue('branch', name), label: name })),
  });
  if (tagNames.size > 0) {
    data.push({
      group: 'Tags',
      items: [...tagNames].map((name) => ({ value: optionValue('tag', name), label: name })),
    });
  }

  const Icon = currentKind === 'branch' ? IconGitBranch : currentKind === 'tag' ? IconTag : IconGitCommit;

  return (
    <Select
      ref={inputRef}
      aria-label="Branch or tag"
      data-testid="ref-switcher"
      data={data}
      value={optionValue(currentKind, value)}
      onChange={(next) => {
        if (!next) return;
        setOpened(false);
        const { name } = parseOptionValue(next);
        if (name !== value) onChange(name);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      allowDeselect={false}
      nothingFoundMessage="No branch or tag matches"
      leftSection={<Icon size={16} stroke={1.8} />}
      maxDropdownHeight={360}
      comboboxProps={{ width: 300, position: 'bottom-start', withinPortal: true }}
      w={220}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      onFocus={(event) => event.currentTarget.select()}
    />
  );
}
