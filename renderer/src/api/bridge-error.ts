import type {
  BridgeErrorShape,
  BridgeReply,
  OutpostBridge,
  OutpostWireBridge,
} from '../../../shared/ipc-contract.js';

/**
 * A host-side failure reported across the bridge (unreachable instance, unknown profile, bad secret…).
 * Distinct from {@link ApiError}, which is an HTTP error returned by the GitLab instance itself.
 */
export class BridgeError extends Error {
  override readonly name = 'BridgeError';
  readonly code: BridgeErrorShape['code'];

  constructor(shape: BridgeErrorShape) {
    super(shape.message);
    this.code = shape.code;
  }
}

const BRIDGE_ERROR_CODES: ReadonlySet<string> = new Set([
  'unreachable',
  'timeout',
  'not_found',
  'bad_request',
  'insecure_http',
  'internal',
]);

/** True when `value` has the `{code, message}` shape of a bridge error. */
export function isBridgeErrorShape(value: unknown): value is BridgeErrorShape {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as Record<string, unknown>;
  return typeof code === 'string' && BRIDGE_ERROR_CODES.has(code) && typeof message === 'string';
}

/**
 * The one place a bridge reply becomes a value or a thrown {@link BridgeError}, whichever shell sent it:
 * `{ result }` → the result; `{ error: {code, message} }` → BridgeError with that code; anything else (a
 * shell that answered outside the contract) → BridgeError `internal`.
 */
export function unwrapReply<T>(reply: BridgeReply<T> | unknown, what: string): T {
  if (typeof reply === 'object' && reply !== null) {
    const record = reply as Record<string, unknown>;
    if (isBridgeErrorShape(record.error)) throw new BridgeError(record.error);
    if ('result' in record) return record.result as T;
  }
  throw new BridgeError({ code: 'internal', message: `Outpost answered ${what} without a usable reply.` });
}

/**
 * OutpostBridge over a shell's wire bridge (Electron's `window.outpost` or the browser host's HTTP
 * transport): every method resolves to its result or rejects with a {@link BridgeError} carrying the
 * host's code (shared/ipc-contract.ts `BridgeReply`), so the query retry policy sees the same error
 * under both shells. A wire method that rejects instead (outside the contract) becomes `internal`.
 */
export function unwrapBridge(wire: OutpostWireBridge): OutpostBridge {
  const bridge: Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const [group, methods] of Object.entries(wire)) {
    const unwrapped: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
    for (const [name, method] of Object.entries(
      methods as Record<string, (...a: unknown[]) => Promise<unknown>>,
    )) {
      unwrapped[name] = async (...args) => {
        let reply: unknown;
        try {
          reply = await method(...args);
        } catch (err) {
          if (err instanceof BridgeError) throw err;
          throw new BridgeError({
            code: 'internal',
            message: err instanceof Error ? err.message : `Outpost could not run ${group}.${name}.`,
          });
        }
        return unwrapReply(reply, `${group}.${name}`);
      };
    }
    bridge[group] = unwrapped;
  }
  return bridge as unknown as OutpostBridge;
}
