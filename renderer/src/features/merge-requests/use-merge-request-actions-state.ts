import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { describeError } from '../../api/describe-error.js';
import { useInstanceCapabilities } from '../../api/capabilities/capabilities.js';
import {
  useAddMergeRequestTodo,
  useCancelAutoMerge,
  useRebaseMergeRequest,
  useSubscribeMergeRequest,
  useUpdateMergeRequest,
} from '../../api/merge-requests/mutations.js';
import type { MergeRequestApprovals, MergeRequestDetail } from '../../api/merge-requests/types.js';
import type { ThreadTarget } from './discussion-thread.js';
import { draftTitle, readyTitle } from './draft-title.js';
import {
  autoMergeOffer,
  autoMergeParameter,
  describeMergeRefusal,
  mergeBlockedReason,
  mergeStatusSource,
} from './merge-readiness.js';
import { isDraft } from './merge-request-badges.js';

/** An `onError` that shows a red notification titled `title` with the error's description. */
const notifyError = (title: string) => (error: Error) =>
  notifications.show({ color: 'red', title, message: describeError(error) });

/**
 * State of the review screen's actions: the update (`PUT …/merge_requests/:iid`: draft/ready by the
 * title's `Draft: ` prefix, close, reopen), rebase (`PUT …/rebase`, then a notification once the detail's
 * `rebase_in_progress` turns false: success, or `merge_error`), subscribe and to-do mutations, why Merge
 * is blocked (from `detailed_merge_status` on GitLab 15.6+, `merge_status` before), whether auto-merge
 * can be set (with `auto_merge` on 17.11+, `merge_when_pipeline_succeeds` before) or cancelled, and
 * which dialog (edit, merge) is open. The instance's capabilities come from the profile
 * (`useInstanceCapabilities`), never from a trial request.
 */
export function useMergeRequestActionsState(
  mr: MergeRequestDetail,
  target: ThreadTarget,
  approvals: MergeRequestApprovals | null | undefined,
) {
  const { profileId, projectId, iid } = target;
  const rebase = useRebaseMergeRequest(profileId, projectId, iid);
  const update = useUpdateMergeRequest(profileId, projectId, iid);
  const subscribe = useSubscribeMergeRequest(profileId, projectId, iid);
  const todo = useAddMergeRequestTodo(profileId, projectId, iid);
  const cancelAutoMerge = useCancelAutoMerge(profileId, projectId, iid);
  const { capabilities } = useInstanceCapabilities();
  const source = mergeStatusSource(capabilities);
  const [merging, setMerging] = useState(false);
  const [editing, setEditing] = useState(false);
  const [rebaseWatch, setRebaseWatch] = useState(false);
  const sawProgress = useRef(false);

  // Rebase progress: the detail query polls while `rebase_in_progress`; report once it turns false.
  useEffect(() => {
    if (!rebaseWatch) return;
    if (mr.rebase_in_progress) {
      sawProgress.current = true;
      return;
    }
    if (!sawProgress.current && rebase.isPending) return;
    setRebaseWatch(false);
    sawProgress.current = false;
    if (mr.merge_error) {
      notifications.show({ color: 'red', title: 'Rebase failed', message: mr.merge_error });
    } else {
      notifications.show({
        color: 'green',
        title: 'Rebased',
        message: `${mr.source_branch} is now on top of ${mr.target_branch}.`,
      });
    }
  }, [
    rebaseWatch,
    mr.rebase_in_progress,
    mr.merge_error,
    mr.source_branch,
    mr.target_branch,
    rebase.isPending,
  ]);

  return {
    update,
    draft: isDraft(mr),
    open: mr.state === 'opened',
    blocked: mergeBlockedReason(mr, approvals ?? null, source),
    autoMerge: autoMergeOffer(mr, approvals ?? null, source, autoMergeParameter(capabilities)),
    cancelAutoMerge,
    /** `POST …/cancel_merge_when_pipeline_succeeds`; a refusal is shown as GitLab's sentence. */
    cancelAuto: () =>
      cancelAutoMerge.mutate(undefined, {
        onSuccess: () => notifications.show({ color: 'green', message: 'Auto-merge was cancelled.' }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Couldn’t cancel auto-merge',
            message: describeMergeRefusal(error, mr, true),
          }),
      }),
    rebasing: rebaseWatch || Boolean(mr.rebase_in_progress),
    /** Marks the merge request as a draft, or as ready (the title's `Draft: ` prefix). */
    setDraft: (toDraft: boolean) =>
      update.mutate(
        { title: toDraft ? draftTitle(mr.title) : readyTitle(mr.title) },
        { onError: notifyError(toDraft ? 'Couldn’t mark it as a draft' : 'Couldn’t mark it as ready') },
      ),
    startRebase: () => {
      setRebaseWatch(true);
      rebase.mutate(
        {},
        {
          onError: (error) => {
            setRebaseWatch(false);
            notifyError('Couldn’t rebase')(error);
          },
        },
      );
    },
    toggleSubscription: () =>
      subscribe.mutate(!mr.subscribed, { onError: notifyError('Couldn’t change the subscription') }),
    addTodo: () =>
      todo.mutate(undefined, {
        onSuccess: () => notifications.show({ color: 'green', message: 'Added to your to-do list.' }),
        onError: notifyError('Couldn’t add a to-do'),
      }),
    editing,
    setEditing,
    merging,
    setMerging,
  };
}
