/**
 * Remote profiles over plain http:// through the bridge, as the renderer calls it: a real host (profile
 * store and vault on a temp dir), the real handlers and their argument schemas, the wire envelope.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInsecureRemoteUrl, isLoopbackHostname } from '../../../shared/instance-url-security.js';
import { createBridgeHandlers, dispatchBridgeCall, type BridgeHandlers } from '../bridge-handlers.js';
import { createHost, type Host } from '../host.js';
import { createKeyFileCipher } from '../vault/key-file-cipher.js';

let dir: string;
let host: Host;
let handlers: BridgeHandlers;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-insecure-http-'));
  host = await createHost({
    appDataDir: dir,
    shell: 'browser-host',
    version: '0.0.0-test',
    cipher: await createKeyFileCipher(join(dir, 'host')),
    cipherId: 'key-file',
    openExternal: async () => undefined,
  });
  handlers = createBridgeHandlers(host);
});
afterAll(async () => {
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

describe('profiles:add-remote with plain http://', () => {
  it('answers insecure_http (400) without the confirmation and stores nothing', async () => {
    const input = { name: 'Lab', url: 'http://gitlab.lab.example', token: 'glpat-lab-token' };
    const refused = await dispatchBridgeCall(handlers, 'profiles:add-remote', [input]);
    expect(refused.status).toBe(400);
    expect(refused.reply).toMatchObject({
      error: { code: 'insecure_http', message: expect.stringContaining('the token will travel unencrypted') },
    });
    expect(JSON.stringify(refused.reply)).not.toContain('glpat-lab-token');
    expect(host.profiles.list().map((p) => p.id)).toEqual(['embedded']);
  });

  it('saves the profile once confirmed, and refuses a confirmation that is not a boolean', async () => {
    const input = { name: 'Lab', url: 'http://gitlab.lab.example', token: 'glpat-lab-token' };
    const wrongType = await dispatchBridgeCall(handlers, 'profiles:add-remote', [
      { ...input, allowInsecureHttp: 'yes' },
    ]);
    expect(wrongType.reply).toMatchObject({ error: { code: 'bad_request' } });
    const saved = await dispatchBridgeCall(handlers, 'profiles:add-remote', [
      { ...input, allowInsecureHttp: true },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.reply).toMatchObject({ result: { url: 'http://gitlab.lab.example', hasToken: true } });
  });
});

describe('isInsecureRemoteUrl', () => {
  it.each([
    ['http://gitlab.example.com', true],
    ['http://192.168.1.10:8080', true],
    ['http://[::ffff:10.0.0.1]/', true],
    ['http://localhost.example.com', true],
    ['https://gitlab.example.com', false],
    ['http://localhost:8080', false],
    ['http://LOCALHOST./', false],
    ['http://127.0.0.1', false],
    ['http://127.1', false],
    ['http://0x7f000001', false],
    ['http://[::1]:3000', false],
    ['http://[0:0:0:0:0:0:0:1]', false],
    ['http://[::ffff:127.0.0.1]', false],
    ['not a url', false],
  ])('%s → %s', (url, insecure) => {
    expect(isInsecureRemoteUrl(url)).toBe(insecure);
  });

  it('isLoopbackHostname rejects look-alikes', () => {
    expect(isLoopbackHostname('127.0.0.256')).toBe(false);
    expect(isLoopbackHostname('128.0.0.1')).toBe(false);
    expect(isLoopbackHostname('localhost.evil')).toBe(false);
  });
});
