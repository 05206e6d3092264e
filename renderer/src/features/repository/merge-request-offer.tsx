import { Alert, Button, Group, Text } from '@mantine/core';
import { IconGitPullRequest } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { mergeRequestRoute } from '../merge-requests/merge-request-paths.js';
import { NewMergeRequestModal } from '../merge-requests/new-merge-request-modal.js';
import { useRepository } from './repository-context.js';

/** Navigation state a commit screen leaves when it created `branch`: the next screen offers an MR. */
export interface MergeRequestOfferState {
  offerMergeRequest: string;
}

/** The branch a commit just created, if the navigation that led here says so (else null). */
export function offeredBranch(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const branch = (state as Partial<MergeRequestOfferState>).offerMergeRequest;
  return typeof branch === 'string' && branch !== '' ? branch : null;
}

/**
 * After a commit to a new branch (GitLab's "You pushed to … Create merge request" banner): a banner
 * with "Create merge request", which opens the merge requests' own creation dialog with that branch as
 * the source and the default branch as the target; the new merge
 * request opens once created. Shown only while the branch that was created is the one browsed.
 */
export function MergeRequestOffer() {
  const { profileId, projectId, ref, defaultBranch } = useRepository();
  const location = useLocation();
  const navigate = useNavigate();
  const branch = offeredBranch(location.state);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  if (!branch || branch !== ref || dismissed === branch) return null;
  return (
    <>
      <Alert
        color="blue"
        variant="light"
        icon={<IconGitPullRequest size={18} />}
        withCloseButton
        closeButtonLabel="Dismiss"
        onClose={() => setDismissed(branch)}
        data-testid="merge-request-offer"
        py="xs"
      >
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            You committed to the new branch <b>{branch}</b>. Propose it for{' '}
            {defaultBranch || 'the default branch'}?
          </Text>
          <Button size="xs" leftSection={<IconGitPullRequest size={14} />} onClick={() => setCreating(true)}>
            Create merge request
          </Button>
        </Group>
      </Alert>
      {creating ? (
        <NewMergeRequestModal
          profileId={profileId}
          projectId={projectId}
          defaultBranch={defaultBranch || null}
          initialSource={branch}
          onClose={() => setCreating(false)}
          onCreated={(iid) => navigate(mergeRequestRoute(projectId, iid))}
        />
      ) : null}
    </>
  );
}
