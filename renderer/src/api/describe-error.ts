import { ApiError } from './api-error.js';
import { BridgeError } from './bridge-error.js';

/** Electron prefixes errors rethrown by `ipcRenderer.invoke`; the administrator needs only the cause. */
const IPC_PREFIX = /^Error invoking remote method '[^']+': (?:\w*Error: )?/;

/** A sentence for any error thrown by the API client or the bridge, for alerts and notifications. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError || error instanceof BridgeError) return error.message;
  if (error instanceof Error && error.message) return error.message.replace(IPC_PREFIX, '');
  return 'Something went wrong.';
}
