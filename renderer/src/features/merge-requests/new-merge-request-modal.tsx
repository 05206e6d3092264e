import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { describeError } from '../../api/describe-error.js';
import { labelQueries } from '../../api/labels/queries.js';
import { useCreateMergeRequest } from '../../api/merge-requests/mutations.js';
import { mergeRequestPeopleQueries } from '../../api/merge-requests/queries.js';
import { repositoryQueries } from '../../api/repository/queries.js';
import { MarkdownField } from '../repository/markdown-field.js';

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
  const [labelNames, setLabelNames] = useState<string[]>([]);
  const [assignees, setAssignees] = useState<string[]>([]);
  const [reviewers, setReviewers] = useState<string[]>([]);

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

  return (
    <Modal opened onClose={() => !create.isPending && onClose()} title="New merge request" size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!source || !target) return;
          create.mutate(
            {
              source_branch: source,
              target_branch: target,
              title: title.trim(),
              description,
              labels: labelNames.join(','),
              assignee_ids: assignees.map(Number),
              reviewer_ids: reviewers.map(Number),
            },
            { onSuccess: (mr) => onCreated(mr.iid) },
          );
        }}
      >
        <Stack>
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
          <MultiSelect
            label="Labels"
            data={(labels.data ?? []).map((label) => label.name)}
            value={labelNames}
            onChange={setLabelNames}
            searchable
            clearable
          />
          <Group grow align="flex-start">
            <MultiSelect
              label="Assignees"
              data={people}
              value={assignees}
              onChange={setAssignees}
              searchable
              clearable
            />
            <MultiSelect
              label="Reviewers"
              data={people}
              value={reviewers}
              onChange={setReviewers}
              searchable
              clearable
            />
          </Group>
          {create.error ? (
            <Alert color="red" icon={<IconAlertCircle size={16} />} title="Couldn’t create the merge request">
              {describeError(create.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={create.isPending}
              disabled={!source || !target || sameBranch || title.trim() === ''}
            >
              Create merge request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
