import type { OutpostBridge } from '../../../shared/ipc-contract.js';
import { createHttpBridge } from './http-bridge.js';
import { takeLaunchSecret } from './launch-secret.js';

declare global {
  interface Window {
    /** Exposed by the Electron preload (contextBridge); absent in the browser host. */
    outpost?: OutpostBridge;
  }
}

let current: OutpostBridge | null = null;

/**
 * The bridge to the host: `window.outpost` inside Electron, else the browser host's HTTP bridge
 * (the launch secret is taken from the URL on first use). Created once per page.
 */
export function getBridge(): OutpostBridge {
  if (current) return current;
  if (window.outpost) {
    current = window.outpost;
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
