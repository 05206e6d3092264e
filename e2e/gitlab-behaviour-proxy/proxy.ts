/**
 * Test-only: the GitLab behaviour proxy. A real HTTP server on 127.0.0.1 in front of an Outpost core
 * (the embedded core the browser host starts, `app:info` `embeddedCoreUrl`) that answers as one GitLab
 * version does: it applies the rule set of ./rules.ts for a profile of ./profiles.ts and forwards the
 * rest. An app profile whose URL is this proxy is a remote GitLab to the host (its `/version` has no
 * Outpost revision). Every API request is counted (method, path, status), so a test can prove that no
 * request answered 404 was sent twice. An optional rate limit answers 429 with `Retry-After` once on.
 *
 * Bodies of JSON responses are buffered so the rules can rewrite them; other responses (git over HTTP,
 * archives, raw files) stream through untouched. The request is sent upstream without
 * `accept-encoding`, so JSON comes back uncompressed.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GitLabProfile } from './profiles.js';
import { decideRequest, rateLimited, rewriteResponse, type RuleAnswer, type RuleRequest } from './rules.js';

/** One API request the proxy saw. */
export interface SeenRequest {
  method: string;
  /** Path below `/api/v4`, no query. */
  path: string;
  /** The query string with its `?`, or ''. */
  query: string;
  status: number;
  /** The rule that answered it; null when the core answered. */
  rule: string | null;
}

/** The rate-limit switch: the next `requests` API requests get 429 with `Retry-After: seconds`. */
export interface RateLimit {
  requests: number;
  retryAfterSeconds: number;
  /** Only requests whose path matches (default: every API request but `/version`). */
  match?: RegExp;
}

/** A running proxy. */
export interface BehaviourProxy {
  /** `http://127.0.0.1:<port>`, to add as a remote profile's URL. */
  url: string;
  profile: GitLabProfile;
  /** Every API request so far, in order. */
  seen: SeenRequest[];
  /** `METHOD path?query` of requests answered 404 more than once (the same request again), with their count. */
  repeated404s(): Array<{ request: string; count: number }>;
  /** Every distinct `METHOD path?query` answered 404. */
  distinct404s(): string[];
  /** Switches the rate limit on (or off with null). */
  setRateLimit(limit: RateLimit | null): void;
  close(): Promise<void>;
}

const API_PREFIX = '/api/v4';

/**
 * Hop-by-hop headers (RFC 9110 §7.6.1) stay on their own connection. Forwarding the core's
 * `keep-alive: timeout=…` told the host it could reuse a socket longer than this server keeps it, and a
 * reused, already closed socket failed with UND_ERR_SOCKET.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

/** `headers` without hop-by-hop headers and without `content-length` (set again by the sender). */
function endToEnd(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === 'content-length') continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function readBody(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function sendAnswer(res: ServerResponse, answer: RuleAnswer): void {
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json',
    ...answer.headers,
  });
  res.end(text);
}

/**
 * Starts the proxy for `profile` in front of `target` (`http://127.0.0.1:PORT` of a core) on a free
 * loopback port.
 */
export async function startBehaviourProxy(target: string, profile: GitLabProfile): Promise<BehaviourProxy> {
  const upstream = new URL(target);
  const seen: SeenRequest[] = [];
  let limit: RateLimit | null = null;

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`behaviour proxy: ${String(error)}`);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://proxy.invalid');
    const method = req.method ?? 'GET';
    const isApi = url.pathname.startsWith(`${API_PREFIX}/`);
    const apiPath = isApi ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    const query = url.search;
    const raw = await readBody(req);
    const isJsonRequest = /json/.test(req.headers['content-type'] ?? '');
    let body: unknown = undefined;
    if (isJsonRequest && raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = undefined;
      }
    }
    const ruleReq: RuleRequest = { method, path: apiPath, body };

    if (
      isApi &&
      limit &&
      limit.requests > 0 &&
      (limit.match ? limit.match.test(apiPath) : apiPath !== '/version')
    ) {
      limit.requests -= 1;
      seen.push({ method, path: apiPath, query, status: 429, rule: 'rate-limit' });
      sendAnswer(res, rateLimited(limit.retryAfterSeconds));
      return;
    }

    let forwardRaw = raw;
    if (isApi) {
      const decision = decideRequest(ruleReq, profile);
      if ('answer' in decision) {
        seen.push({ method, path: apiPath, query, status: decision.answer.status, rule: decision.rule });
        sendAnswer(res, decision.answer);
        return;
      }
      if (body !== undefined && decision.forwardBody !== body) {
        forwardRaw = Buffer.from(JSON.stringify(decision.forwardBody));
      }
    }

    const headers: Record<string, string> = { ...endToEnd(req.headers), host: upstream.host };
    delete headers['accept-encoding'];
    if (forwardRaw.length > 0) headers['content-length'] = String(forwardRaw.length);
    const upstreamRes = await new Promise<IncomingMessage>((resolve, reject) => {
      const out = httpRequest(
        { host: upstream.hostname, port: upstream.port, method, path: url.pathname + url.search, headers },
        resolve,
      );
      out.on('error', reject);
      out.end(forwardRaw);
    });
    const status = upstreamRes.statusCode ?? 502;
    const contentType = upstreamRes.headers['content-type'] ?? '';
    if (!isApi || !/application\/json/.test(contentType)) {
      if (isApi) seen.push({ method, path: apiPath, query, status, rule: null });
      const length = upstreamRes.headers['content-length'];
      res.writeHead(status, {
        ...endToEnd(upstreamRes.headers),
        ...(length ? { 'content-length': length } : {}),
      });
      upstreamRes.pipe(res);
      return;
    }
    const text = (await readBody(upstreamRes)).toString('utf8');
    const outHeaders = endToEnd(upstreamRes.headers);
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const rewritten = rewriteResponse(ruleReq, { status, headers: outHeaders, body: parsed }, profile);
    const outText = parsed === undefined ? text : JSON.stringify(rewritten.body);
    seen.push({ method, path: apiPath, query, status, rule: null });
    res.writeHead(status, { ...rewritten.headers, 'content-length': String(Buffer.byteLength(outText)) });
    res.end(outText);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const count404 = () => {
    const counts = new Map<string, number>();
    for (const r of seen) {
      if (r.status !== 404) continue;
      const key = `${r.method} ${r.path}${r.query}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    profile,
    seen,
    repeated404s: () =>
      [...count404().entries()]
        .filter(([, count]) => count > 1)
        .map(([request, count]) => ({ request, count })),
    distinct404s: () => [...count404().keys()],
    setRateLimit: (next) => {
      limit = next ? { ...next } : null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
