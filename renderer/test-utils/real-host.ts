/**
 * Test-only access to the real browser host from renderer tests (vitest runs them in Node with
 * happy-dom). The host is Node code, so it is loaded through a computed specifier: the renderer's
 * type-check (DOM only) and its import-boundary lint never follow it into electron/.
 */

/** A running browser host, as the renderer tests need it. */
export interface RealHost {
  url: string;
  urlWithSecret: string;
  close(): Promise<void>;
}

interface InProcessHostModule {
  startInProcessHost(): Promise<RealHost>;
}

/** happy-dom's control object on `window` (not part of the DOM typings). */
interface HappyDomWindow {
  happyDOM?: { setURL(url: string): void };
}

/**
 * Start the real browser host (embedded core on a fresh temp dir, HTTP bridge on 127.0.0.1:0). Its
 * `close()` answers the page's open `events:poll` and closes the connections left, as `npm start` stops.
 */
export async function startRealHost(): Promise<RealHost> {
  const specifier = ['..', '..', 'e2e', 'fixtures', 'in-process-host.ts'].join('/');
  const module = (await import(/* @vite-ignore */ specifier)) as InProcessHostModule;
  return module.startInProcessHost();
}

/** What {@link pushGeneratedHistory} pushes (e2e/fixtures/generated-history.ts). */
export interface GeneratedHistory {
  repoUrl: string;
  username: string;
  token: string;
  branch: string;
  from: string;
  count: number;
}

interface GeneratedHistoryModule {
  pushGeneratedHistory(history: GeneratedHistory): Promise<void>;
}

/**
 * Push `count` real commits as `branch` (on top of `from`) over git smart HTTP in one push: one local
 * `git fast-import`, not one API call per commit. Node code, loaded like the host above.
 */
export async function pushGeneratedHistory(history: GeneratedHistory): Promise<void> {
  const specifier = ['..', '..', 'e2e', 'fixtures', 'generated-history.ts'].join('/');
  const module = (await import(/* @vite-ignore */ specifier)) as GeneratedHistoryModule;
  await module.pushGeneratedHistory(history);
}

/**
 * Make the test page live at `url` (same origin as the host), as when a browser opens the launch
 * URL: relative `/bridge/*` calls then reach the host and pass its Origin check.
 */
export function openPageAt(url: string): void {
  const happyDom = (window as unknown as HappyDomWindow).happyDOM;
  if (!happyDom) throw new Error('openPageAt() needs the happy-dom test environment.');
  happyDom.setURL(url);
}

/** A loopback stand-in GitLab that answers 429 + Retry-After (e2e/fixtures/throttling-gitlab.ts). */
export interface ThrottlingGitLab {
  url: string;
  /** Requests answered 429 so far. */
  refused(): number;
  close(): Promise<void>;
}

interface ThrottlingGitLabModule {
  startThrottlingGitLab(refusals: number, seconds: number): Promise<ThrottlingGitLab>;
}

/**
 * Start a stand-in GitLab whose first `refusals` `GET /api/v4/projects/…` get 429 with
 * `Retry-After: <seconds>` (everything else 200 `{}`). Node code, loaded like the host above.
 */
export async function startThrottlingGitLab(refusals: number, seconds: number): Promise<ThrottlingGitLab> {
  const specifier = ['..', '..', 'e2e', 'fixtures', 'throttling-gitlab.ts'].join('/');
  const module = (await import(/* @vite-ignore */ specifier)) as ThrottlingGitLabModule;
  return module.startThrottlingGitLab(refusals, seconds);
}

interface TestCaModule {
  makeTestCaPem(name?: string): Promise<string | null>;
}

/**
 * The PEM of a new self-signed CA (openssl, valid one day; e2e/fixtures/test-ca.ts); null when the
 * openssl CLI is missing. Node code, loaded like the host above.
 */
export async function makeTestCaPem(name?: string): Promise<string | null> {
  const specifier = ['..', '..', 'e2e', 'fixtures', 'test-ca.ts'].join('/');
  const module = (await import(/* @vite-ignore */ specifier)) as TestCaModule;
  return module.makeTestCaPem(name);
}
