import type { ApiResponse } from '../../../shared/ipc-contract.js';
import { BridgeError } from '../bridge-error.js';
import {
  DEFAULT_TIMEOUT_MS,
  proxyEnv,
  sendRequest,
  TransportError,
  type NetworkSettings,
} from '../network/transport.js';
import { proxiedUrl, type ProxiedRequest } from './api-url.js';
import { parseResponseBody, sanitizeResponseHeaders } from './response-parts.js';

/** Default time a remote call may take to its response headers, in milliseconds. */
export const REMOTE_TIMEOUT_MS = DEFAULT_TIMEOUT_MS;

/** Options of `remoteRequest`: the profile's network settings (electron/host/network/transport.ts). */
export type RemoteRequestOptions = NetworkSettings;

/**
 * Sends `req` to a remote GitLab: `<baseUrl>/api/v4<path>?<query>` (or `<baseUrl>/api/graphql` for a
 * GraphQL request, api-url.ts `ProxiedRequest`) with `PRIVATE-TOKEN`, a JSON body
 * when given, `redirect: 'manual'` (a redirect is returned as a response, so the token never follows
 * it to another host), through `sendRequest` (OS + bundled + profile CAs, HTTPS_PROXY/NO_PROXY, a
 * headers timeout of `timeoutMs`, default 15 s, a separate body bound, GET/HEAD retried on network
 * errors).
 * Errors: BridgeError `timeout` ("… did not answer within 15 s …"), `unreachable` ("Could not reach
 * https://… (ECONNREFUSED). Check the URL and your network.", with "through the proxy http://…" when
 * one was used; electron/host/profiles/explain-network-error.ts turns it into advice), `bad_request`
 * for an invalid path. HTTP error statuses are responses, not throws.
 */
export async function remoteRequest(
  baseUrl: string,
  token: string | null,
  req: ProxiedRequest,
  options: RemoteRequestOptions = {},
): Promise<ApiResponse> {
  const url = `${baseUrl}${proxiedUrl(req)}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers['private-token'] = token;
  const hasBody = req.body !== undefined && req.method !== 'GET' && req.method !== 'HEAD';
  if (hasBody) headers['content-type'] = 'application/json';
  if (req.ifNoneMatch !== undefined && (req.method === 'GET' || req.method === 'HEAD'))
    headers['if-none-match'] = req.ifNoneMatch;

  let raw;
  try {
    raw = await sendRequest(
      url,
      { method: req.method, headers, ...(hasBody ? { body: JSON.stringify(req.body) } : {}) },
      options,
    );
  } catch (err) {
    throw networkError(baseUrl, err, options);
  }
  const responseHeaders = sanitizeResponseHeaders(raw.headers.entries(), token);
  return {
    status: raw.status,
    headers: responseHeaders,
    body: parseResponseBody(raw.text, responseHeaders['content-type'], token),
  };
}

/**
 * The proxy URL for `baseUrl` without user:password, for messages: the one the transport used when it
 * says (the OS proxy settings), else the one HTTPS_PROXY / HTTP_PROXY name.
 */
function proxyShown(baseUrl: string, options: NetworkSettings, err?: TransportError): string {
  if (err?.proxyUrl) return err.proxyUrl;
  const { httpProxy, httpsProxy } = proxyEnv(options.env ?? process.env);
  const proxy = baseUrl.startsWith('https:') ? httpsProxy : httpProxy;
  try {
    const parsed = new URL(proxy);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'the configured proxy';
  }
}

/** Maps a transport failure to a BridgeError naming the instance, the code and the proxy if any. */
function networkError(baseUrl: string, err: unknown, options: NetworkSettings): BridgeError {
  const timeoutMs = options.timeoutMs ?? REMOTE_TIMEOUT_MS;
  if (!(err instanceof TransportError)) {
    return new BridgeError('unreachable', `Could not reach ${baseUrl}. Check the URL and your network.`);
  }
  if (err.kind === 'timeout') {
    return new BridgeError(
      'timeout',
      `${baseUrl} did not answer within ${Math.round(timeoutMs / 1000)} s. Check that the instance is up, or try again.${err.proxied ? ` Requests go through the proxy ${proxyShown(baseUrl, options, err)}.` : ''}`,
    );
  }
  if (err.kind === 'body_timeout') {
    return new BridgeError(
      'timeout',
      `${baseUrl} started answering but did not finish in time. Try again, or raise the profile's timeout.`,
    );
  }
  let code = err.code;
  const proxyStatus = /Proxy response \((\d{3})\)/.exec(causeMessages(err));
  if (err.proxied && proxyStatus) code = `PROXY_${proxyStatus[1]}`;
  const via = err.proxied ? ` through the proxy ${proxyShown(baseUrl, options, err)}` : '';
  return new BridgeError(
    'unreachable',
    `Could not reach ${baseUrl}${code ? ` (${code})` : ''}${via}. Check the URL and your network.`,
  );
}

/** The messages along an error's `cause` chain, joined (undici puts the proxy's status in one). */
function causeMessages(err: unknown): string {
  const parts: string[] = [];
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    parts.push(current.message);
    current = current.cause;
  }
  return parts.join(' | ');
}
