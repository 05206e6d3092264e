import type {
  DiffPosition,
  Discussion,
  MergeRequestApprovals,
  MergeRequestCommit,
  MergeRequestDetail,
  MergeRequestDiffVersion,
  MergeRequestLabel,
  MergeRequestUser,
  ResourceLabelEvent,
  ResourceMilestoneEvent,
  ResourceStateEvent,
} from '../../api/merge-requests/types.js';

/**
 * The Overview's activity timeline, oldest first as GitLab shows it: the opening, each later push (a
 * diff version) with the commits it added, system notes the instance records (title, approval
 * changes…), label, milestone and state changes (resource events), approvals that carry a time, threads
 * (general and on the diff), and the merge or close.
 */
export type ActivityItem =
  | { kind: 'opened'; at: string; user: MergeRequestUser | null }
  | {
      kind: 'push';
      at: string;
      /** Commits the push added, newest first; empty when they are not among the loaded commits. */
      commits: MergeRequestCommit[];
      /** The previous head is not among this push's ancestors: history was rewritten. */
      forced: boolean;
      headSha: string;
    }
  | { kind: 'system'; at: string; user: MergeRequestUser | null; body: string; id: number }
  | { kind: 'approved'; at: string; user: MergeRequestUser }
  | {
      kind: 'labels';
      at: string;
      user: MergeRequestUser | null;
      /** Labels added and removed together (null: a label deleted since). */
      added: (MergeRequestLabel | null)[];
      removed: (MergeRequestLabel | null)[];
      id: number;
    }
  | {
      kind: 'milestone';
      at: string;
      user: MergeRequestUser | null;
      action: 'add' | 'remove';
      /** Null: a milestone deleted since. */
      milestone: { id: number; title: string } | null;
      id: number;
    }
  | {
      kind: 'state';
      at: string;
      user: MergeRequestUser | null;
      state: 'closed' | 'reopened' | 'locked' | 'opened';
      id: number;
    }
  | { kind: 'thread'; at: string; discussion: Discussion }
  | { kind: 'merged'; at: string; user: MergeRequestUser | null; sha: string | null }
  | { kind: 'closed'; at: string };

/**
 * Resource events of a merge request (`GET …/resource_{label,milestone,state}_events`); a kind that is
 * null or absent (the instance lacks the endpoint, or it is still loading) adds nothing.
 */
export interface ResourceEvents {
  label?: ResourceLabelEvent[] | null;
  milestone?: ResourceMilestoneEvent[] | null;
  state?: ResourceStateEvent[] | null;
}

/**
 * Build the timeline. `versions` newest first (as `GET …/versions`), `commits` the loaded commits newest
 * first (`GET …/commits`): the commits of push n are those after the head of push n−1, up to its head.
 * Label events by one user at one time become one item ("added ~a ~b and removed ~c", as GitLab groups
 * them). A `merged` state event is left to the merge item (which names the merge commit); a `closed` one
 * replaces the item made from `closed_at`, so each close and reopen shows with who did it.
 * Pure; items sorted by time, stable for equal times.
 */
export function buildActivity(
  mr: Pick<
    MergeRequestDetail,
    'created_at' | 'author' | 'state' | 'merged_at' | 'merged_by' | 'closed_at' | 'merge_commit_sha'
  >,
  versions: MergeRequestDiffVersion[],
  commits: MergeRequestCommit[],
  discussions: Discussion[],
  approvals: MergeRequestApprovals | null | undefined,
  events: ResourceEvents = {},
): ActivityItem[] {
  const items: ActivityItem[] = [{ kind: 'opened', at: mr.created_at, user: mr.author }];
  const oldestFirst = [...versions].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  const position = new Map(commits.map((commit, index) => [commit.id, index]));
  oldestFirst.forEach((version, n) => {
    if (n === 0) return; // The first version is the opening itself.
    const previous = oldestFirst[n - 1]!;
    // A version recorded again for the same head (a target-branch move, a recheck) is no push.
    if (version.head_commit_sha === previous.head_commit_sha) return;
    const head = position.get(version.head_commit_sha);
    const before = position.get(previous.head_commit_sha);
    const known = head !== undefined && before !== undefined && before > head;
    items.push({
      kind: 'push',
      at: version.created_at,
      commits: known ? commits.slice(head, before) : [],
      forced: head !== undefined && before === undefined,
      headSha: version.head_commit_sha,
    });
  });
  for (const discussion of discussions) {
    const first = discussion.notes[0];
    if (!first) continue;
    if (first.system) {
      for (const note of discussion.notes)
        items.push({ kind: 'system', at: note.created_at, user: note.author, body: note.body, id: note.id });
    } else items.push({ kind: 'thread', at: first.created_at, discussion });
  }
  for (const approval of approvals?.approved_by ?? []) {
    if (approval.approved_at) items.push({ kind: 'approved', at: approval.approved_at, user: approval.user });
  }
  let labelGroup: Extract<ActivityItem, { kind: 'labels' }> | null = null;
  const labelEvents = [...(events.label ?? [])].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id,
  );
  for (const event of labelEvents) {
    const sameGroup =
      labelGroup !== null && labelGroup.at === event.created_at && labelGroup.user?.id === event.user?.id;
    if (!sameGroup) {
      labelGroup = {
        kind: 'labels',
        at: event.created_at,
        user: event.user,
        added: [],
        removed: [],
        id: event.id,
      };
      items.push(labelGroup);
    }
    (event.action === 'remove' ? labelGroup!.removed : labelGroup!.added).push(event.label);
  }
  for (const event of events.milestone ?? []) {
    items.push({
      kind: 'milestone',
      at: event.created_at,
      user: event.user,
      action: event.action,
      milestone: event.milestone,
      id: event.id,
    });
  }
  let closeEvents = false;
  for (const event of events.state ?? []) {
    if (event.state === 'merged') continue;
    if (event.state === 'closed') closeEvents = true;
    items.push({ kind: 'state', at: event.created_at, user: event.user, state: event.state, id: event.id });
  }
  if (mr.state === 'merged' && mr.merged_at)
    items.push({ kind: 'merged', at: mr.merged_at, user: mr.merged_by, sha: mr.merge_commit_sha });
  else if (mr.state === 'closed' && mr.closed_at && !closeEvents)
    items.push({ kind: 'closed', at: mr.closed_at });
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.at.localeCompare(b.item.at) || a.index - b.index)
    .map(({ item }) => item);
}

/** One line of code context under a diff thread in the timeline. */
export interface ContextLine {
  kind: 'insert' | 'delete' | 'normal';
  oldLine: number | null;
  newLine: number | null;
  text: string;
  /** The line (or range) the thread is on. */
  target: boolean;
}

/**
 * The lines a diff thread points at, with up to `before` lines above it from the same hunk (GitLab shows
 * the commented line with a few above it on the Overview). A `line_range` gives the whole range (at most
 * `maxRange` lines, the last ones). Null when the line is not in `diff` (the thread is on an older version).
 * `diff` is GitLab's per-file diff text (hunks only). Pure.
 */
export function threadContext(
  diff: string,
  position: Pick<DiffPosition, 'old_line' | 'new_line' | 'line_range'>,
  before = 3,
  maxRange = 10,
): ContextLine[] | null {
  const lines = diff.split('\n');
  let oldLine = 0;
  let newLine = 0;
  let hunk: ContextLine[] = [];
  const matches = (line: ContextLine, old: number | null | undefined, neu: number | null | undefined) =>
    neu != null
      ? line.kind !== 'delete' && line.newLine === neu
      : old != null && line.kind !== 'insert' && line.oldLine === old;
  const start = position.line_range?.start;
  for (const raw of lines) {
    const header = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(raw);
    if (header) {
      oldLine = Number(header[1]);
      newLine = Number(header[2]);
      hunk = [];
      continue;
    }
    if (raw.startsWith('\\')) continue;
    const sign = raw[0];
    let line: ContextLine;
    if (sign === '+') {
      line = { kind: 'insert', oldLine: null, newLine, text: raw.slice(1), target: false };
      newLine += 1;
    } else if (sign === '-') {
      line = { kind: 'delete', oldLine, newLine: null, text: raw.slice(1), target: false };
      oldLine += 1;
    } else if (sign === ' ') {
      line = { kind: 'normal', oldLine, newLine, text: raw.slice(1), target: false };
      oldLine += 1;
      newLine += 1;
    } else continue;
    hunk.push(line);
    if (matches(line, position.old_line, position.new_line)) {
      let from = Math.max(0, hunk.length - 1 - before);
      let rangeFrom = hunk.length - 1;
      if (start) {
        const at = hunk.findIndex((candidate) => matches(candidate, start.old_line, start.new_line));
        if (at !== -1) {
          rangeFrom = Math.max(at, hunk.length - maxRange);
          from = rangeFrom;
        }
      }
      return hunk.slice(from).map((candidate, index) => ({
        ...candidate,
        target: from + index >= rangeFrom,
      }));
    }
  }
  return null;
}
