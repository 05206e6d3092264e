/**
 * Request parameters as GitLab (Grape) reads them: for every method, from the query string,
 * urlencoded or multipart form fields, or a JSON body, merged into one object (body wins), with the
 * bracket notation real clients send (`scopes[]=api`, `variables[][key]=K`,
 * `platform_kubernetes_attributes[api_url]=…`, `not[labels]=x`) expanded by `qs`.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import qs from 'qs';
import { ValidationError } from '../services/errors.js';
import { BadRequestBodyError } from './errors.js';

/** qs options: deep enough for GitLab's nested params, arrays up to 1000 items, no prototype pollution. */
const QS_OPTIONS: qs.IParseOptions = {
  depth: 5,
  arrayLimit: 1000,
  parameterLimit: 5000,
  allowPrototypes: false,
};

/** Parse a query or urlencoded string with GitLab's bracket notation. */
export function parseBracketParams(input: string): Record<string, unknown> {
  // No parameters (most reads): what qs gives for '', without normalizing its options for it.
  if (input === '') return {};
  return qs.parse(input, QS_OPTIONS) as Record<string, unknown>;
}

/** Register the body parsers (JSON with empty bodies allowed, urlencoded via qs, multipart fields). */
export async function registerParamParsers(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new BadRequestBodyError('The request body is not valid JSON'), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, parseBracketParams(body as string));
  });
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, fields: 5000 } });
}

/**
 * The fields of a multipart body, in order.
 * @throws BadRequestBodyError (400) for a body the parser can't read (no boundary, cut short, bad part
 *   headers); the plugin's own 4xx errors (413 for too many fields or too large a file, 400 for a
 *   `__proto__` field name) as they are.
 */
async function multipartPairs(req: FastifyRequest): Promise<[string, string][]> {
  const pairs: [string, string][] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') pairs.push([part.fieldname, String(part.value)]);
      else {
        const data = await part.toBuffer();
        (req.uploadedFiles ??= new Map()).set(part.fieldname, { filename: part.filename, data });
        pairs.push([part.fieldname, data.toString('utf8')]);
      }
    }
  } catch (err) {
    const status = (err as { statusCode?: unknown } | null)?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw err;
    const reason = err instanceof Error ? err.message.replace(/^Multipart: /, '') : 'unreadable';
    throw new BadRequestBodyError(`The request body is not valid multipart/form-data: ${reason}`);
  }
  return pairs;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The files of a multipart body by field name (the last one of a name wins), bytes as sent: the
     * `avatar` uploads read them (services/avatars). Their fields in `gparams` hold the bytes as UTF-8 text.
     */
    uploadedFiles?: Map<string, { filename: string; data: Buffer }>;
  }
}

/** Nesting below this many levels is not looked into (no route reads anything that deep). */
export const NULL_BYTE_SCAN_DEPTH = 32;

/**
 * Parameters whose string value is file bytes, where a NUL is data (a text file's `content` in the
 * repository files and commits APIs; git receives it on stdin, never as an argument; an uploaded
 * `avatar` image, read from `uploadedFiles`). GitLab's
 * middleware likewise leaves uploaded files alone.
 */
const FILE_BYTES_PARAMS: ReadonlySet<string> = new Set(['content', 'avatar']);

/**
 * True for parsed parameter data only: arrays and plain objects (prototype Object.prototype or null, as
 * JSON, qs and Fastify's params/query give). Streams, buffers and other class instances (git smart HTTP's
 * request body wraps the socket) are never walked: their object graphs are large or cyclic.
 */
function isPlainData(value: unknown): value is Record<string, unknown> | unknown[] {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * The first parameter (in bracket notation: `variables[][value]`) whose name or string value holds a
 * NUL byte, down to {@link NULL_BYTE_SCAN_DEPTH} levels (file bytes aside: `content`, `actions[][content]`);
 * null when none does. Depth-first with an explicit
 * stack: memory grows with the depth looked into, never with the body's size, and no nesting can overflow
 * the call stack. Pure; unit-tested.
 */
export function nullByteParam(params: Record<string, unknown>): string | null {
  interface Frame {
    value: Record<string, unknown> | unknown[];
    /** Own keys of an object; null for an array. */
    keys: string[] | null;
    next: number;
    name: string;
  }
  const stack: Frame[] = [{ value: params, keys: Object.keys(params), next: 0, name: '' }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const arr = frame.keys === null ? (frame.value as unknown[]) : null;
    if (frame.next >= (arr ? arr.length : frame.keys!.length)) {
      stack.pop();
      continue;
    }
    const i = frame.next++;
    const key = arr ? '' : frame.keys![i]!;
    const child = arr ? arr[i] : (frame.value as Record<string, unknown>)[key];
    const name = stack.length === 1 ? key : `${frame.name}[${key}]`;
    const bytes = typeof child === 'string' && FILE_BYTES_PARAMS.has(key);
    if (key.includes('\0') || (typeof child === 'string' && !bytes && child.includes('\0')))
      return name.replaceAll('\0', '\\0');
    if (isPlainData(child) && stack.length <= NULL_BYTE_SCAN_DEPTH)
      stack.push({
        value: child as Frame['value'],
        keys: Array.isArray(child) ? null : Object.keys(child),
        next: 0,
        name,
      });
  }
  return null;
}

/**
 * GitLab's Gitlab::Middleware::HandleMalformedStrings (lib/gitlab/middleware/handle_malformed_strings.rb):
 * no request has a reason to carry a NUL byte, and one would reach git's arguments (which can't hold it)
 * or SQLite's `length()` (which stops at it). Path parameters, the query and the body are checked.
 * @throws ValidationError 400 `{"message": "400 Bad request - <param> contains a NUL byte"}`.
 */
function refuseNullBytes(source: unknown): void {
  // Path params and the query are Fastify's own parsed objects (params has a special prototype); the
  // body reaching here is already plain data (see collectParams).
  if (!source || typeof source !== 'object' || !hasOwnKey(source)) return;
  const name = nullByteParam(source as Record<string, unknown>);
  if (name !== null) throw new ValidationError(`400 Bad request - ${name} contains a NUL byte`);
}

/** True when `value` has an own enumerable property (without building the array `Object.keys` would). */
function hasOwnKey(value: object): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return true;
  return false;
}

/**
 * All parameters of a request: query merged with the body (JSON object, urlencoded or multipart fields).
 * Multipart fields are collected in order and expanded with the same bracket rules.
 * @throws BadRequestBodyError (400) for a multipart body that can't be parsed; ValidationError (400) when
 *   a path parameter, query or body parameter holds a NUL byte.
 */
export async function collectParams(req: FastifyRequest): Promise<Record<string, unknown>> {
  const query = (req.query ?? {}) as Record<string, unknown>;
  let body: Record<string, unknown> = {};
  if (req.isMultipart()) {
    body = parseBracketParams(new URLSearchParams(await multipartPairs(req)).toString());
  } else if (isPlainData(req.body) && !Array.isArray(req.body)) {
    body = req.body as Record<string, unknown>;
  }
  refuseNullBytes(req.params);
  refuseNullBytes(query);
  refuseNullBytes(body);
  return { ...query, ...body };
}
