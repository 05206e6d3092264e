import { beforeEach, describe, expect, it } from 'vitest';
import {
  LAST_PROJECT_STORAGE_KEY,
  LEGACY_LAST_PROJECT_KEYS,
  migrateLegacyLastProjects,
  useLastProjectStore,
} from './last-project-store.js';

const legacy = (lastProjectByProfile: unknown, extra: object = {}) =>
  JSON.stringify({ state: { lastProjectByProfile, ...extra }, version: 1 });

describe('last project store', () => {
  beforeEach(() => {
    useLastProjectStore.setState({
      byArea: { alerts: {}, pipelines: {}, repository: {}, 'merge-requests': {} },
    });
    localStorage.clear();
  });

  it('remembers and forgets per area and profile, and persists', () => {
    const { opened, forgotten } = useLastProjectStore.getState();
    opened('alerts', 'p1', 7);
    opened('pipelines', 'p1', 9);
    opened('alerts', 'p2', 3);
    expect(useLastProjectStore.getState().byArea.alerts).toEqual({ p1: 7, p2: 3 });
    expect(useLastProjectStore.getState().byArea.pipelines).toEqual({ p1: 9 });
    forgotten('alerts', 'p1');
    expect(useLastProjectStore.getState().byArea.alerts).toEqual({ p2: 3 });
    expect(useLastProjectStore.getState().byArea.pipelines).toEqual({ p1: 9 });
    expect(JSON.parse(localStorage.getItem(LAST_PROJECT_STORAGE_KEY) ?? '{}').state.byArea).toEqual({
      alerts: { p2: 3 },
      pipelines: { p1: 9 },
      repository: {},
      'merge-requests': {},
    });
  });

  it('migrates the four legacy keys once, keeping the merge request views', async () => {
    localStorage.setItem(LEGACY_LAST_PROJECT_KEYS.alerts, legacy({ p1: 4 }));
    localStorage.setItem(LEGACY_LAST_PROJECT_KEYS.pipelines, legacy({ p1: 5, p2: 6 }));
    localStorage.setItem(LEGACY_LAST_PROJECT_KEYS.repository, 'not json');
    const views = { p1: [{ name: 'Mine', query: 'author=root' }] };
    localStorage.setItem(
      LEGACY_LAST_PROJECT_KEYS['merge-requests'],
      legacy({ p1: 8, p2: 'x' }, { viewsByProfile: views }),
    );

    await useLastProjectStore.persist.rehydrate();

    expect(useLastProjectStore.getState().byArea).toEqual({
      alerts: { p1: 4 },
      pipelines: { p1: 5, p2: 6 },
      repository: {},
      'merge-requests': { p1: 8 },
    });
    expect(localStorage.getItem(LEGACY_LAST_PROJECT_KEYS.alerts)).toBeNull();
    expect(localStorage.getItem(LEGACY_LAST_PROJECT_KEYS.pipelines)).toBeNull();
    expect(localStorage.getItem(LEGACY_LAST_PROJECT_KEYS.repository)).toBeNull();
    expect(
      JSON.parse(localStorage.getItem(LEGACY_LAST_PROJECT_KEYS['merge-requests']) ?? '{}').state
        .viewsByProfile,
    ).toEqual(views);

    // Once: a legacy key written later (an older build) does not override the new store.
    localStorage.setItem(LEGACY_LAST_PROJECT_KEYS.alerts, legacy({ p1: 99 }));
    expect(JSON.parse(migrateLegacyLastProjects(localStorage) ?? '{}').state.byArea.alerts).toEqual({
      p1: 4,
    });
  });

  it('writes nothing when there is nothing to migrate', () => {
    expect(migrateLegacyLastProjects(localStorage)).toBeNull();
    expect(localStorage.getItem(LAST_PROJECT_STORAGE_KEY)).toBeNull();
  });
});
