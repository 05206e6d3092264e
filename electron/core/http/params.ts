/**
 * Request parameters as GitLab (Grape) reads them: for every method, from the query string,
 * urlencoded or multipart form fields, or a JSON body, merged into one object (body wins), with the
 * bracket notation real clients send (`scopes[]=api`, `variables[][key]=K`,
 * `platform_kubernetes_attributes[api_url]=…`, `not[labels]=x`) expanded by `qs`.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import qs from 'qs';

/** qs options: deep enough for GitLab's nested params, arrays up to 1000 items, no prototype pollution. */
const QS_OPTIONS: qs.IParseOptions = {
  depth: 5,
  arrayLimit: 1000,
  parameterLimit: 5000,
  allowPrototypes: false,
};

/** Parse a query or urlencoded string with GitLab's bracket notation. */
export function parseBracketParams(input: string): Record<string, unknown> {
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
      const err = new Error('The request body is not valid JSON') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, parseBracketParams(body as string));
  });
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, fields: 5000 } });
}

/**
 * All parameters of a request: query merged with the body (JSON object, urlencoded or multipart fields).
 * Multipart fields are collected in order and expanded with the same bracket rules.
 */
export async function collectParams(req: FastifyRequest): Promise<Record<string, unknown>> {
  const query = (req.query ?? {}) as Record<string, unknown>;
  let body: Record<string, unknown> = {};
  if (req.isMultipart()) {
    const pairs: [string, string][] = [];
    for await (const part of req.parts()) {
      if (part.type === 'field') pairs.push([part.fieldname, String(part.value)]);
      else pairs.push([part.fieldname, (await part.toBuffer()).toString('utf8')]);
    }
    body = parseBracketParams(new URLSearchParams(pairs).toString());
  } else if (req.body && typeof req.body === 'object' && !Array.isArray(req.body)) {
    body = req.body as Record<string, unknown>;
  }
  return { ...query, ...body };
}
