import type { OutpostBridge, OutpostWireBridge } from '../../../shared/ipc-contract.js';
import { unwrapBridge } from './bridge-error.js';
import { createHttpBridge } from './http-bridge.js';
import { takeLaunchSecret } from './launch-secret.js';

declare global {
  interface Window {
    /**
     * Exposed by the Electron preload (contextBridge): methods resolving to `{result}|{error}` envelopes;
     * absent in the browser host.
     */
    outpost?: OutpostWireBridge;
  }
}

let current: OutpostBridge | null = null;

/**
 * The bridge to the host: `window.outpost` inside Electron, else the browser host's HTTP bridge
 * (the launch secret is taken from the URL on first use). Created once per page. Both shells deliver
 * the same envelopes and both are unwrapped by `unwrapBridge`, so a host error rejects with a
 * BridgeError carrying its code (not_found, bad_request…) under either shell.
 */
export function getBridge(): OutpostBridge {
  if (current) return current;
  if (window.outpost) {
    current = unwrapBridge(window.outpost);
  } else {
    current = createHttpBridge({ secret: takeLaunchSecret(window) });
  }
  return current;
}

/**
 * Replace the bridge (tests, or a real browser host at another origin); `null` restores the default
 * lookup on next {@link getBridge}.
 */
export function setBridge(bridge: OutpostBridge | null): void {
  current = bridge;
}
