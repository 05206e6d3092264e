import type { BridgeErrorShape } from '../../shared/ipc-contract.js';

/** A host-side failure that crosses the bridge as `{ error: BridgeErrorShape }` (shared/ipc-contract.ts). */
export class BridgeError extends Error {
  readonly code: BridgeErrorShape['code'];

  constructor(code: BridgeErrorShape['code'], message: string) {
    super(message);
    this.name = 'BridgeError';
    this.code = code;
  }
}

/** HTTP status the browser host answers for each bridge error code. */
export const BRIDGE_ERROR_STATUS: Record<BridgeErrorShape['code'], number> = {
  bad_request: 400,
  insecure_http: 400,
  not_found: 404,
  unreachable: 502,
  timeout: 504,
  internal: 500,
};

/**
 * Turns anything thrown by a handler into the wire shape.
 * A `BridgeError` keeps its code and message; anything else becomes `internal` with a generic
 * message, so stack traces, paths or secrets inside unexpected errors never reach the renderer.
 */
export function toBridgeErrorShape(err: unknown): BridgeErrorShape {
  if (err instanceof BridgeError) return { code: err.code, message: err.message };
  return { code: 'internal', message: 'Outpost hit an internal error. See the application log for details.' };
}
