import { Group, MultiSelect } from '@mantine/core';

/** A choice of a select: a member's id and name, or a label's name. */
type Choice = string | { value: string; label: string };

/** The values of {@link MergeRequestMetaFields}: label names and assignee / reviewer ids (as strings). */
export interface MergeRequestMetaValues {
  labels: string[];
  assigneeIds: string[];
  reviewerIds: string[];
}

/**
 * The Labels, Assignees and Reviewers pickers of the new and edit merge request dialogs (searchable,
 * clearable multi-selects; assignees and reviewers side by side). `people` lists members by id; with
 * none, the pickers say where members are added.
 */
export function MergeRequestMetaFields({
  values,
  onChange,
  labelChoices,
  people,
  miw,
}: {
  values: MergeRequestMetaValues;
  onChange: (key: keyof MergeRequestMetaValues, value: string[]) => void;
  labelChoices: Choice[];
  people: Choice[];
  /** Least width of the people pickers before they wrap under each other. */
  miw?: number;
}) {
  const peopleFields = [
    { key: 'assigneeIds', label: 'Assignees' },
    { key: 'reviewerIds', label: 'Reviewers' },
  ] as const;
  return (
    <>
      <MultiSelect
        label="Labels"
        data={labelChoices}
        value={values.labels}
        onChange={(value) => onChange('labels', value)}
        searchable
        clearable
      />
      <Group grow align="flex-start" wrap="wrap">
        {peopleFields.map(({ key, label }) => (
          <MultiSelect
            key={key}
            label={label}
            data={people}
            value={values[key]}
            onChange={(value) => onChange(key, value)}
            searchable
            clearable
            miw={miw}
            placeholder={people.length === 0 ? 'No members yet' : undefined}
            description={
              people.length === 0
                ? 'Only project and group members can be picked: add people under the project’s Settings → Members.'
                : undefined
            }
          />
        ))}
      </Group>
    </>
  );
}
