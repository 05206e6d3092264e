import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeErrorShape, BridgeReply, OutpostWireBridge } from '../../../shared/ipc-contract.js';
import { createQueryClient } from '../app/query-client.js';
import { BridgeError } from './bridge-error.js';
import { getBridge, setBridge } from './bridge.js';
import { createHttpBridge } from './http-bridge.js';

const notFound: BridgeErrorShape = { code: 'not_found', message: 'No connection profile "gone".' };
const unreachable: BridgeErrorShape = { code: 'unreachable', message: 'gitlab.example.com did not answer.' };

/**
 * Electron's `window.outpost` as the preload exposes it: each method resolves to the envelope main's
 * ipc handler returned (`{result}` or `{error}`), here the given reply for `profiles.check`, counting calls.
 */
function electronShell(reply: BridgeReply<unknown>): { wire: OutpostWireBridge; calls: () => number } {
  let calls = 0;
  const answer = async () => {
    calls += 1;
    return reply;
  };
  const wire = {
    api: { request: answer },
    profiles: {
      list: answer,
      addRemote: answer,
      remove: answer,
      update: answer,
      setActive: answer,
      check: answer,
    },
    app: { info: answer },
    shell: { openExternal: answer },
    exports: { start: answer, status: answer, cancel: answer },
    events: { poll: answer },
    notify: { show: answer },
    onboarding: { status: answer, finish: answer },
    demo: { load: answer, status: answer },
  } as unknown as OutpostWireBridge;
  return { wire, calls: () => calls };
}

/** The browser host's shell: its HTTP wire format (status and `{error}` body), counting requests. */
function browserShell(
  status: number,
  error: BridgeErrorShape,
): { fetchImpl: typeof fetch; calls: () => number } {
  let calls = 0;
  const fetchImpl: typeof fetch = async () => {
    calls += 1;
    return new Response(JSON.stringify({ error }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetchImpl, calls: () => calls };
}

/** Runs `profiles.check` as a query under the app's retry policy (no delay between attempts). */
async function queryError(): Promise<unknown> {
  const client = createQueryClient();
  try {
    await client.fetchQuery({
      queryKey: ['bridge-test', Math.random()],
      queryFn: () => getBridge().profiles.check('gone'),
      retryDelay: 0,
    });
  } catch (error) {
    return error;
  } finally {
    client.clear();
  }
  throw new Error('the query did not fail');
}

afterEach(() => {
  delete window.outpost;
  setBridge(null);
});

describe('one bridge error behaviour under both shells', () => {
  it('Electron: a not_found envelope arrives as BridgeError not_found and is not retried', async () => {
    const shell = electronShell({ error: notFound });
    window.outpost = shell.wire;
    setBridge(null);
    const error = await queryError();
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ code: 'not_found', message: notFound.message });
    expect(shell.calls()).toBe(1);
  });

  it('browser host: a 404 not_found reply arrives as BridgeError not_found and is not retried', async () => {
    const shell = browserShell(404, notFound);
    setBridge(createHttpBridge({ secret: 'abc', fetchImpl: shell.fetchImpl }));
    const error = await queryError();
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ code: 'not_found', message: notFound.message });
    expect(shell.calls()).toBe(1);
  });

  it('the same policy retries unreachable once in both shells', async () => {
    const electron = electronShell({ error: unreachable });
    window.outpost = electron.wire;
    setBridge(null);
    expect(await queryError()).toMatchObject({ code: 'unreachable' });
    expect(electron.calls()).toBe(2);

    delete window.outpost;
    const browser = browserShell(502, unreachable);
    setBridge(createHttpBridge({ secret: 'abc', fetchImpl: browser.fetchImpl }));
    expect(await queryError()).toMatchObject({ code: 'unreachable' });
    expect(browser.calls()).toBe(2);
  });

  it('Electron: a result envelope resolves to its value; a reply outside the contract is internal', async () => {
    window.outpost = electronShell({ result: { ok: true } }).wire;
    setBridge(null);
    await expect(getBridge().profiles.check('x')).resolves.toEqual({ ok: true });

    window.outpost = electronShell('nonsense' as unknown as BridgeReply<unknown>).wire;
    setBridge(null);
    await expect(getBridge().profiles.check('x')).rejects.toMatchObject({ code: 'internal' });
  });
});
