/**
 * HTTP plumbing of alert intake (the notify endpoint and the test alert): the payload body parser and
 * the authorization key as monitoring tools present it (doc/operations/incident_management/integrations.md
 * "Authorization"). Use `useAlertPayloadParser` inside an encapsulated plugin: it replaces every body
 * parser there. The size limit is the route's `bodyLimit` (413 beyond it, before anything is read).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_PAYLOAD_DEPTH, jsonDepth } from '../services/alerts/payload-mapping.js';
import { ValidationError } from '../services/errors.js';

/** Default payload limit: 1 MB, GitLab's "Generic Alert JSON payloads" instance limit. */
export const DEFAULT_ALERT_PAYLOAD_LIMIT = 1024 * 1024;

export const NOT_JSON_MESSAGE = 'The alert payload must be sent as application/json';
export const NOT_OBJECT_MESSAGE = 'The alert payload must be a JSON object';
export const TOO_DEEP_MESSAGE = `The alert payload is nested deeper than ${MAX_PAYLOAD_DEPTH} levels`;

/** `application/json` or a `+json` type, parameters (charset) aside. */
function isJsonType(header: string | undefined): boolean {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/**
 * Bodies of the routes in this context: JSON objects only. An empty body parses as `undefined` (the
 * route decides); another content type, malformed JSON, a non-object or a payload nested deeper than 100
 * levels is 400 (`ValidationError`).
 */
export function useAlertPayloadParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (req, body, done) => {
    const text = (body as Buffer).toString('utf8').trim();
    if (text === '') return done(null, undefined);
    if (!isJsonType(req.headers['content-type']))
      return done(new ValidationError(NOT_JSON_MESSAGE), undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(new ValidationError('The alert payload is not valid JSON'), undefined);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return done(new ValidationError(NOT_OBJECT_MESSAGE), undefined);
    }
    if (jsonDepth(value) > MAX_PAYLOAD_DEPTH) return done(new ValidationError(TOO_DEEP_MESSAGE), undefined);
    return done(null, value);
  });
}

/** The parsed payload of a request in such a context, or undefined when the body was empty. */
export function alertPayloadOf(req: FastifyRequest): Record<string, unknown> | undefined {
  const body = req.body;
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined;
}

/**
 * The authorization key: `Authorization: Bearer <key>`, or Basic authentication with the key as the
 * password (the user name is ignored; GitLab leaves it blank). Null when none is presented.
 */
export function presentedAlertKey(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  if (bearer?.[1]) return bearer[1];
  const basic = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header.trim());
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const password = colon === -1 ? '' : decoded.slice(colon + 1);
    return password === '' ? null : password;
  }
  return null;
}
