import type {
  ApiRequest,
  ApiResponse,
  OnboardingStatus,
  OutpostBridge,
  ProfileSummary,
} from '../../shared/ipc-contract.js';

/** The embedded profile most component tests run under. */
export const TEST_PROFILE: ProfileSummary = {
  id: 'embedded',
  name: 'Local instance',
  kind: 'embedded',
  url: 'embedded:',
  hasToken: true,
  active: true,
};

/** Answers one API request; return undefined for "404 Not Found". */
export type FakeApiHandler = (req: ApiRequest) => ApiResponse | undefined | Promise<ApiResponse | undefined>;

/** A JSON response with lower-cased headers, as the bridge delivers it. */
export function jsonResponse<T>(body: T, status = 200, headers: Record<string, string> = {}): ApiResponse<T> {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body };
}

/** Options of {@link createFakeBridge}. */
export interface FakeBridgeOptions {
  /** First-run state `onboarding:status` starts from (default: not a first run, embedded chosen). */
  onboarding?: Partial<OnboardingStatus>;
}

/**
 * An in-memory {@link OutpostBridge} for component tests that need a specific instance answer
 * (errors, slow pages). Records every API request in `requests`. Prefer the real browser host
 * (`startTestHost`) where the behaviour of the core itself matters.
 *
 * Profiles and the first-run record keep state like the host does: `addRemote` lists the new profile
 * (id `remote-1`), `remove` drops it, `setActive` moves the `active` flag, `onboarding.finish` ends
 * the first run. The returned `profiles()` shows the current list.
 */
export function createFakeBridge(
  handler: FakeApiHandler,
  profiles: ProfileSummary[] = [TEST_PROFILE],
  options: FakeBridgeOptions = {},
) {
  const requests: ApiRequest[] = [];
  let profileList = profiles.map((profile) => ({ ...profile }));
  let onboarding: OnboardingStatus = {
    firstRun: false,
    choice: 'embedded',
    defaultDemoRepository: null,
    ...options.onboarding,
  };
  const bridge: OutpostBridge = {
    api: {
      request: async (req) => {
        requests.push(req);
        return (await handler(req)) ?? jsonResponse({ message: '404 Not Found' }, 404);
      },
      // GraphQL goes through `handler` as a POST to `/graphql` (relative to /api, as the proxy sends it).
      graphql: async ({ query, variables, operationName, profileId }) => {
        const req: ApiRequest = {
          method: 'POST',
          path: '/graphql',
          body: { query, variables, operationName },
          ...(profileId === undefined ? {} : { profileId }),
        };
        requests.push(req);
        return (await handler(req)) ?? jsonResponse({ message: '404 Not Found' }, 404);
      },
    },
    profiles: {
      list: async () => profileList.map((profile) => ({ ...profile })),
      addRemote: async (input) => {
        const added: ProfileSummary = {
          id: 'remote-1',
          name: input.name,
          kind: 'remote',
          url: input.url,
          hasToken: true,
          active: false,
        };
        profileList = [...profileList.filter((profile) => profile.id !== added.id), added];
        return { ...added };
      },
      remove: async (id) => {
        profileList = profileList.filter((profile) => profile.id !== id);
      },
      update: async (input) => {
        const profile = profileList.find((candidate) => candidate.id === input.id);
        if (!profile) throw new Error(`No profile ${input.id}`);
        const updated = { ...profile, ...(input.name === undefined ? {} : { name: input.name.trim() }) };
        profileList = profileList.map((candidate) => (candidate.id === input.id ? updated : candidate));
        return { ...updated };
      },
      setActive: async (id) => {
        const profile = profileList.find((candidate) => candidate.id === id);
        if (!profile) throw new Error(`No profile ${id}`);
        profileList = profileList.map((candidate) => ({ ...candidate, active: candidate.id === id }));
        return { ...profile, active: true };
      },
      check: async () => ({ ok: true, version: '17.0.0', username: 'root' }),
    },
    app: {
      info: async () => ({
        version: '0.1.0',
        shell: 'browser-host',
        dataDir: '/tmp/outpost',
        platform: 'linux',
        embeddedCoreUrl: null,
      }),
    },
    shell: { openExternal: async () => undefined },
    // No live feed: screens fall back to polling, as with a remote instance.
    events: {
      poll: async () => ({ seq: 0, events: [], reset: false, live: false }),
      // No pause: the first call answers at once, later ones wait as the host does when nothing happens.
      slowDowns: (sinceSeq) =>
        sinceSeq < 0 ? Promise.resolve({ seq: 0, notices: [] }) : new Promise(() => undefined),
    },
    notify: { show: async () => ({ shown: false }) },
    onboarding: {
      status: async () => ({ ...onboarding }),
      finish: async (choice) => {
        onboarding = { ...onboarding, firstRun: false, choice };
        return { ...onboarding };
      },
    },
    demo: {
      load: async () => ({
        state: 'running',
        step: 'Importing the repository',
        completed: 0,
        total: 10,
        project: null,
      }),
      status: async () => ({ state: 'idle', step: null, completed: 0, total: 0, project: null }),
    },
    exports: {
      start: async () => ({ exportId: 'export-1' }),
      status: async (exportId) => ({
        exportId,
        state: 'done',
        format: 'csv',
        written: 0,
        expected: 0,
        file: '/tmp/outpost/audit-events.csv',
        startedAt: '2025-01-01T00:00:00.000Z',
        finishedAt: '2025-01-01T00:00:01.000Z',
      }),
      cancel: async (exportId) => ({
        exportId,
        state: 'canceled',
        format: 'csv',
        written: 0,
        expected: null,
        startedAt: '2025-01-01T00:00:00.000Z',
        finishedAt: '2025-01-01T00:00:01.000Z',
      }),
    },
  };
  return { bridge, requests, profiles: () => profileList.map((profile) => ({ ...profile })) };
}
