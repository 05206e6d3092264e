import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useDeleteLabel, usePromoteLabel, useSubscribeLabel } from '../../api/labels/mutations.js';
import { labelQueries } from '../../api/labels/queries.js';
import type { Label } from '../../api/labels/types.js';
import { projectQueries } from '../../api/projects/queries.js';
import { useActiveProfile } from '../../app/active-profile.js';

const PER_PAGE = 20;

/**
 * State of the labels page (`/merge-requests/:projectId/labels`): the search box (debounced 250 ms, back
 * to page 1 on typing), the page of labels (`GET /projects/:id/labels?with_counts=true`, 20 a page), the
 * label being edited ('new' for the create dialog), deleted or promoted, and the subscribe, delete and
 * promote mutations. `inGroup`: the project is in a group, so labels can be promoted.
 */
export function useLabelsPageState() {
  const profile = useActiveProfile();
  const projectId = Number(useParams().projectId);
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 250);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Label | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Label | null>(null);
  const [promoting, setPromoting] = useState<Label | null>(null);
  const project = useQuery(projectQueries.detail(profile.id, projectId));
  const labels = useQuery(labelQueries.list(profile.id, projectId, { search, page, perPage: PER_PAGE }));
  const subscribe = useSubscribeLabel(profile.id, projectId);
  const remove = useDeleteLabel(profile.id, projectId);
  const promote = usePromoteLabel(profile.id, projectId);

  return {
    profileId: profile.id,
    projectId,
    project,
    searchInput,
    /** Types in the search box and goes back to page 1. */
    typeSearch: (value: string) => {
      setSearchInput(value);
      setPage(1);
    },
    search,
    setPage,
    labels,
    inGroup: project.data?.namespace?.kind === 'group',
    editing,
    setEditing,
    deleting,
    setDeleting,
    promoting,
    setPromoting,
    subscribe,
    remove,
    promote,
  };
}
