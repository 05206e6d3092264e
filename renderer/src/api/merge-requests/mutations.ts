import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiSend } from '../client.js';
import { pipelineKeys } from '../pipelines/keys.js';
import { repositoryKeys } from '../repository/keys.js';
import { mergeRequestKeys } from './keys.js';
import { mergeRequestPath } from './queries.js';
import type { DiffPosition, Discussion, MergeRequest, MergeRequestDetail } from './types.js';
import { todoKeys } from '../todos/keys.js';

/** Every list that could show a merge request of the project: the project's and "mine". */
function mergeRequestLists(profileId: string, projectId: number) {
  return [mergeRequestKeys.lists(profileId, projectId), mergeRequestKeys.lists(profileId, 'mine')];
}

/** One merge request (every sub-key) and every list that could show it. */
function mergeRequestAndLists(profileId: string, projectId: number, iid: number) {
  return [mergeRequestKeys.detail(profileId, projectId, iid), ...mergeRequestLists(profileId, projectId)];
}

/** Store a returned merge request on the detail, keeping fields only the single read has. */
function storeDetail(
  queryClient: QueryClient,
  profileId: string,
  projectId: number,
  iid: number,
  mr: Partial<MergeRequestDetail>,
) {
  queryClient.setQueryData<MergeRequestDetail>(
    mergeRequestKeys.detail(profileId, projectId, iid),
    (previous) => (previous ? { ...previous, ...mr } : undefined),
  );
}

/** Body of `POST /projects/:id/merge_requests`. */
export interface CreateMergeRequestInput {
  source_branch: string;
  target_branch: string;
  title: string;
  description?: string;
  labels?: string;
  assignee_ids?: number[];
  reviewer_ids?: number[];
  remove_source_branch?: boolean;
  squash?: boolean;
}

/** `POST /projects/:id/merge_requests` (201 with the merge request); invalidates the project's lists. */
export function useCreateMergeRequest(profileId: string, projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMergeRequestInput) =>
      apiSend<MergeRequestDetail>(profileId, 'POST', `/projects/${projectId}/merge_requests`, input),
    onSuccess: (mr) => {
      queryClient.setQueryData(mergeRequestKeys.detail(profileId, projectId, mr.iid), mr);
    },
    meta: { invalidates: mergeRequestLists(profileId, projectId) },
  });
}

/**
 * Body of `PUT /projects/:id/merge_requests/:iid` (doc/api/merge_requests.md "Update MR"): `title` (a
 * `Draft: ` prefix makes it a draft — GitLab 13.10 has no `draft` parameter), `description`, `labels`
 * (comma list; replaces, empty clears), `add_labels`/`remove_labels`, `assignee_ids`/`reviewer_ids`
 * (empty unassigns), `milestone_id` (0 unsets), `target_branch` (must exist), `state_event`.
 */
export type UpdateMergeRequestInput = Partial<{
  title: string;
  description: string;
  labels: string;
  add_labels: string;
  remove_labels: string;
  assignee_ids: number[];
  reviewer_ids: number[];
  state_event: 'close' | 'reopen';
  target_branch: string;
  milestone_id: number;
}>;

/** `PUT /projects/:id/merge_requests/:iid`; stores the answer and invalidates lists. */
export function useUpdateMergeRequest(profileId: string, projectId: number, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMergeRequestInput) =>
      apiSend<MergeRequestDetail>(profileId, 'PUT', mergeRequestPath(projectId, iid), input),
    onSuccess: (mr) => storeDetail(queryClient, profileId, projectId, iid, mr),
    meta: { invalidates: mergeRequestAndLists(profileId, projectId, iid) },
  });
}

/** Body of `PUT …/merge` (doc/api/merge_requests.md "Merge a merge request"). */
export interface MergeInput {
  squash?: boolean;
  should_remove_source_branch?: boolean;
  merge_commit_message?: string;
  squash_commit_message?: string;
  sha?: string;
  /**
   * Merge once the head pipeline succeeds: GitLab 17.11+ takes `auto_merge`, earlier versions (and 17.11+,
   * deprecated) `merge_when_pipeline_succeeds`; merge-readiness.ts `autoMergeParameter` picks the name.
   */
  auto_merge?: boolean;
  merge_when_pipeline_succeeds?: boolean;
}

/**
 * `PUT …/merge`. Errors: 405 (not mergeable), 406 (conflicts), 409 (`sha` does not match HEAD),
 * 422 (draft, unresolved threads). A merge touches the lists, the pipelines and the target branch.
 */
export function useMergeMergeRequest(profileId: string, projectId: number, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MergeInput) =>
      apiSend<MergeRequestDetail>(profileId, 'PUT', `${mergeRequestPath(projectId, iid)}/merge`, input),
    onSuccess: (mr) => storeDetail(queryClient, profileId, projectId, iid, mr),
    meta: {
      invalidates: [
        ...mergeRequestAndLists(profileId, projectId, iid),
        pipelineKeys.lists(profileId, projectId),
        repositoryKeys.all(profileId, projectId),
      ],
    },
  });
}

/**
 * `POST …/cancel_merge_when_pipeline_succeeds` (every version; 201 with the merge request, 405/406 when
 * nothing is set). Cancels auto-merge set with either parameter name.
 */
export function useCancelAutoMerge(profileId: string, projectId: number, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiSend<MergeRequestDetail>(
        profileId,
        'POST',
        `${mergeRequestPath(projectId, iid)}/cancel_merge_when_pipeline_succeeds`,
      ),
    onSuccess: (mr) => storeDetail(queryClient, profileId, projectId, iid, mr),
    meta: { invalidates: mergeRequestAndLists(profileId, projectId, iid) },
  });
}

/**
 * `PUT …/rebase` (202 `{rebase_in_progress: true}`). The detail query then polls with
 * `include_rebase_in_progress` until it turns false; the caller shows success or `merge_error`.
 */
export function useRebaseMergeRequest(profileId: string, projectId: number, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { skip_ci?: boolean } = {}) =>
      apiSend<{ rebase_in_progress: boolean }>(
        profileId,
        'PUT',
        `${mergeRequestPath(projectId, iid)}/rebase`,
        input,
      ),
    onSuccess: (answer) => {
      storeDetail(queryClient, profileId, projectId, iid, {
        rebase_in_progress: answer.rebase_in_progress,
        merge_error: null,
      });
    },
    meta: { invalidates: [mergeRequestKeys.detail(profileId, projectId, iid)] },
  });
}

/** `POST …/approve` or `POST …/unapprove`; refreshes approvals and the merge status. */
export function useApproveMergeRequest(profileId: string, projectId: number, iid: number) {
  return useMutation({
    mutationFn: ({ approve, sha }: { approve: boolean; sha?: string | null }) =>
      apiSend<unknown>(
        profileId,
        'POST',
        `${mergeRequestPath(projectId, iid)}/${approve ? 'approve' : 'unapprove'}`,
        approve && sha ? { sha } : {},
      ),
    meta: { invalidates: mergeRequestAndLists(profileId, projectId, iid) },
  });
}

/** `POST …/subscribe` or `…/unsubscribe` (304 when already so, which the client treats as done). */
export function useSubscribeMergeRequest(profileId: string, projectId: number, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribe: boolean) =>
      apiSend<MergeRequest>(
        profileId,
        'POST',
        `${mergeRequestPath(projectId, iid)}/${subscribe ? 'subscribe' : 'unsubscribe'}`,
      ),
    onSuccess: (_mr, subscribe) =>
      storeDetail(queryClient, profileId, projectId, iid, { subscribed: subscribe }),
    meta: { invalidates: [mergeRequestKeys.detail(profileId, projectId, iid)] },
  });
}

/** `POST …/todo` (201 with the to-do, 304 when one exists already). */
export function useAddMergeRequestTodo(profileId: string, projectId: number, iid: number) {
  return useMutation({
    mutationFn: () => apiSend<unknown>(profileId, 'POST', `${mergeRequestPath(projectId, iid)}/todo`),
    // The To-do list and its pending count (features/todos) show the new item.
    meta: { invalidates: [todoKeys.all(profileId)] },
  });
}

/** Body of `POST …/discussions`: a general thread, or a diff thread with `position`. */
export interface CreateDiscussionInput {
  body: string;
  position?: DiffPosition;
}

/** `POST …/discussions`; refreshes the merge request, its threads and the lists. */
export function useCreateDiscussion(profileId: string, projectId: number, iid: number) {
  return useMutation({
    mutationFn: (input: CreateDiscussionInput) =>
      apiSend<Discussion>(profileId, 'POST', `${mergeRequestPath(projectId, iid)}/discussions`, input),
    // A thread changes the notes count and whether every blocking thread is resolved.
    meta: { invalidates: mergeRequestAndLists(profileId, projectId, iid) },
  });
}

/** `POST …/discussions/:id/notes` (reply); refreshes like a new thread. */
export function useReplyToDiscussion(profileId: string, projectId: number, iid: number) {
  return useMutation({
    mutationFn: ({ discussionId, body }: { discussionId: string; body: string }) =>
      apiSend<unknown>(
        profileId,
        'POST',
        `${mergeRequestPath(projectId, iid)}/discussions/${discussionId}/notes`,
        { body },
      ),
    // A thread changes the notes count and whether every blocking thread is resolved.
    meta: { invalidates: mergeRequestAndLists(profileId, projectId, iid) },
  });
}

/** `PUT …/discussions/:id?resolved=` (resolve or unresolve a thread); also changes mergeability. */
export function useResolveDiscussion(profileId: string, projectId: number, iid: number) {
  return useMutation({
    mutationFn: ({ discussionId, resolved }: { discussionId: string; resolved: boolean }) =>
      apiSend<Discussion>(
        profileId,
        'PUT',
        `${mergeRequestPath(projectId, iid)}/discussions/${discussionId}`,
        { resolved },
      ),
    meta: { invalidates: mergeRequestAndLists(profileId, projectId, iid) },
  });
}
