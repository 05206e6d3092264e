import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BRIDGE_CHANNELS } from '../../shared/ipc-contract.js';
import { buildBrowserHostServer } from '../host/browser-host/server.js';
import { createBridgeHandlers } from '../host/bridge-handlers.js';
import { createHost, type Host } from '../host/host.js';
import { createKeyFileCipher } from '../host/vault/key-file-cipher.js';

type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown>;
const registered = new Map<string, Handler>();

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: Handler) => registered.set(channel, fn),
    removeHandler: (channel: string) => registered.delete(channel),
  },
}));

const { createTrustedSenderCheck, registerBridgeIpc } = await import('./ipc.js');
const { APP_INDEX_URL } = await import('./app-protocol.js');

let dir: string;
let host: Host;

function eventFrom(id: number, url: string, { subFrame = false } = {}) {
  const mainFrame = { url, processId: 11, routingId: 1 };
  return {
    sender: { id, mainFrame },
    senderFrame: subFrame ? { url, processId: 11, routingId: 2 } : mainFrame,
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-ipc-'));
  host = await createHost({
    appDataDir: dir,
    shell: 'electron',
    version: '0.0.0-test',
    cipher: await createKeyFileCipher(join(dir, 'host')),
    cipherId: 'key-file',
    openExternal: async () => undefined,
  });
});
afterAll(async () => {
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

describe('bridge IPC', () => {
  it('registers exactly the contract channels and answers trusted senders with the envelope', async () => {
    const senders = createTrustedSenderCheck(APP_INDEX_URL);
    senders.trust(3);
    const unregister = registerBridgeIpc(createBridgeHandlers(host), senders.isTrusted);
    expect([...registered.keys()].sort()).toEqual([...BRIDGE_CHANNELS].sort());

    const ok = eventFrom(3, `${APP_INDEX_URL}#/projects`);
    const list = (await registered.get('profiles:list')?.(ok)) as { result: Array<{ id: string }> };
    expect(list.result.map((p) => p.id)).toEqual(['embedded']);
    expect(await registered.get('profiles:remove')?.(ok, 'embedded')).toMatchObject({
      error: { code: 'bad_request' },
    });
    expect(await registered.get('profiles:list')?.(ok, 'extra')).toMatchObject({
      error: { code: 'bad_request' },
    });
    unregister();
    expect(registered.size).toBe(0);
  });

  it("answers with the same {result}|{error} envelope as the browser host's bridge endpoint", async () => {
    const senders = createTrustedSenderCheck(APP_INDEX_URL);
    senders.trust(3);
    const handlers = createBridgeHandlers(host);
    const unregister = registerBridgeIpc(handlers, senders.isTrusted);
    const server = await buildBrowserHostServer({
      handlers,
      secret: 'launch-secret',
      rendererDir: join(dir, 'no-renderer'),
      port: () => 4321,
    });
    const ok = eventFrom(3, APP_INDEX_URL);
    try {
      const calls: Array<[string, unknown[]]> = [
        ['profiles:list', []],
        ['profiles:set-active', ['gone']],
        ['profiles:remove', ['embedded']],
        ['profiles:list', ['extra']],
      ];
      for (const [channel, args] of calls) {
        const viaIpc = await registered.get(channel)?.(ok, ...args);
        const viaHttp = await server.inject({
          method: 'POST',
          url: `/bridge/${channel}`,
          headers: { host: '127.0.0.1:4321', 'x-outpost-secret': 'launch-secret' },
          payload: { args },
        });
        expect(viaIpc, channel).toEqual(viaHttp.json());
      }
      // A host error keeps its code across the IPC envelope (not only its message).
      expect(await registered.get('profiles:set-active')?.(ok, 'gone')).toEqual({
        error: { code: 'not_found', message: 'There is no connection profile "gone".' },
      });
    } finally {
      await server.close();
      unregister();
    }
  });

  it('refuses untrusted senders, sub-frames and foreign pages without running anything', async () => {
    const senders = createTrustedSenderCheck(APP_INDEX_URL);
    senders.trust(3);
    const unregister = registerBridgeIpc(createBridgeHandlers(host), senders.isTrusted);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const input = { name: 'evil', url: 'https://evil.example', token: 'glpat-should-never-be-stored' };
    for (const event of [
      eventFrom(4, APP_INDEX_URL),
      eventFrom(3, APP_INDEX_URL, { subFrame: true }),
      eventFrom(3, 'https://evil.example/index.html'),
      eventFrom(3, 'file:///opt/outpost/dist/renderer/index.html'),
      eventFrom(3, 'app://evil/index.html'),
      eventFrom(3, 'app://outpost/other.html'),
    ]) {
      await expect(registered.get('profiles:add-remote')?.(event, input)).rejects.toThrow(/untrusted sender/);
    }
    senders.forget(3);
    await expect(registered.get('profiles:list')?.(eventFrom(3, APP_INDEX_URL))).rejects.toThrow();
    expect(host.profiles.list()).toHaveLength(1);
    warn.mockRestore();
    unregister();
  });
});
