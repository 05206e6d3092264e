/**
 * The demo builder's only way to make records: the embedded core's own v4 REST API, as root through the
 * host's API proxy (the vault's token) or as a demo user with that user's personal access token
 * (`core.inject`, no socket), plus polling helpers. Nothing here touches SQLite or git.
 */
import type { ApiMethod, ApiQueryValue, ApiResponse } from '../../../shared/ipc-contract.js';
import type { Core } from '../../core/core-contract.js';
import { embeddedRequest } from '../proxy/embedded.js';
import type { ApiProxy } from '../proxy/api-proxy.js';
import { EMBEDDED_PROFILE_ID } from '../profiles/profile-store.js';

/** A failed demo step, with a sentence an administrator can act on. */
export class DemoStepError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DemoStepError';
  }
}

/** One API call: method, path below `/api/v4`, optional query and JSON body. */
export interface DemoCall {
  method: ApiMethod;
  path: string;
  query?: Record<string, ApiQueryValue>;
  body?: unknown;
}

/** The v4 API as the demo builder uses it. */
export interface DemoApi {
  /**
   * Sends `call` as root (the embedded profile's token from the vault) or, with `token`, as the user
   * owning that personal access token. Returns the response; error statuses are responses, not throws.
   */
  send<T = unknown>(call: DemoCall, token?: string): Promise<ApiResponse<T>>;
  /**
   * As `send`, but throws DemoStepError "<what> failed: HTTP <status> <message>" unless the status is one
   * of `ok` (default 200, 201, 202, 204). @returns the body.
   */
  expect<T = unknown>(what: string, call: DemoCall, opts?: { token?: string; ok?: number[] }): Promise<T>;
}

/** Builds the demo API over the proxy (root) and the core (demo users). */
export function createDemoApi(proxy: ApiProxy, core: Pick<Core, 'inject'>): DemoApi {
  const send = async <T>(call: DemoCall, token?: string): Promise<ApiResponse<T>> => {
    const req = { ...call, profileId: EMBEDDED_PROFILE_ID };
    const res = token === undefined ? await proxy.request(req) : await embeddedRequest(core, token, req);
    return res as ApiResponse<T>;
  };
  return {
    send,
    async expect<T>(what: string, call: DemoCall, opts: { token?: string; ok?: number[] } = {}) {
      const res = await send<T>(call, opts.token);
      if (!(opts.ok ?? [200, 201, 202, 204]).includes(res.status)) {
        throw new DemoStepError(`${what} failed: HTTP ${res.status} ${errorText(res.body)}`);
      }
      return res.body;
    },
  };
}

/** GitLab's `{"message": …}` / `{"error": …}` bodies as one short line. */
export function errorText(body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; error?: unknown };
    const m = b.message ?? b.error;
    if (m !== undefined) return typeof m === 'string' ? m : JSON.stringify(m);
  }
  return typeof body === 'string' ? body.slice(0, 200) : JSON.stringify(body ?? null).slice(0, 200);
}

/**
 * Polls `probe` every `intervalMs` (default 150 ms) until it returns a value other than undefined.
 * @throws DemoStepError "Timed out after N s waiting for <what>" after `timeoutMs` (default 60 000 ms).
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  opts: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      throw new DemoStepError(
        `Timed out after ${Math.round((opts.timeoutMs ?? 60_000) / 1000)} s waiting for ${what}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, opts.intervalMs ?? 150));
  }
}

/** `encodeURIComponent` for a path segment such as `group/project` or a file path. */
export const enc = (segment: string | number): string => encodeURIComponent(String(segment));
