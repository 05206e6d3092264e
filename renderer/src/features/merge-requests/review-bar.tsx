/**
 * The pending review of the signed-in user on a merge request (doc/user/project/merge_requests/reviews/
 * index.md "Submit a review"): "N pending comments", "Submit review" (an optional summary comment, and
 * "Approve" where the user may approve) and "Discard review". Drawn only when the instance has draft
 * notes (FeatureId `merge-request-draft-notes`) and the user has drafts.
 */
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useFeatureAvailability } from '../../api/capabilities/capabilities.js';
import { describeError } from '../../api/describe-error.js';
import { useDiscardReview, useDraftNotes, useSubmitReview } from '../../api/merge-requests/draft-notes.js';
import type { ThreadTarget } from './discussion-thread.js';

export function ReviewBar({ target, canApprove }: { target: ThreadTarget; canApprove: boolean }) {
  const available = useFeatureAvailability('merge-request-draft-notes').status === 'available';
  const drafts = useDraftNotes(target.profileId, target.projectId, target.iid, available);
  const submit = useSubmitReview(target.profileId, target.projectId, target.iid);
  const discard = useDiscardReview(target.profileId, target.projectId, target.iid);
  const [open, setOpen] = useState(false);
  const [summary, setSummary] = useState('');
  const [approve, setApprove] = useState(false);
  const count = drafts.data?.length ?? 0;
  if (!available || count === 0) return null;

  return (
    <Paper withBorder p="sm" data-testid="mr-review-bar" bg="var(--mantine-color-blue-light)">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm" fw={600} data-testid="mr-review-pending">
            {count} pending {count === 1 ? 'comment' : 'comments'}
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              loading={discard.isPending}
              onClick={() => discard.mutate(drafts.data ?? [])}
            >
              Discard review
            </Button>
            <Button size="xs" onClick={() => setOpen((o) => !o)}>
              Submit review
            </Button>
          </Group>
        </Group>
        {open ? (
          <Stack gap="xs">
            <Textarea
              aria-label="Summary comment"
              placeholder="Summary comment (optional, Markdown)"
              autosize
              minRows={2}
              value={summary}
              onChange={(event) => setSummary(event.currentTarget.value)}
            />
            {canApprove ? (
              <Checkbox
                label="Approve this merge request"
                checked={approve}
                onChange={(event) => setApprove(event.currentTarget.checked)}
              />
            ) : null}
            <Group justify="flex-end">
              <Button
                size="xs"
                loading={submit.isPending}
                data-testid="mr-review-submit"
                onClick={() =>
                  submit.mutate(
                    { summary, approve: canApprove && approve },
                    {
                      onSuccess: () => {
                        setOpen(false);
                        setSummary('');
                        setApprove(false);
                      },
                    },
                  )
                }
              >
                Submit review
              </Button>
            </Group>
          </Stack>
        ) : null}
        {submit.error ? <Alert color="red">{describeError(submit.error)}</Alert> : null}
        {discard.error ? <Alert color="red">{describeError(discard.error)}</Alert> : null}
      </Stack>
    </Paper>
  );
}
