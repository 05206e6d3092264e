import { Alert, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../api/api-error.js';
import { describeError } from '../../api/describe-error.js';
import { labelQueries } from '../../api/labels/queries.js';
import { useUpdateMergeRequest, type UpdateMergeRequestInput } from '../../api/merge-requests/mutations.js';
import { mergeRequestPeopleQueries } from '../../api/merge-requests/queries.js';
import type { MergeRequestApprovals, MergeRequestDetail } from '../../api/merge-requests/types.js';
import { repositoryQueries } from '../../api/repository/queries.js';
import { FormModal } from '../../components/form-modal/form-modal.js';
import { MarkdownField } from '../repository/markdown-field.js';
import type { ThreadTarget } from './discussion-thread.js';
import { draftTitle, isDraftTitle, readyTitle } from './draft-title.js';
import { MergeRequestMetaFields, type MergeRequestMetaValues } from './merge-request-meta-fields.js';

/** The form's values: ids as strings (Mantine's selects), milestone null when none. */
export interface MergeRequestFormValues extends MergeRequestMetaValues {
  title: string;
  description: string;
  milestoneId: string | null;
  targetBranch: string;
}

/** The form's starting values, read from the merge request. */
export function formValuesOf(mr: MergeRequestDetail): MergeRequestFormValues {
  return {
    title: mr.title,
    description: mr.description ?? '',
    labels: mr.labels.map((label) => (typeof label === 'string' ? label : label.name)),
    assigneeIds: mr.assignees.map((user) => String(user.id)),
    reviewerIds: mr.reviewers.map((user) => String(user.id)),
    milestoneId: mr.milestone ? String(mr.milestone.id) : null,
    targetBranch: mr.target_branch,
  };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((value) => b.includes(value));

/**
 * The `PUT /projects/:id/merge_requests/:iid` body for what changed between `before` and `after`:
 * only changed fields are sent, so a save never overwrites someone else's edit of another field.
 * `labels` is a comma list (empty clears), `milestone_id` 0 unsets. Empty when nothing changed.
 */
export function changedFields(
  before: MergeRequestFormValues,
  after: MergeRequestFormValues,
): UpdateMergeRequestInput {
  const input: UpdateMergeRequestInput = {};
  if (after.title !== before.title) input.title = after.title;
  if (after.description !== before.description) input.description = after.description;
  if (!sameSet(after.labels, before.labels)) input.labels = after.labels.join(',');
  if (!sameSet(after.assigneeIds, before.assigneeIds)) input.assignee_ids = after.assigneeIds.map(Number);
  if (!sameSet(after.reviewerIds, before.reviewerIds)) input.reviewer_ids = after.reviewerIds.map(Number);
  if (after.milestoneId !== before.milestoneId) input.milestone_id = Number(after.milestoneId ?? 0);
  if (after.targetBranch !== before.targetBranch) input.target_branch = after.targetBranch;
  return input;
}

/** What a merge request's dialogs (edit, merge) are given: the merge request, its address, and close. */
export interface MergeRequestDialogProps {
  mr: MergeRequestDetail;
  target: ThreadTarget;
  onClose: () => void;
}

/** What the review screen's action bar and sidebar are given: the merge request, its address, approvals. */
export interface MergeRequestPanelProps {
  mr: MergeRequestDetail;
  target: ThreadTarget;
  /** Undefined while loading; null when the instance has no approvals API. */
  approvals: MergeRequestApprovals | null | undefined;
}

/**
 * "Edit merge request": title (with GitLab's "Mark as draft" checkbox, which edits the `Draft: `
 * prefix), Markdown description, labels, assignees, reviewers, milestone and target branch. Saves the
 * changed fields with one `PUT`; the core's validation messages show under their field, others above
 * the buttons, and the form stays open with the values typed.
 */
export function EditMergeRequestModal({ mr, target, onClose }: MergeRequestDialogProps) {
  const { profileId, projectId, iid } = target;
  const update = useUpdateMergeRequest(profileId, projectId, iid);
  const labels = useQuery(labelQueries.options(profileId, projectId));
  const members = useQuery(mergeRequestPeopleQueries.members(profileId, projectId));
  const milestones = useQuery(mergeRequestPeopleQueries.milestones(profileId, projectId));
  const branches = useQuery(
    repositoryQueries.branchList(profileId, projectId, { search: '', page: 1, perPage: 100 }),
  );
  const [initial] = useState(() => formValuesOf(mr));
  const [values, setValues] = useState(initial);
  const set = <K extends keyof MergeRequestFormValues>(key: K, value: MergeRequestFormValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    if (update.error) update.reset();
  };

  // The current choices stay selectable even when the lists don't carry them (a closed milestone,
  // a member who left, a label beyond the first 100).
  const labelChoices = Array.from(
    new Set([...(labels.data ?? []).map((label) => label.name), ...initial.labels]),
  );
  const people = new Map<string, string>();
  for (const user of [...mr.assignees, ...mr.reviewers]) people.set(String(user.id), user.name);
  for (const member of members.data ?? [])
    people.set(String(member.id), `${member.name} (@${member.username})`);
  const peopleChoices = [...people].map(([value, label]) => ({ value, label }));
  const milestoneChoices = (milestones.data ?? []).map((m) => ({ value: String(m.id), label: m.title }));
  if (mr.milestone && !milestoneChoices.some((m) => m.value === String(mr.milestone!.id)))
    milestoneChoices.unshift({ value: String(mr.milestone.id), label: mr.milestone.title });
  const branchChoices = Array.from(
    new Set([...(branches.data?.items ?? []).map((branch) => branch.name), initial.targetBranch]),
  ).filter((name) => name !== mr.source_branch);

  const fieldErrors = update.error instanceof ApiError ? update.error.fieldErrors : {};
  const fieldError = (field: string) => fieldErrors[field]?.join(', ');
  const shownInFields = ['title', 'description'].filter((field) => fieldErrors[field]);
  const changes = changedFields(initial, values);
  const unchanged = Object.keys(changes).length === 0;

  return (
    <FormModal
      opened
      onClose={onClose}
      title={`Edit ${mr.references.short}`}
      size="lg"
      formTestId="mr-edit-form"
      onSubmit={() => {
        if (unchanged) return onClose();
        update.mutate(changes, { onSuccess: onClose });
      }}
      busy={update.isPending}
      submitLabel="Save changes"
      submitDisabled={unchanged}
      noValidate={false}
    >
      <TextInput
        label="Title"
        value={values.title}
        onChange={(event) => set('title', event.currentTarget.value)}
        error={fieldError('title') ? `Title ${fieldError('title')}` : undefined}
        required
        data-autofocus
      />
      <Checkbox
        label="Mark as draft"
        description="A draft can’t be merged. GitLab keeps this as a “Draft:” prefix of the title."
        checked={isDraftTitle(values.title)}
        onChange={(event) =>
          set('title', event.currentTarget.checked ? draftTitle(values.title) : readyTitle(values.title))
        }
      />
      <Stack gap={4}>
        <MarkdownField
          label="Description"
          value={values.description}
          onChange={(value) => set('description', value)}
        />
        {fieldError('description') ? (
          <Text size="xs" c="red">
            Description {fieldError('description')}
          </Text>
        ) : null}
      </Stack>
      <MergeRequestMetaFields
        values={values}
        onChange={set}
        labelChoices={labelChoices}
        people={peopleChoices}
        miw={200}
      />
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label="Milestone"
          placeholder="No milestone"
          data={milestoneChoices}
          value={values.milestoneId}
          onChange={(value) => set('milestoneId', value)}
          searchable
          clearable
          nothingFoundMessage="No milestone matches"
          miw={200}
        />
        <Select
          label="Target branch"
          data={branchChoices}
          value={values.targetBranch}
          onChange={(value) => value && set('targetBranch', value)}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No branch matches"
          miw={200}
        />
      </Group>
      {update.error && shownInFields.length === 0 ? (
        <Alert
          color="red"
          icon={<IconAlertCircle size={16} />}
          title="Couldn’t save the merge request"
          data-testid="mr-edit-error"
        >
          {describeError(update.error)}
        </Alert>
      ) : null}
    </FormModal>
  );
}
