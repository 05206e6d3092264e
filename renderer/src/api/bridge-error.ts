import type { BridgeErrorShape } from '../../../shared/ipc-contract.js';

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
