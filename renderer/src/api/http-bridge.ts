import {
  BROWSER_HOST_SECRET_HEADER,
  type BridgeChannel,
  type BridgeChannels,
  type OutpostBridge,
} from '../../../shared/ipc-contract.js';
import { BridgeError, isBridgeErrorShape } from './bridge-error.js';

/** Options of {@link createHttpBridge}. */
export interface HttpBridgeOptions {
  /** Origin of the browser host, e.g. `http://127.0.0.1:5123`; `''` for same-origin (the default). */
  baseUrl?: string;
  /** The per-launch secret; null when the page was opened without one. */
  secret: string | null;
  /** fetch implementation (tests pass Node's). Defaults to the global fetch. */
  fetchImpl?: typeof fetch;
}

type ChannelResult<C extends BridgeChannel> = Awaited<ReturnType<BridgeChannels[C]>>;

/**
 * The {@link OutpostBridge} over the browser host's HTTP wire format (shared/ipc-contract.ts):
 * `POST /bridge/<channel>` with the secret header and `{"args": [...]}`; replies `{"result"}` or
 * `{"error": {code, message}}`. Failures reject with a {@link BridgeError}.
 */
export function createHttpBridge(options: HttpBridgeOptions): OutpostBridge {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));

  async function call<C extends BridgeChannel>(
    channel: C,
    args: Parameters<BridgeChannels[C]>,
  ): Promise<ChannelResult<C>> {
    if (!options.secret) {
      throw new BridgeError({
        code: 'bad_request',
        message:
          'This page was opened without its launch secret. Open Outpost from the address it printed at startup.',
      });
    }
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}/bridge/${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [BROWSER_HOST_SECRET_HEADER]: options.secret },
        body: JSON.stringify({ args }),
      });
    } catch {
      throw new BridgeError({
        code: 'unreachable',
        message: 'Outpost is not running any more. Restart it and open the new address.',
      });
    }
    const reply: unknown = await response.json().catch(() => null);
    if (typeof reply === 'object' && reply !== null) {
      const record = reply as Record<string, unknown>;
      if (response.ok && 'result' in record) return record.result as ChannelResult<C>;
      if (isBridgeErrorShape(record.error)) throw new BridgeError(record.error);
    }
    if (response.status === 403) {
      throw new BridgeError({
        code: 'bad_request',
        message:
          'Outpost refused this page (its launch secret is missing or out of date). Open the address Outpost printed at startup.',
      });
    }
    throw new BridgeError({
      code: 'internal',
      message: `Outpost answered ${channel} with HTTP ${response.status} and no usable reply.`,
    });
  }

  return {
    api: { request: (req) => call('api:request', [req]) },
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
    events: { poll: (sinceSeq, timeoutMs) => call('events:poll', [sinceSeq, timeoutMs]) },
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
