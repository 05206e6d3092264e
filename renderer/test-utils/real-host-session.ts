/**
 * A renderer test's session on the real browser host: the host started on a fresh core, the test page
 * opened at its launch URL, an HTTP bridge with the launch secret, the active profile, and a v4 call
 * helper. Every `*-real-host.test.tsx` repeats these steps; this is the one copy (added by the merge
 * request screens; other areas may adopt it).
 */
import type { OutpostBridge } from '../../shared/ipc-contract.js';
import { createHttpBridge } from '../src/api/http-bridge.js';
import { takeLaunchSecret } from '../src/api/launch-secret.js';
import { openPageAt, startRealHost, type RealHost } from './real-host.js';

/** What {@link openRealHostSession} gives a test. */
export interface RealHostSession {
  host: RealHost;
  /** The HTTP bridge with the launch secret, to pass to `renderWithProviders`. */
  bridge: OutpostBridge;
  /** The active profile (the embedded instance's). */
  profileId: string;
  /**
   * One v4 call (`path` under `/api/v4`) through the real bridge as the active profile; resolves with
   * the JSON body, throws `"<METHOD> <path>: <status> <body>"` on a non-2xx answer.
   */
  api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: Record<string, unknown>): Promise<T>;
}

/** Start the real host, open the page at its launch URL and connect a bridge; `host.close()` ends it. */
export async function openRealHostSession(): Promise<RealHostSession> {
  const host = await startRealHost();
  openPageAt(host.urlWithSecret);
  const secret = takeLaunchSecret(window);
  if (!secret) throw new Error('The launch URL carried no secret.');
  const bridge = createHttpBridge({ secret });
  const profiles = await bridge.profiles.list();
  const profileId = (profiles.find((profile) => profile.active) ?? profiles[0])!.id;
  return {
    host,
    bridge,
    profileId,
    async api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: Record<string, unknown>) {
      const response = await bridge.api.request({ method, path, body, profileId });
      if (response.status >= 300)
        throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body as T;
    },
  };
}
