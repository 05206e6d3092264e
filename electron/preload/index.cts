/**
 * Preload (sandboxed, CommonJS, one file): exposes `window.outpost` as the typed OutpostWireBridge, one
 * method per channel resolving to its `{ result } | { error }` envelope, never a generic invoke (Electron
 * context-isolation guide). Imports only 'electron' at runtime; the contract is type-only.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type {
  BridgeChannel,
  BridgeChannels,
  BridgeReply,
  OutpostWireBridge,
} from '../../shared/ipc-contract.js';

type ChannelResult<C extends BridgeChannel> = Awaited<ReturnType<BridgeChannels[C]>>;

/**
 * Invokes `channel` with exactly `args` and resolves to main's `{ result } | { error }` envelope as it
 * came (the renderer unwraps it, as it does the browser host's replies; contextBridge clones the plain
 * object, so the error's `code` survives where a thrown Error would keep only its message). A refused
 * or failed invoke resolves to an `internal` error envelope.
 */
async function call<C extends BridgeChannel>(
  channel: C,
  args: Parameters<BridgeChannels[C]>,
): Promise<BridgeReply<ChannelResult<C>>> {
  try {
    return (await ipcRenderer.invoke(channel, ...args)) as BridgeReply<ChannelResult<C>>;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { error: { code: 'internal', message: `Outpost could not run ${channel}: ${message}` } };
  }
}

const bridge = {
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
} satisfies OutpostWireBridge;

contextBridge.exposeInMainWorld('outpost', bridge);
