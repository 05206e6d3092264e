import { useState } from 'react';

/**
 * "Viewed" checkboxes of the Changes tab, kept in the browser as GitLab does (its `mr_diffs` viewed
 * state lives in localStorage): per profile (so per instance user), per merge request, per diff version
 * (the head commit: a new push shows every file unviewed again), per file path.
 */
export interface ViewedScope {
  profileId: string;
  projectId: number;
  iid: number;
  /** The head commit SHA of the diff version on screen. */
  headSha: string;
}

/** The localStorage key of a scope: `outpost:mr-viewed:<profile>:<project>:<iid>:<head sha>`. */
export function viewedStorageKey(scope: ViewedScope): string {
  return `outpost:mr-viewed:${scope.profileId}:${scope.projectId}:${scope.iid}:${scope.headSha}`;
}

/** The viewed paths stored for `scope` (empty when none, or the stored value is unreadable). */
export function readViewed(storage: Storage, scope: ViewedScope): Set<string> {
  try {
    const raw = storage.getItem(viewedStorageKey(scope));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return new Set(
      Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [],
    );
  } catch {
    return new Set();
  }
}

/** Store `paths` as the viewed files of `scope` (removes the key when empty). Storage errors are ignored. */
export function writeViewed(storage: Storage, scope: ViewedScope, paths: ReadonlySet<string>): void {
  try {
    if (paths.size === 0) storage.removeItem(viewedStorageKey(scope));
    else storage.setItem(viewedStorageKey(scope), JSON.stringify([...paths].sort()));
  } catch {
    // Full or disabled storage: the checkboxes still work for this visit.
  }
}

/**
 * The viewed set of `scope` (null scope: nothing viewed) and a toggle that stores it. Reads the storage
 * again whenever the scope changes (another version, another merge request).
 */
export function useViewedFiles(scope: ViewedScope | null) {
  const key = scope ? viewedStorageKey(scope) : null;
  const [stored, setStored] = useState<{ key: string | null; viewed: Set<string> } | null>(null);
  const viewed =
    stored && stored.key === key
      ? stored.viewed
      : scope
        ? readViewed(window.localStorage, scope)
        : new Set<string>();
  const toggle = (path: string, value: boolean) => {
    const next = new Set(viewed);
    if (value) next.add(path);
    else next.delete(path);
    if (scope) writeViewed(window.localStorage, scope, next);
    setStored({ key, viewed: next });
  };
  return { viewed, toggle };
}
