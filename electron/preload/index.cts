/**
 * Preload (sandboxed, CommonJS, one file): exposes `window.outpost` as the typed OutpostBridge, one
 * method per channel and never a generic invoke (Electron context-isolation guide). Imports only
 * 'electron' at runtime; the contract is type-only.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type {
  BridgeChannel,
  BridgeChannels,
  BrowserHostCallReply,
  OutpostBridge,
} from '../../shared/ipc-contract.js';

type ChannelResult<C extends BridgeChannel> = Awaited<ReturnType<BridgeChannels[C]>>;

/**
 * Invokes `channel` with exactly `args` and unwraps main's `{ result } | { error }` envelope.
 * Rejects with an Error carrying the bridge error's message (contextBridge keeps only `message`).
 */
async function call<C extends BridgeChannel>(
  channel: C,
  args: Parameters<BridgeChannels[C]>,
): Promise<ChannelResult<C>> {
  const reply = (await ipcRenderer.invoke(channel, ...args)) as BrowserHostCallReply;
  if ('error' in reply) throw new Error(reply.error.message);
  return reply.result as ChannelResult<C>;
}

const bridge = {
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
} satisfies OutpostBridge;

contextBridge.exposeInMainWorld('outpost', bridge);
