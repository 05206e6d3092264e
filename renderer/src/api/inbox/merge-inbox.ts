import type { InboxItem, InboxKind, InboxMergeRequest, InstanceInboxAnswers, TodoItem } from './types.js';

/** `group/project` of a merge request: `references.full` without `!iid`, else its web URL's path. */
export function projectOfMergeRequest(mr: InboxMergeRequest): string {
  const full = mr.references?.full;
  if (full) return full.replace(/![0-9]+$/, '');
  const match = /^https?:\/\/[^/]+\/(.+?)\/-\/merge_requests\/\d+/.exec(mr.web_url ?? '');
  return match?.[1] ?? `project ${mr.project_id}`;
}

function later(a: string, b: string): string {
  return Date.parse(b) > Date.parse(a) ? b : a;
}

const KIND_ORDER: Record<InboxKind, number> = { todo: 0, review: 1, assigned: 2 };

/**
 * One list out of every instance's answers (issue 29, "One inbox"). Pure.
 * - A merge request is one row per instance, whatever brought it: its pending to-dos (any `action_name`),
 *   a review request, being assigned. The row's kinds are all of those; its time is the newest of the
 *   to-dos' `created_at` and the merge request's `updated_at`.
 * - A to-do on anything else (an issue, an epic…) is its own row.
 * - Rows are sorted newest first; ties by instance name, then key, so the order is stable.
 * Merge requests are matched by project id and iid (the same on `GET /todos` `target` and
 * `GET /merge_requests`), never across instances: ids are per instance.
 */
export function mergeInbox(instances: readonly InstanceInboxAnswers[]): InboxItem[] {
  const rows = new Map<string, InboxItem>();
  for (const instance of instances) {
    const mrRow = (
      projectId: number,
      iid: number,
      seed: () => Omit<InboxItem, 'key' | 'kinds' | 'todoIds' | 'todoActions'>,
    ) => {
      const key = `${instance.profileId}:mr:${projectId}!${iid}`;
      let row = rows.get(key);
      if (!row) {
        row = { ...seed(), key, kinds: [], todoIds: [], todoActions: [] };
        rows.set(key, row);
      }
      return row;
    };
    const addKind = (row: InboxItem, kind: InboxKind) => {
      if (!row.kinds.includes(kind)) row.kinds.push(kind);
    };
    for (const todo of instance.todos ?? []) {
      if (todo.state !== 'pending') continue;
      if (todo.target_type === 'MergeRequest' && todo.target) {
        const row = mrRow(todo.project.id, todo.target.iid, () => todoSeed(instance, todo));
        row.at = later(row.at, todo.created_at);
        addKind(row, 'todo');
        row.todoIds.push(todo.id);
        if (!row.todoActions.includes(todo.action_name)) row.todoActions.push(todo.action_name);
      } else {
        const key = `${instance.profileId}:todo:${todo.id}`;
        rows.set(key, {
          ...todoSeed(instance, todo),
          key,
          kinds: ['todo'],
          todoIds: [todo.id],
          todoActions: [todo.action_name],
        });
      }
    }
    const lists: [InboxKind, InboxMergeRequest[] | null][] = [
      ['review', instance.review],
      ['assigned', instance.assigned],
    ];
    for (const [kind, list] of lists) {
      for (const mr of list ?? []) {
        const row = mrRow(mr.project_id, mr.iid, () => mrSeed(instance, mr));
        // The merge request's own entity is the better source for title and author than a to-do's copy.
        row.title = mr.title;
        row.author = mr.author?.name ?? row.author;
        row.project = projectOfMergeRequest(mr);
        row.webUrl = mr.web_url;
        row.at = later(row.at, mr.updated_at);
        addKind(row, kind);
      }
    }
  }
  const items = [...rows.values()];
  for (const item of items) item.kinds.sort((a, b) => KIND_ORDER[a] - KIND_ORDER[b]);
  return items.sort(
    (a, b) =>
      Date.parse(b.at) - Date.parse(a.at) ||
      a.instanceName.localeCompare(b.instanceName) ||
      a.key.localeCompare(b.key),
  );
}

function todoSeed(
  instance: InstanceInboxAnswers,
  todo: TodoItem,
): Omit<InboxItem, 'key' | 'kinds' | 'todoIds' | 'todoActions'> {
  const isMr = todo.target_type === 'MergeRequest' && todo.target !== null;
  return {
    profileId: instance.profileId,
    instanceName: instance.instanceName,
    title: todo.target?.title ?? todo.body,
    project: todo.project.path_with_namespace,
    author: todo.author?.name ?? null,
    at: todo.created_at,
    mergeRequest: isMr && todo.target ? { projectId: todo.project.id, iid: todo.target.iid } : null,
    webUrl: todo.target?.web_url ?? todo.target_url ?? null,
  };
}

function mrSeed(
  instance: InstanceInboxAnswers,
  mr: InboxMergeRequest,
): Omit<InboxItem, 'key' | 'kinds' | 'todoIds' | 'todoActions'> {
  return {
    profileId: instance.profileId,
    instanceName: instance.instanceName,
    title: mr.title,
    project: projectOfMergeRequest(mr),
    author: mr.author?.name ?? null,
    at: mr.updated_at,
    mergeRequest: { projectId: mr.project_id, iid: mr.iid },
    webUrl: mr.web_url,
  };
}

/** What the Inbox remembers between rounds to tell new items: keys seen, and instances loaded once. */
export interface InboxNewsState {
  seen: ReadonlySet<string>;
  /** Instances whose items were listed at least once: their first load never counts as news. */
  loaded: ReadonlySet<string>;
}

export const EMPTY_NEWS_STATE: InboxNewsState = { seen: new Set(), loaded: new Set() };

/**
 * Which of `items` are new since the last round (issue 29: OS notifications for new items, never on the
 * first load). `loadedNow` are the instances whose lists answered this round; the items of an instance
 * seen for the first time are remembered without counting as new. Pure: returns the next state too.
 */
export function findNewItems(
  state: InboxNewsState,
  items: readonly InboxItem[],
  loadedNow: readonly string[],
): { state: InboxNewsState; fresh: InboxItem[] } {
  const fresh = items.filter((item) => !state.seen.has(item.key) && state.loaded.has(item.profileId));
  const seen = new Set(state.seen);
  for (const item of items) seen.add(item.key);
  const loaded = new Set(state.loaded);
  for (const profileId of loadedNow) loaded.add(profileId);
  return { state: { seen, loaded }, fresh };
}

/**
 * The one summary notification of a round: "2 new in your Inbox" with where from, or null when nothing
 * is new. Pure.
 */
export function newsSummary(fresh: readonly InboxItem[]): { title: string; body: string } | null {
  if (fresh.length === 0) return null;
  if (fresh.length === 1) {
    const [item] = fresh as [InboxItem];
    return {
      title: `New in your Inbox: ${kindLabel(item.kinds[0] ?? 'todo')}`,
      body: `${item.title} · ${item.instanceName}`,
    };
  }
  const instances = [...new Set(fresh.map((item) => item.instanceName))];
  return {
    title: `${fresh.length} new items in your Inbox`,
    body:
      instances.length === 1
        ? `On ${instances[0]}`
        : `On ${instances.slice(0, -1).join(', ')} and ${instances.at(-1)}`,
  };
}

/** The words for a kind: `To-do`, `Review requested`, `Assigned`. */
export function kindLabel(kind: InboxKind): string {
  return kind === 'todo' ? 'To-do' : kind === 'review' ? 'Review requested' : 'Assigned';
}
