/**
 * The `app://outpost/…` protocol that serves the built renderer (dist/renderer) to the Electron window,
 * instead of `file://` (Electron security checklist item 18, "Avoid usage of the file:// protocol and
 * prefer usage of custom protocols"; docs/api/protocol.md `protocol.handle`). With `file://` a page may
 * read any file the user can; with `app://` it gets only the files of the renderer directory, a real
 * origin (`app://outpost`, so CSP `'self'` means the app and nothing else) and our security headers.
 *
 * Plain Node: no Electron import. electron/main/index.ts registers the scheme and hands each request
 * to {@link appProtocolResponse}; the resolution rules are tested against a real directory in
 * app-protocol.test.ts.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { RENDERER_SECURITY_HEADERS } from '../host/csp.js';

/** The scheme (registered as privileged before `ready`: standard, secure, Fetch API). */
export const APP_SCHEME = 'app';
/** The only host the protocol answers for. */
export const APP_HOST = 'outpost';
/** The renderer's origin. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The URL the main window loads. */
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/** Content types by file extension (lower case, with the dot); anything else is `application/octet-stream`. */
const MIME_TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
});

/** The Content-Type of `filePath`, from its extension. Pure. */
export function mimeTypeFor(filePath: string): string {
  return MIME_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/** Outcome of {@link resolveAppUrl}: a file to send, or why nothing is sent (and with which status). */
export type AppUrlResolution =
  | { kind: 'file'; path: string; contentType: string; html: boolean }
  | { kind: 'refused'; status: 400 | 403 | 404; reason: string };

/**
 * The path segments of an `app:` URL's path, percent-decoded, or null when one of them could leave the
 * directory or name something else than a plain file name: `.`/`..` (also when encoded, `%2e%2e`),
 * an encoded `/` or `\` (`..%2f..`), a backslash, a NUL, a `:` (Windows drive letters and streams), or
 * bad percent-encoding. Empty segments (`//`) are dropped. Pure.
 */
export function safePathSegments(pathname: string): string[] | null {
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '.' || segment === '..' || /[/\\:\0]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments;
}

const refused = (status: 400 | 403 | 404, reason: string): AppUrlResolution => ({
  kind: 'refused',
  status,
  reason,
});

/** True when `child` is `root` or inside it (both absolute, already resolved). */
function isInside(root: string, child: string): boolean {
  const rel = path.relative(root, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Maps an `app://outpost/<path>` URL to a file under `rootDir` (the built renderer), or a refusal:
 * - 400: not an `app://outpost` URL (other scheme, host, a port or credentials), or a path segment that
 *   `safePathSegments` rejects (traversal, encoded separators, NUL…);
 * - 403: the file exists but its real path (symlinks resolved) is outside `rootDir`;
 * - 404: a missing file whose name has an extension (`/assets/gone.js`).
 * A path without an extension that is not a file (`/`, `/projects/1`) falls back to `index.html`, so
 * client-side routes load the app (the router decides what to show). Query and fragment are ignored.
 * Reads the file system (stat, realpath); never throws for a bad URL.
 */
export async function resolveAppUrl(rawUrl: string, rootDir: string): Promise<AppUrlResolution> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return refused(400, 'not a URL');
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.hostname.toLowerCase() !== APP_HOST)
    return refused(400, `only ${APP_ORIGIN} is served`);
  if (url.port || url.username || url.password) return refused(400, `only ${APP_ORIGIN} is served`);
  const segments = safePathSegments(url.pathname);
  if (!segments) return refused(400, 'path not allowed');

  let root: string;
  try {
    root = await realpath(path.resolve(rootDir));
  } catch {
    return refused(404, 'renderer not built');
  }
  const candidate = path.join(root, ...segments);
  // Belt and braces: the segments were checked, the joined path must still be inside the root.
  if (!isInside(root, candidate)) return refused(400, 'path not allowed');

  const served = await existingFile(root, candidate);
  if (served.kind === 'file' || served.kind === 'outside') return asResolution(served);
  const last = segments.at(-1) ?? '';
  if (segments.length > 0 && path.extname(last) !== '') return refused(404, 'not found');
  return asResolution(await existingFile(root, path.join(root, 'index.html')));
}

type FileLookup = { kind: 'file'; path: string } | { kind: 'outside' } | { kind: 'missing' };

/** Whether `candidate` is a regular file whose real path stays inside `root`. */
async function existingFile(root: string, candidate: string): Promise<FileLookup> {
  let real: string;
  try {
    real = await realpath(candidate);
  } catch {
    return { kind: 'missing' };
  }
  if (!isInside(root, real)) return { kind: 'outside' };
  try {
    return (await stat(real)).isFile() ? { kind: 'file', path: real } : { kind: 'missing' };
  } catch {
    return { kind: 'missing' };
  }
}

function asResolution(found: FileLookup): AppUrlResolution {
  if (found.kind === 'outside') return refused(403, 'outside the renderer directory');
  if (found.kind === 'missing') return refused(404, 'not found');
  const contentType = mimeTypeFor(found.path);
  return { kind: 'file', path: found.path, contentType, html: contentType.startsWith('text/html') };
}

/**
 * The protocol handler's answer to one request (a WHATWG `Response`, as `protocol.handle` wants):
 * GET/HEAD only (else 405); the resolved file with its Content-Type, `x-content-type-options: nosniff`,
 * `cache-control: no-cache`, and on HTML the renderer's CSP and referrer policy
 * (`RENDERER_SECURITY_HEADERS`, electron/host/csp.ts); refusals as a short text body with their status.
 */
export async function appProtocolResponse(
  request: { url: string; method: string },
  rootDir: string,
): Promise<Response> {
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') {
    return new Response('Method not allowed', {
      status: 405,
      headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const resolved = await resolveAppUrl(request.url, rootDir);
  if (resolved.kind === 'refused') {
    return new Response(resolved.status === 404 ? 'Not found' : 'Refused', {
      status: resolved.status,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
    });
  }
  let body: Buffer;
  try {
    body = await readFile(resolved.path);
  } catch {
    return new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const headers: Record<string, string> = {
    'content-type': resolved.contentType,
    'content-length': String(body.byteLength),
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  };
  if (resolved.html) Object.assign(headers, RENDERER_SECURITY_HEADERS);
  return new Response(method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}

/** Where a navigation or a window.open target goes. */
export type NavigationTarget = 'in-app' | 'external' | 'blocked';

/**
 * Classifies a URL the page wants to navigate to or open (Electron checklist 13 and 14):
 * `in-app` for `app://outpost/…`, `external` for http(s) URLs (the caller still applies
 * `isAllowedExternalUrl` before `shell.openExternal`), `blocked` for anything else (`file:`,
 * `javascript:`, `data:`, another `app://` host…). Pure.
 */
export function classifyNavigation(rawUrl: string): NavigationTarget {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return 'blocked';
  }
  if (url.protocol === `${APP_SCHEME}:`)
    return url.hostname.toLowerCase() === APP_HOST && !url.port && !url.username && !url.password
      ? 'in-app'
      : 'blocked';
  if (url.protocol === 'http:' || url.protocol === 'https:') return 'external';
  return 'blocked';
}
