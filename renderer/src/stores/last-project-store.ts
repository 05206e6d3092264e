import { useEffect } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';

/** The project-scoped areas whose navbar entry reopens the last project shown. */
export type ProjectArea = 'alerts' | 'pipelines' | 'repository' | 'merge-requests';

/** Last project id per connection profile id, per area. */
export type LastProjects = Record<ProjectArea, Record<string, number>>;

interface LastProjectState {
  byArea: LastProjects;
  opened: (area: ProjectArea, profileId: string, projectId: number) => void;
  forgotten: (area: ProjectArea, profileId: string) => void;
}

/** localStorage key of the remembered projects of every area. */
export const LAST_PROJECT_STORAGE_KEY = 'outpost.last-project';

/**
 * Where each area kept its last project before this store (zustand persist JSON with
 * `state.lastProjectByProfile`). Read once when the new key is absent; the first three keys are then
 * removed (`outpost.merge-requests` stays: it also holds the saved merge request views).
 */
export const LEGACY_LAST_PROJECT_KEYS: Record<ProjectArea, string> = {
  alerts: 'outpost.alerts-project',
  pipelines: 'outpost.recent-pipelines',
  repository: 'outpost.recent-repository',
  'merge-requests': 'outpost.merge-requests',
};

const AREAS = Object.keys(LEGACY_LAST_PROJECT_KEYS) as ProjectArea[];

function emptyLastProjects(): LastProjects {
  return { alerts: {}, pipelines: {}, repository: {}, 'merge-requests': {} };
}

/** `state.lastProjectByProfile` of a legacy key, keeping only positive integer ids; {} when unreadable. */
function readLegacy(storage: Storage, key: string): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    const map = (parsed as { state?: { lastProjectByProfile?: unknown } } | null)?.state
      ?.lastProjectByProfile;
    if (typeof map !== 'object' || map === null) return {};
    return Object.fromEntries(
      Object.entries(map).filter(([, id]) => Number.isInteger(id) && (id as number) > 0),
    ) as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * One-time migration: when `outpost.last-project` is absent, build it from the legacy per-area keys,
 * write it, and remove the legacy keys that held nothing else. Returns the stored JSON, or null when
 * there was nothing to migrate. Exported for the tests.
 */
export function migrateLegacyLastProjects(storage: Storage): string | null {
  const existing = storage.getItem(LAST_PROJECT_STORAGE_KEY);
  if (existing !== null) return existing;
  const byArea = emptyLastProjects();
  let found = false;
  for (const area of AREAS) {
    byArea[area] = readLegacy(storage, LEGACY_LAST_PROJECT_KEYS[area]);
    if (Object.keys(byArea[area]).length > 0) found = true;
  }
  if (!found) return null;
  const json = JSON.stringify({ state: { byArea }, version: 1 });
  storage.setItem(LAST_PROJECT_STORAGE_KEY, json);
  for (const area of AREAS) if (area !== 'merge-requests') storage.removeItem(LEGACY_LAST_PROJECT_KEYS[area]);
  return json;
}

/** localStorage, with the legacy keys migrated on the first read. */
const migratingStorage: StateStorage = {
  getItem: (name) =>
    name === LAST_PROJECT_STORAGE_KEY ? migrateLegacyLastProjects(localStorage) : localStorage.getItem(name),
  setItem: (name, value) => localStorage.setItem(name, value),
  removeItem: (name) => localStorage.removeItem(name),
};

/**
 * The last project opened in each project-scoped area, per connection profile, persisted in
 * localStorage `outpost.last-project` (replaces four per-area stores; their keys are migrated once).
 */
export const useLastProjectStore = create<LastProjectState>()(
  persist(
    (set) => ({
      byArea: emptyLastProjects(),
      opened: (area, profileId, projectId) =>
        set((state) =>
          state.byArea[area][profileId] === projectId
            ? state
            : { byArea: { ...state.byArea, [area]: { ...state.byArea[area], [profileId]: projectId } } },
        ),
      forgotten: (area, profileId) =>
        set((state) => {
          if (!(profileId in state.byArea[area])) return state;
          const { [profileId]: _dropped, ...rest } = state.byArea[area];
          return { byArea: { ...state.byArea, [area]: rest } };
        }),
    }),
    {
      name: LAST_PROJECT_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => migratingStorage),
      partialize: ({ byArea }) => ({ byArea }),
      merge: (persisted, current) => ({
        ...current,
        byArea: {
          ...emptyLastProjects(),
          ...((persisted as Partial<LastProjectState> | undefined)?.byArea ?? {}),
        },
      }),
    },
  ),
);

/** The project last opened in `area` on this profile, or null. */
export function useLastProject(area: ProjectArea, profileId: string): number | null {
  return useLastProjectStore((state) => state.byArea[area][profileId] ?? null);
}

/**
 * Remembers `projectId` as the area's last project once it loaded, and forgets the area's project when
 * `gone` (the address names no project, or the core answered 404).
 */
export function useRememberProject(
  area: ProjectArea,
  profileId: string,
  projectId: number | undefined,
  gone: boolean,
): void {
  const opened = useLastProjectStore((state) => state.opened);
  const forgotten = useLastProjectStore((state) => state.forgotten);
  useEffect(() => {
    if (projectId !== undefined) opened(area, profileId, projectId);
  }, [area, profileId, projectId, opened]);
  useEffect(() => {
    if (gone) forgotten(area, profileId);
  }, [area, profileId, gone, forgotten]);
}
