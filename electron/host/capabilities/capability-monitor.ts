/**
 * Keeps every remote profile's capabilities fresh: detected on connect, on demand, and in the background
 * (architecture.md, "host/capabilities … refreshed in the background"). Results go to the profile store
 * (profiles.json, beside the profile, never the vault); the renderer reads them with `profiles:list`.
 */
import { EMBEDDED_CAPABILITIES, type InstanceCapabilities } from '../../../shared/instance-capabilities.js';
import { BridgeError } from '../bridge-error.js';
import type { ProfileStore } from '../profiles/profile-store.js';
import type { TokenVault } from '../vault/token-vault.js';
import { detectCapabilities, type DetectCapabilities } from './detect-capabilities.js';

/** How old capabilities may get before the background refresh learns them again: 6 hours, in ms. */
export const CAPABILITIES_MAX_AGE_MS = 6 * 60 * 60 * 1000;

/** The host's capability keeper. */
export interface CapabilityMonitor {
  /**
   * Detects profile `id`'s capabilities now and stores the outcome; resolves with them (the embedded
   * profile: {@link EMBEDDED_CAPABILITIES}, nothing asked). A detection already running for `id` is
   * shared; with `fresh` (the token changed) a new one starts after it. A failed detection is recorded
   * as the profile's `capabilitiesError` and rejects with the BridgeError.
   * Errors: BridgeError `not_found` (unknown profile), the detection's BridgeError.
   */
  refresh(id: string, options?: { fresh?: boolean }): Promise<InstanceCapabilities>;
  /** Starts {@link refresh} in the background when `id`'s capabilities are missing or older than the max age. */
  refreshIfStale(id: string): void;
  /** Refreshes stale remotes now, then checks again every `intervalMs`. The timer never keeps the process up. */
  start(): void;
  /**
   * Stops the timer; detections under way finish without storing anything. Resolves when they have
   * settled. Idempotent.
   */
  close(): Promise<void>;
}

/** Options of {@link createCapabilityMonitor}. */
export interface CapabilityMonitorOptions {
  profiles: ProfileStore;
  vault: TokenVault;
  /** The detection (default {@link detectCapabilities}). */
  detect?: DetectCapabilities;
  /** Age after which capabilities are refreshed, ms (default {@link CAPABILITIES_MAX_AGE_MS}). */
  maxAgeMs?: number;
  /** How often the background check runs, ms (default: `maxAgeMs`). */
  intervalMs?: number;
  /** The clock (tests). */
  now?: () => Date;
}

/** Builds the monitor over the profile store and the vault. */
export function createCapabilityMonitor({
  profiles,
  vault,
  detect = detectCapabilities,
  maxAgeMs = CAPABILITIES_MAX_AGE_MS,
  intervalMs = maxAgeMs,
  now = () => new Date(),
}: CapabilityMonitorOptions): CapabilityMonitor {
  const running = new Map<string, Promise<InstanceCapabilities>>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const run = (id: string): Promise<InstanceCapabilities> => {
    const job = (async () => {
      const profile = profiles.get(id);
      const token = await vault.get(profile.id);
      try {
        const capabilities = await detect({
          baseUrl: profile.url,
          token,
          now: now(),
          ...(profile.network?.caPem ? { caPem: profile.network.caPem } : {}),
        });
        // After close the host's data dir may be going away: nothing more is written.
        if (!closed) await profiles.setCapabilities(profile.id, { capabilities });
        return capabilities;
      } catch (err) {
        const message =
          err instanceof BridgeError
            ? err.message
            : 'Outpost could not learn what this instance offers (an internal error).';
        if (!closed) await profiles.setCapabilities(profile.id, { error: message }).catch(() => undefined);
        throw err instanceof BridgeError ? err : new BridgeError('internal', message);
      }
    })();
    const tracked = job.finally(() => {
      if (running.get(id) === tracked) running.delete(id);
    });
    running.set(id, tracked);
    return tracked;
  };

  const refresh: CapabilityMonitor['refresh'] = async (id, { fresh = false } = {}) => {
    const profile = profiles.get(id);
    if (profile.kind === 'embedded') return EMBEDDED_CAPABILITIES;
    const current = running.get(id);
    if (current && !fresh) return current;
    if (current) await current.catch(() => undefined);
    return running.get(id) ?? run(id);
  };

  const isStale = (id: string): boolean => {
    const known = profiles.capabilities(id);
    if (!known) return true;
    const age = now().getTime() - Date.parse(known.detectedAt);
    return !(age >= 0 && age < maxAgeMs);
  };

  const refreshIfStale: CapabilityMonitor['refreshIfStale'] = (id) => {
    if (closed) return;
    let kind: string;
    try {
      kind = profiles.get(id).kind;
    } catch {
      return;
    }
    if (kind === 'embedded' || running.has(id) || !isStale(id)) return;
    // Background: the outcome (or the error) is kept in the profile; nothing waits for it.
    refresh(id).catch(() => undefined);
  };

  const checkAll = () => {
    for (const profile of profiles.list()) if (profile.kind === 'remote') refreshIfStale(profile.id);
  };

  return {
    refresh,
    refreshIfStale,
    start() {
      if (closed || timer) return;
      checkAll();
      timer = setInterval(checkAll, intervalMs);
      timer.unref?.();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await Promise.allSettled([...running.values()]);
    },
  };
}
