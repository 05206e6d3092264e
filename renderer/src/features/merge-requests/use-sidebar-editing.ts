import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { labelQueries } from '../../api/labels/queries.js';
import { useUpdateMergeRequest } from '../../api/merge-requests/mutations.js';
import { mergeRequestPeopleQueries } from '../../api/merge-requests/queries.js';
import type { MergeRequestDetail } from '../../api/merge-requests/types.js';
import type { ThreadTarget } from './discussion-thread.js';

/** What the Overview's sidebar edits in place. */
export type SidebarField = 'labels' | 'assignees' | 'reviewers';

/**
 * State of the Overview sidebar's in-place editors: which field is open, its selection (label names or
 * user ids), its choices (the project's labels plus the current ones; the project's members — each list
 * fetched only while its editor is open), and saving it with `PUT …/merge_requests/:iid` (`labels` as a
 * comma list, `assignee_ids`, `reviewer_ids`).
 */
export function useSidebarEditing(mr: MergeRequestDetail, target: ThreadTarget) {
  const { profileId, projectId, iid } = target;
  const update = useUpdateMergeRequest(profileId, projectId, iid);
  const [editing, setEditing] = useState<SidebarField | null>(null);
  const [selection, setSelection] = useState<string[]>([]);
  const labels = useQuery({ ...labelQueries.options(profileId, projectId), enabled: editing === 'labels' });
  const members = useQuery({
    ...mergeRequestPeopleQueries.members(profileId, projectId),
    enabled: editing === 'assignees' || editing === 'reviewers',
  });
  const labelNames = mr.labels.map((label) => (typeof label === 'string' ? label : label.name));

  return {
    editing,
    selection,
    setSelection,
    update,
    /** The open editor's choices. */
    choices:
      editing === 'labels'
        ? Array.from(new Set([...(labels.data ?? []).map((label) => label.name), ...labelNames]))
        : (members.data ?? []).map((member) => ({ value: String(member.id), label: member.name })),
    startEditing: (what: SidebarField) => {
      setEditing(what);
      setSelection(
        what === 'labels'
          ? labelNames
          : (what === 'assignees' ? mr.assignees : mr.reviewers).map((user) => String(user.id)),
      );
    },
    cancel: () => setEditing(null),
    save: () => {
      const input =
        editing === 'labels'
          ? { labels: selection.join(',') }
          : editing === 'assignees'
            ? { assignee_ids: selection.map(Number) }
            : { reviewer_ids: selection.map(Number) };
      update.mutate(input, { onSuccess: () => setEditing(null) });
    },
  };
}
