/**
 * Test builder: a real core on a fresh temp data dir, listening on 127.0.0.1 with a free port, and a
 * small HTTP client for it (real `fetch` over loopback). Created at test time, removed afterwards.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCore } from '../../app.js';
import type { Core, CoreOptions } from '../../core-contract.js';

export const ROOT_TOKEN = 'glpat-test-root-token-0123456789';

export interface ApiCallOptions {
  token?: string | null;
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (already bracket-encoded keys allowed). */
  form?: Record<string, string> | [string, string][];
  /** Sent as multipart/form-data. */
  multipart?: [string, string][];
  headers?: Record<string, string>;
}

export interface ApiResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestCore {
  core: Core;
  url: string;
  dataDir: string;
  rootToken: string;
  /** `fetch(url + '/api/v4' + path)` with the root token unless `token` is given (null = anonymous). */
  api<T = unknown>(method: string, apiPath: string, opts?: ApiCallOptions): Promise<ApiResult<T>>;
  /** Stop the core but keep its data dir, to start another core on it (restart and crash-recovery tests). */
  stop(): Promise<void>;
  /** Stop the core and remove its data dir. */
  close(): Promise<void>;
}

/**
 * Start a core with a known root token, on a fresh temp dir or on `opts.dataDir` (a restart: the root
 * user and every token created before are kept).
 */
export async function startTestCore(
  opts: { dataDir?: string; options?: Omit<CoreOptions, 'dataDir' | 'rootToken'> } = {},
): Promise<TestCore> {
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'outpost-core-')));
  const core = await createCore({ ...opts.options, dataDir, rootToken: ROOT_TOKEN });
  const url = await core.listen({ port: 0 });
  const api = async <T>(
    method: string,
    apiPath: string,
    opts: ApiCallOptions = {},
  ): Promise<ApiResult<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    const token = opts.token === undefined ? ROOT_TOKEN : opts.token;
    if (token !== null) headers['PRIVATE-TOKEN'] = token;
    let body: string | FormData | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    } else if (opts.multipart) {
      const fd = new FormData();
      for (const [k, v] of opts.multipart) fd.append(k, v);
      body = fd;
    }
    const res = await fetch(`${url}/api/v4${apiPath}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  };
  return {
    core,
    url,
    dataDir,
    rootToken: ROOT_TOKEN,
    api,
    async stop() {
      await core.close();
    },
    async close() {
      await core.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let userSeq = 0;

/**
 * Create a user through the API (as root) and a token for them.
 * @returns the user's id, username and plaintext token.
 */
export async function createUserWithToken(
  t: TestCore,
  opts: { username?: string; admin?: boolean; scopes?: string[]; expiresAt?: string } = {},
): Promise<{ id: number; username: string; token: string }> {
  userSeq += 1;
  const username = opts.username ?? `user${userSeq}-${Math.random().toString(36).slice(2, 7)}`;
  const user = await t.api<{ id: number }>('POST', '/users', {
    json: {
      username,
      name: `User ${username}`,
      email: `${username}@example.com`,
      password: 'correct-horse-battery',
      admin: opts.admin ?? false,
    },
  });
  if (user.status !== 201) throw new Error(`creating user failed: ${user.status} ${user.text}`);
  const tok = await t.api<{ token: string }>('POST', `/users/${user.body.id}/personal_access_tokens`, {
    json: { name: 'test', scopes: opts.scopes ?? ['api'], expires_at: opts.expiresAt },
  });
  if (tok.status !== 201) throw new Error(`creating token failed: ${tok.status} ${tok.text}`);
  return { id: user.body.id, username, token: tok.body.token };
}
