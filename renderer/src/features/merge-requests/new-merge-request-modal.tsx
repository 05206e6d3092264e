import { Group, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { labelQueries } from '../../api/labels/queries.js';
import { useCreateMergeRequest } from '../../api/merge-requests/mutations.js';
import { mergeRequestPeopleQueries } from '../../api/merge-requests/queries.js';
import { repositoryQueries } from '../../api/repository/queries.js';
import { FormModal } from '../../components/form-modal/form-modal.js';
import { MarkdownField } from '../repository/markdown-field.js';
import { MergeRequestMetaFields, type MergeRequestMetaValues } from './merge-request-meta-fields.js';

/** The title GitLab suggests for a source branch: separators as spaces, first letter capitalised. */
function titleFromBranch(branch: string): string {
  return branch.replace(/[-_/]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

/**
 * "New merge request": source and target branch, title, Markdown description, labels, assignees and
 * reviewers; `POST /projects/:id/merge_requests`. Calls `onCreated` with the new `iid`.
 * `initialSource` preselects the source branch (and suggests its title), e.g. the branch a commit
 * just created; the target starts at `defaultBranch`.
 */
export function NewMergeRequestModal({
  profileId,
  projectId,
  defaultBranch,
  initialSource = null,
  onClose,
  onCreated,
}: {
  profileId: string;
  projectId: number;
  defaultBranch: string | null;
  /** Source branch to start with (null: the user picks one). */
  initialSource?: string | null;
  onClose: () => void;
  onCreated: (iid: number) => void;
}) {
  const branches = useQuery(
    repositoryQueries.branchList(profileId, projectId, { search: '', page: 1, perPage: 100 }),
  );
  const labels = useQuery(labelQueries.options(profileId, projectId));
  const members = useQuery(mergeRequestPeopleQueries.members(profileId, projectId));
  const create = useCreateMergeRequest(profileId, projectId);
  const [source, setSource] = useState<string | null>(initialSource);
  const [target, setTarget] = useState<string | null>(defaultBranch);
  const [title, setTitle] = useState(initialSource ? titleFromBranch(initialSource) : '');
  const [description, setDescription] = useState('');
  const [meta, setMeta] = useState<MergeRequestMetaValues>({ labels: [], assigneeIds: [], reviewerIds: [] });

  const listed = (branches.data?.items ?? []).map((branch) => branch.name);
  // The first 100 branches are listed; keep the preselected ones choosable when they are not among them.
  const branchNames = [
    ...new Set([...listed, ...[initialSource, defaultBranch].filter((name): name is string => !!name)]),
  ];
  const people = (members.data ?? []).map((member) => ({
    value: String(member.id),
    label: `${member.name} (@${member.username})`,
  }));
  const sameBranch = source !== null && source === target;

  const submit = () => {
    if (!source || !target) return;
    create.mutate(
      {
        source_branch: source,
        target_branch: target,
        title: title.trim(),
        description,
        labels: meta.labels.join(','),
        assignee_ids: meta.assigneeIds.map(Number),
        reviewer_ids: meta.reviewerIds.map(Number),
      },
      { onSuccess: (mr) => onCreated(mr.iid) },
    );
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title="New merge request"
      size="lg"
      onSubmit={submit}
      busy={create.isPending}
      submitLabel="Create merge request"
      submitDisabled={!source || !target || sameBranch || title.trim() === ''}
      error={create.error}
      errorTitle="Couldn’t create the merge request"
      noValidate={false}
    >
      <Group grow align="flex-start">
        <Select
          label="Source branch"
          placeholder="Pick a branch"
          data={branchNames}
          value={source}
          onChange={(value) => {
            setSource(value);
            if (value && (title === '' || (source !== null && title === titleFromBranch(source))))
              setTitle(titleFromBranch(value));
          }}
          searchable
          required
          nothingFoundMessage="No branch matches"
        />
        <Select
          label="Target branch"
          data={branchNames}
          value={target}
          onChange={setTarget}
          searchable
          required
          error={sameBranch ? 'Pick a different branch from the source' : undefined}
        />
      </Group>
      <TextInput
        label="Title"
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
        required
      />
      <MarkdownField
        label="Description"
        value={description}
        onChange={setDescription}
        placeholder="What does this change, and why?"
      />
      <MergeRequestMetaFields
        values={meta}
        onChange={(key, value) => setMeta((current) => ({ ...current, [key]: value }))}
        labelChoices={(labels.data ?? []).map((label) => label.name)}
        people={people}
      />
    </FormModal>
  );
}
