import {
  BROWSER_HOST_SECRET_HEADER,
  type BridgeChannel,
  type BridgeChannels,
  type BridgeErrorShape,
  type BridgeReply,
  type OutpostBridge,
  type OutpostWireBridge,
} from '../../../shared/ipc-contract.js';
import { isBridgeErrorShape, unwrapBridge } from './bridge-error.js';

/** Options of {@link createHttpBridge}. */
export interface HttpBridgeOptions {
  /** Origin of the browser host, e.g. `http://127.0.0.1:5123`; `''` for same-origin (the default). */
  baseUrl?: string;
  /**
   * The per-launch secret, sent as `x-outpost-secret`; null when the page was opened without one, as
   * the app window and a printed launch address open it: the host's session cookie (set by its one-time
   * `/launch?code=…` exchange, HttpOnly) then goes with each same-origin call instead.
   */
  secret: string | null;
  /** fetch implementation (tests pass Node's). Defaults to the global fetch. */
  fetchImpl?: typeof fetch;
}

type ChannelResult<C extends BridgeChannel> = Awaited<ReturnType<BridgeChannels[C]>>;

/**
 * The {@link OutpostBridge} over the browser host's HTTP wire format: {@link createHttpTransport},
 * unwrapped by `unwrapBridge` like Electron's `window.outpost`. Failures reject with a BridgeError.
 */
export function createHttpBridge(options: HttpBridgeOptions): OutpostBridge {
  return unwrapBridge(createHttpTransport(options));
}

/**
 * The browser host's shell as a wire bridge (shared/ipc-contract.ts): `POST /bridge/<channel>` with the
 * secret header and `{"args": [...]}`; each method resolves to the reply's `{"result"}` or
 * `{"error": {code, message}}` envelope, exactly as Electron's preload does. Without a secret the call
 * carries no secret header and relies on the session cookie (`credentials: 'same-origin'`). What HTTP
 * adds becomes an envelope too: a 403 without a bridge error → `bad_request` (the launch secret), a
 * failed fetch → `unreachable`, any other reply outside the contract → `internal`.
 */
export function createHttpTransport(options: HttpBridgeOptions): OutpostWireBridge {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const failure = (error: BridgeErrorShape) => ({ error });

  async function call<C extends BridgeChannel>(
    channel: C,
    args: Parameters<BridgeChannels[C]>,
  ): Promise<BridgeReply<ChannelResult<C>>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.secret) headers[BROWSER_HOST_SECRET_HEADER] = options.secret;
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}/bridge/${channel}`, {
        method: 'POST',
        headers,
        credentials: 'same-origin',
        body: JSON.stringify({ args }),
      });
    } catch {
      return failure({
        code: 'unreachable',
        message: 'Outpost is not running any more. Restart it and open the new address.',
      });
    }
    const reply: unknown = await response.json().catch(() => null);
    if (typeof reply === 'object' && reply !== null) {
      const record = reply as Record<string, unknown>;
      if (response.ok && 'result' in record) return { result: record.result as ChannelResult<C> };
      if (isBridgeErrorShape(record.error)) return failure(record.error);
    }
    if (response.status === 403) {
      return failure({
        code: 'bad_request',
        message:
          'Outpost refused this page (its launch secret is missing or out of date). Open the address Outpost printed at startup.',
      });
    }
    return failure({
      code: 'internal',
      message: `Outpost answered ${channel} with HTTP ${response.status} and no usable reply.`,
    });
  }

  return {
    api: {
      request: (req) => call('api:request', [req]),
      graphql: (req) => call('api:graphql', [req]),
    },
    profiles: {
      list: () => call('profiles:list', []),
      addRemote: (input) => call('profiles:add-remote', [input]),
      remove: (id) => call('profiles:remove', [id]),
      update: (input) => call('profiles:update', [input]),
      setActive: (id) => call('profiles:set-active', [id]),
      check: (id) => call('profiles:check', [id]),
    },
    app: { info: () => call('app:info', []) },
    shell: { openExternal: (url) => call('shell:open-external', [url]) },
    exports: {
      start: (input) => call('export:start', [input]),
      status: (exportId) => call('export:status', [exportId]),
      cancel: (exportId) => call('export:cancel', [exportId]),
    },
    events: {
      poll: (sinceSeq, timeoutMs) => call('events:poll', [sinceSeq, timeoutMs]),
      slowDowns: (sinceSeq, timeoutMs) => call('events:slow-downs', [sinceSeq, timeoutMs]),
    },
    notify: { show: (input) => call('notify:show', [input]) },
    onboarding: {
      status: () => call('onboarding:status', []),
      finish: (choice) => call('onboarding:finish', [choice]),
    },
    demo: {
      load: (input) => call('demo:load', [input]),
      status: () => call('demo:status', []),
    },
  };
}
