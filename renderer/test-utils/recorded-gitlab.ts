/**
 * The stand-in GitLab of renderer real-host tests: electron/host/capabilities/test/recorded-gitlab.ts (a
 * real HTTP server on loopback answering from recorded, doc-cited fixtures), loaded through a computed
 * specifier as test-utils/real-host.ts loads the host, so the renderer's type-check and import boundary
 * never follow it into electron/. The types below are what renderer tests use of it.
 */

/** One request the stand-in saw. */
export interface SeenRequest {
  method: string;
  path: string;
  /** The query string as sent, without `?` ('' when none). */
  query: string;
}

/** An answer the stand-in gives for a path, beside its fixture's. */
export interface RecordedAnswer {
  status: number;
  body: unknown;
  /** Response headers (pagination: `x-total`, `x-next-page`, …). */
  headers?: Record<string, string>;
}

/** A running stand-in GitLab. */
export interface RecordedGitLab {
  url: string;
  seen: SeenRequest[];
  /** Answer `path` with `answer` from now on (null: the fixture's answer again). */
  setAnswer(path: string, answer: RecordedAnswer | null): void;
  close(): Promise<void>;
}

/** The module's exports. */
export interface RecordedGitLabModule {
  /** A fixture by name (`gitlab-18.6-ee`, `gitlab-13.10-ee`, …). */
  loadFixture(name: string): unknown;
  startRecordedGitLab(
    fixture: unknown,
    options: { token: string; extraAnswers?: Record<string, RecordedAnswer>; cors?: boolean },
  ): Promise<RecordedGitLab>;
}

/** Loads the stand-in GitLab module (see the module comment). */
export async function loadRecordedGitLab(): Promise<RecordedGitLabModule> {
  const specifier = ['..', '..', 'electron', 'host', 'capabilities', 'test', 'recorded-gitlab.ts'].join('/');
  return (await import(/* @vite-ignore */ specifier)) as RecordedGitLabModule;
}
