/**
 * A suggested change drawn as GitLab draws it (doc/user/project/merge_requests/reviews/suggestions.md):
 * the lines it replaces struck through, the new lines after, and "Apply suggestion", "Add to batch" /
 * "Remove from batch" and, once a batch holds suggestions, "Apply N suggestions" (one commit through
 * `PUT /suggestions/batch_apply`). Applied or inapplicable suggestions show why no button is offered.
 */
import { Alert, Badge, Box, Button, Group, Paper, Text } from '@mantine/core';
import { describeError } from '../../api/describe-error.js';
import { useApplySuggestions, type Suggestion } from '../../api/merge-requests/suggestions.js';
import type { ThreadTarget } from './discussion-thread.js';
import { batchKey, useSuggestionBatchStore } from './suggestion-batch-store.js';
import { contentLines } from './suggestion-markdown.js';

const EMPTY: number[] = [];

export function SuggestionBlock({ suggestion, target }: { suggestion: Suggestion; target: ThreadTarget }) {
  const key = batchKey(target.profileId, target.projectId, target.iid);
  const batch = useSuggestionBatchStore((s) => s.batches[key] ?? EMPTY);
  const toggled = useSuggestionBatchStore((s) => s.toggled);
  const cleared = useSuggestionBatchStore((s) => s.cleared);
  const apply = useApplySuggestions(target.profileId, target.projectId, target.iid);
  const inBatch = batch.includes(suggestion.id);
  const from = contentLines(suggestion.from_content);
  const to = contentLines(suggestion.to_content);
  const lineLabel =
    suggestion.from_line === suggestion.to_line
      ? `line ${suggestion.from_line}`
      : `lines ${suggestion.from_line}–${suggestion.to_line}`;

  return (
    <Paper withBorder radius="sm" data-testid="mr-suggestion">
      <Group justify="space-between" px="xs" py={4} gap="xs">
        <Text size="xs" c="dimmed">
          Suggested change to {lineLabel}
        </Text>
        {suggestion.applied ? (
          <Badge color="green" variant="light" size="sm">
            Applied
          </Badge>
        ) : !suggestion.appliable ? (
          <Badge
            color="gray"
            variant="light"
            size="sm"
            title="The lines changed, or the merge request is not open"
          >
            Can't apply
          </Badge>
        ) : null}
      </Group>
      <Box ff="monospace" fz="xs" style={{ overflowX: 'auto' }}>
        {from.map((line, i) => (
          <Box
            key={`old-${i}`}
            px="xs"
            bg="var(--mantine-color-red-light)"
            data-testid="mr-suggestion-old"
            style={{ whiteSpace: 'pre' }}
          >
            <del aria-label={`Removed: ${line}`}>- {line}</del>
          </Box>
        ))}
        {to.map((line, i) => (
          <Box
            key={`new-${i}`}
            px="xs"
            bg="var(--mantine-color-green-light)"
            data-testid="mr-suggestion-new"
            style={{ whiteSpace: 'pre' }}
          >
            + {line}
          </Box>
        ))}
      </Box>
      {suggestion.appliable ? (
        <Group gap="xs" justify="flex-end" p="xs">
          {batch.length > 0 ? (
            <>
              <Button size="compact-sm" variant="default" onClick={() => toggled(key, suggestion.id)}>
                {inBatch ? 'Remove from batch' : 'Add to batch'}
              </Button>
              <Button
                size="compact-sm"
                loading={apply.isPending}
                onClick={() => apply.mutate({ ids: batch }, { onSuccess: () => cleared(key) })}
              >
                Apply {batch.length} {batch.length === 1 ? 'suggestion' : 'suggestions'}
              </Button>
            </>
          ) : (
            <>
              <Button size="compact-sm" variant="default" onClick={() => toggled(key, suggestion.id)}>
                Add to batch
              </Button>
              <Button
                size="compact-sm"
                loading={apply.isPending}
                onClick={() => apply.mutate({ ids: [suggestion.id] })}
              >
                Apply suggestion
              </Button>
            </>
          )}
        </Group>
      ) : null}
      {apply.error ? (
        <Alert color="red" m="xs">
          {describeError(apply.error)}
        </Alert>
      ) : null}
    </Paper>
  );
}
