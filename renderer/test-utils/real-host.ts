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
 * Start the real browser host (embedded core on a fresh temp dir, HTTP bridge on 127.0.0.1:0).
 *
 * While it runs, the page's `fetch` is followed so that `close()` can first abort the requests still in
 * flight, as closing a browser tab does, before it stops the host. Every rendered app long-polls
 * `events:poll` (waits of up to 25 s, CHANGE_FEED_POLL_WAIT_MS); unmounting the app ends its loop but
 * not the request already sent, and the host's server waits for open requests before it closes: ~25 s
 * of idle waiting per file without this (projects-real-host.test.tsx: 31 s → 4 s, same assertions).
 */
export async function startRealHost(): Promise<RealHost> {
  const specifier = ['..', '..', 'e2e', 'fixtures', 'in-process-host.ts'].join('/');
  const module = (await import(/* @vite-ignore */ specifier)) as InProcessHostModule;
  const host = await module.startInProcessHost();
  const requests = followPageRequests();
  return {
    url: host.url,
    urlWithSecret: host.urlWithSecret,
    async close() {
      requests.abortAndStop();
      await host.close();
    },
  };
}

/**
 * Wrap the page's global `fetch` (happy-dom's) so every request also carries our own abort signal
 * (beside the caller's, if any). `abortAndStop()` aborts the requests still open and puts the original
 * `fetch` back.
 */
function followPageRequests(): { abortAndStop(): void } {
  const original = globalThis.fetch;
  const open = new Set<AbortController>();
  globalThis.fetch = async (input, init) => {
    const controller = new AbortController();
    open.add(controller);
    // The caller's own signal (in `init`, or on a Request passed as `input`) still aborts it too.
    const theirs = init?.signal ?? (input instanceof Request ? input.signal : null);
    const signal = theirs ? AbortSignal.any([theirs, controller.signal]) : controller.signal;
    try {
      return await original(input, { ...init, signal });
    } finally {
      open.delete(controller);
    }
  };
  return {
    abortAndStop() {
      globalThis.fetch = original;
      for (const controller of open) controller.abort();
      open.clear();
    },
  };
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
