import { createSecureContext, type SecureContext } from 'node:tls';
import { EnvHttpProxyAgent, fetch, ProxyAgent, type Dispatcher } from 'undici';
import { SystemProxyError, systemProxyFor } from './system-proxy.js';
import { trustedCertificates } from './trust.js';

/** Network settings of one remote profile. */
export interface NetworkSettings {
  /** Extra CA certificate(s) the profile trusts (PEM, checked by `validateCaPem`). */
  caPem?: string;
  /** Time to the response headers, in ms (default 15 000). */
  timeoutMs?: number;
  /** Time to read the body once headers arrived, in ms (default 4× the timeout, at least 60 000). */
  bodyTimeoutMs?: number;
  /**
   * Where HTTPS_PROXY / HTTP_PROXY / NO_PROXY (or their lower-case forms) are read (default
   * `process.env`); tests pass their own.
   */
  env?: Readonly<Record<string, string | undefined>>;
  /** Retries of a GET/HEAD after a network error (default 2), and the first backoff in ms (default 250, ×3 each time). */
  networkRetries?: number;
  retryBackoffMs?: number;
}

/** Default time to response headers, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 15_000;
/** Shortest bound on reading a body, in milliseconds. */
export const MIN_BODY_TIMEOUT_MS = 60_000;

/** A response read whole: status, headers and the body text ('' for HEAD). */
export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** Why a request failed before a response was read. `code` is the system/undici code when known. */
export class TransportError extends Error {
  constructor(
    readonly kind: 'timeout' | 'body_timeout' | 'network',
    message: string,
    readonly code: string | undefined,
    readonly proxied: boolean,
    options?: { cause?: unknown; proxyUrl?: string },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'TransportError';
    this.proxyUrl = options?.proxyUrl;
  }

  /** The proxy the request went through (scheme://host:port, no credentials), when known. */
  readonly proxyUrl: string | undefined;
}

/** Error codes after which an idempotent request is sent again (the request may never have arrived). */
const RETRYABLE_CODES = new Set([
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ECONNABORTED',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
]);

const dispatchers = new Map<string, Dispatcher>();
const MAX_DISPATCHERS = 16;

/** The proxy variables of `env` as undici's EnvHttpProxyAgent reads them (lower case first, as curl). */
export function proxyEnv(env: Readonly<Record<string, string | undefined>>): {
  httpProxy: string;
  httpsProxy: string;
  noProxy: string;
} {
  const httpProxy = env.http_proxy ?? env.HTTP_PROXY ?? '';
  return {
    httpProxy,
    httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? httpProxy,
    noProxy: env.no_proxy ?? env.NO_PROXY ?? '',
  };
}

/**
 * The dispatcher for a profile (when the OS proxy settings don't apply, see `routeFor`): undici's `EnvHttpProxyAgent` (HTTPS_PROXY/HTTP_PROXY through a
 * CONNECT tunnel or forward proxy, NO_PROXY bypasses; undici docs "EnvHttpProxyAgent") with a CA list of
 * Node's defaults + the OS store + the profile's CA (`trustedCertificates`) for the instance and for an
 * https proxy. Cached per (CA, proxy variables), so connections are kept alive across requests.
 */
export function dispatcherFor(settings: NetworkSettings): Dispatcher {
  const proxies = proxyEnv(settings.env ?? process.env);
  return cachedDispatcher(
    JSON.stringify([settings.caPem ?? '', proxies]),
    settings.caPem,
    (secureContext) =>
      new EnvHttpProxyAgent({
        ...proxies,
        connect: { secureContext },
        requestTls: { secureContext },
        proxyTls: { secureContext },
      }),
  );
}

/**
 * A dispatcher sending everything through the HTTP(S) proxy `proxyUrl` (from the OS settings, see
 * system-proxy.ts; undici docs "ProxyAgent"), with the same trusted CA list as {@link dispatcherFor}.
 */
function systemProxyDispatcher(settings: NetworkSettings, proxyUrl: string): Dispatcher {
  return cachedDispatcher(
    JSON.stringify([settings.caPem ?? '', 'system', proxyUrl]),
    settings.caPem,
    (secureContext) =>
      new ProxyAgent({ uri: proxyUrl, requestTls: { secureContext }, proxyTls: { secureContext } }),
  );
}

/**
 * The dispatcher kept under `key`, made by `make` with one TLS secure context for `caPem`'s CA list the
 * first time (a `ca` list of ~800 PEMs given per connection would be parsed again at each handshake).
 * Keeps the 16 most recent: a replaced CA leaves its dispatcher behind, so the oldest is closed.
 */
function cachedDispatcher(
  key: string,
  caPem: string | undefined,
  make: (secureContext: SecureContext) => Dispatcher,
): Dispatcher {
  let dispatcher = dispatchers.get(key);
  if (!dispatcher) {
    dispatcher = make(createSecureContext({ ca: trustedCertificates(caPem) }));
    dispatchers.set(key, dispatcher);
    if (dispatchers.size > MAX_DISPATCHERS) {
      const [oldestKey, oldest] = dispatchers.entries().next().value as [string, Dispatcher];
      dispatchers.delete(oldestKey);
      void oldest.close().catch(() => undefined);
    }
  }
  return dispatcher;
}

/** Whether HTTPS_PROXY / HTTP_PROXY (either case) name a proxy for `url`'s scheme under `settings`. */
function envNamesProxy(url: string, settings: NetworkSettings): boolean {
  const { httpProxy, httpsProxy } = proxyEnv(settings.env ?? process.env);
  return (url.startsWith('https:') ? httpsProxy : httpProxy) !== '';
}

/**
 * Where a request to `url` goes: through the environment's proxy variables when they name one (they
 * win: an explicit choice), else through what the OS settings say (system-proxy.ts; Electron only),
 * else directly. Errors: TransportError `network` code `UNSUPPORTED_SYSTEM_PROXY` when the OS names
 * only SOCKS proxies.
 */
async function routeFor(
  url: string,
  settings: NetworkSettings,
): Promise<{ dispatcher: Dispatcher; proxied: boolean; proxyUrl: string | undefined }> {
  if (!envNamesProxy(url, settings)) {
    let choice;
    try {
      choice = await systemProxyFor(url);
    } catch (err) {
      if (!(err instanceof SystemProxyError)) throw err;
      throw new TransportError('network', err.message, 'UNSUPPORTED_SYSTEM_PROXY', false, { cause: err });
    }
    if (choice?.kind === 'proxy') {
      return { dispatcher: systemProxyDispatcher(settings, choice.url), proxied: true, proxyUrl: choice.url };
    }
  }
  return { dispatcher: dispatcherFor(settings), proxied: isProxied(url, settings), proxyUrl: undefined };
}

/** Whether `url` goes through a proxy under `settings` (for error messages). */
function isProxied(url: string, settings: NetworkSettings): boolean {
  const { httpProxy, httpsProxy, noProxy } = proxyEnv(settings.env ?? process.env);
  const target = new URL(url);
  const proxy = target.protocol === 'https:' ? httpsProxy : httpProxy;
  if (!proxy) return false;
  const host = target.hostname.toLowerCase();
  return !noProxy
    .split(/[,\s]+/)
    .filter(Boolean)
    .some((entry) => {
      if (entry === '*') return true;
      const name = entry
        .replace(/:\d+$/, '')
        .replace(/^\*?\./, '')
        .toLowerCase();
      return host === name || host.endsWith(`.${name}`);
    });
}

/**
 * Sends one HTTP request through `dispatcherFor(settings)` and reads the whole body. The headers must
 * arrive within `timeoutMs` and the body within `bodyTimeoutMs` after them. A GET or HEAD that fails
 * with a network error in `RETRYABLE_CODES` (ECONNRESET, ETIMEDOUT, …) is sent again up to
 * `networkRetries` times, after 250 ms, 750 ms, …; other methods never are (a write may have arrived).
 * Redirects are not followed (`redirect: 'manual'`).
 * Errors: `TransportError` kind `timeout` | `body_timeout` | `network` (with the code along the cause
 * chain, e.g. ECONNREFUSED, UNABLE_TO_VERIFY_LEAF_SIGNATURE, and whether a proxy was in the way).
 */
export async function sendRequest(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  settings: NetworkSettings = {},
): Promise<RawResponse> {
  const idempotent = init.method === 'GET' || init.method === 'HEAD';
  const retries = idempotent ? (settings.networkRetries ?? 2) : 0;
  const backoff = settings.retryBackoffMs ?? 250;
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendOnce(url, init, settings);
    } catch (err) {
      if (
        !(err instanceof TransportError) ||
        err.kind !== 'network' ||
        attempt >= retries ||
        !RETRYABLE_CODES.has(err.code ?? '')
      ) {
        throw err;
      }
      const delay = backoff * 3 ** attempt * (0.8 + Math.random() * 0.4);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

async function sendOnce(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  settings: NetworkSettings,
): Promise<RawResponse> {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const bodyTimeoutMs = settings.bodyTimeoutMs ?? Math.max(MIN_BODY_TIMEOUT_MS, timeoutMs * 4);
  const { dispatcher, proxied, proxyUrl } = await routeFor(url, settings);
  const controller = new AbortController();
  let phase: 'timeout' | 'body_timeout' | undefined;
  let timer = setTimeout(() => {
    phase = 'timeout';
    controller.abort();
  }, timeoutMs);
  try {
    const res = await fetch(url, {
      method: init.method,
      headers: init.headers,
      redirect: 'manual',
      signal: controller.signal,
      dispatcher,
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    clearTimeout(timer);
    timer = setTimeout(() => {
      phase = 'body_timeout';
      controller.abort();
    }, bodyTimeoutMs);
    const text = init.method === 'HEAD' ? '' : await res.text();
    return { status: res.status, headers: res.headers as unknown as Headers, text };
  } catch (err) {
    if (phase === 'timeout') {
      throw new TransportError('timeout', `No response headers within ${timeoutMs} ms`, undefined, proxied, {
        ...(proxyUrl ? { proxyUrl } : {}),
      });
    }
    if (phase === 'body_timeout') {
      throw new TransportError(
        'body_timeout',
        `Body not read within ${bodyTimeoutMs} ms`,
        undefined,
        proxied,
        proxyUrl ? { proxyUrl } : undefined,
      );
    }
    const code = errorCode(err);
    throw new TransportError('network', code ?? 'network error', code, proxied, {
      cause: err,
      ...(proxyUrl ? { proxyUrl } : {}),
    });
  } finally {
    clearTimeout(timer);
  }
}

/** The first `code` found along an error's `cause` chain (undici wraps system errors). */
export function errorCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z0-9_]+$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
