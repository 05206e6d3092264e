/**
 * `POST /api/graphql`: GitLab's GraphQL endpoint (doc/api/graphql/_index.md), serving the alert
 * management subset of schema.ts. Authentication is the REST API's (PRIVATE-TOKEN, `Authorization: Bearer`;
 * http/auth.ts): an anonymous caller may query (and sees what anonymous GitLab users see: no alerts); an
 * unknown, revoked or expired token is 401 `{"errors":[{"message":"Invalid token"}]}` and a token without
 * the `api` scope 403, both in GraphQL's error shape (GitLab's GraphqlController answers an invalid token
 * with `render_error('Invalid token', status: :unauthorized)`).
 * A `read_api` token may run queries but no mutation (execute.ts answers GitLab's access error), as
 * GitLab's `read_api` scope is read-only (doc/user/profile/personal_access_tokens.md "read_api").
 *
 * Body: JSON `{"query", "variables"?, "operationName"?}`, 1 MB at most (413 beyond). Answers: execute.ts.
 */
import type { FastifyInstance } from 'fastify';
import { errorResponse } from '../http/errors.js';
import { readGraphqlBody, runGraphql } from './execute.js';

/** The endpoint's path, outside `/api/v4` as GitLab's. */
export const GRAPHQL_PATH = '/api/graphql';

/** Largest request body, in bytes. */
export const GRAPHQL_BODY_LIMIT = 1024 * 1024;

/** GitLab's message for a refused token on GraphQL. */
export const INVALID_TOKEN_MESSAGE = 'Invalid token';

/** Rewrites a REST-shaped error body (`{"message"}`, `{"error"}`, `{"error_description"}`) into GraphQL's. */
function graphqlErrorBody(status: number, payload: string): string {
  let message = status === 401 ? INVALID_TOKEN_MESSAGE : `${status} error`;
  if (status !== 401) {
    try {
      const body = JSON.parse(payload) as Record<string, unknown>;
      const text = body.error_description ?? body.message ?? body.error;
      if (typeof text === 'string') message = text;
    } catch {
      // keep the generic message
    }
  }
  return JSON.stringify({ errors: [{ message }] });
}

/** Registers `POST /api/graphql` in its own context (its own body parser and error shape). */
export async function graphqlRoutes(app: FastifyInstance): Promise<void> {
  // The raw text: malformed JSON is answered in GraphQL's shape by execute.ts, not by Fastify.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.setErrorHandler((err, req, reply) => {
    const [status] = errorResponse(err);
    if (status >= 500) req.log.error({ err }, 'graphql request failed');
    const answerStatus = status >= 500 ? 200 : status;
    const message =
      status >= 500 ? 'Internal server error' : err instanceof Error ? err.message : 'Bad request';
    void reply.status(answerStatus).send({ errors: [{ message }] });
  });

  // Refusals sent before the handler (the auth hook's 401/403) get GraphQL's error shape.
  app.addHook('onSend', async (_req, reply, payload) => {
    if ((reply.statusCode === 401 || reply.statusCode === 403) && typeof payload === 'string') {
      if (payload.startsWith('{"errors"')) return payload;
      return graphqlErrorBody(reply.statusCode, payload);
    }
    return payload;
  });

  app.post(
    GRAPHQL_PATH,
    {
      bodyLimit: GRAPHQL_BODY_LIMIT,
      config: { auth: 'optional', scopes: ['api', 'read_api'], scopesGrantPost: true },
    },
    async (req, reply) => {
      const text = typeof req.body === 'string' ? req.body : '';
      const read = readGraphqlBody(text);
      const answer = 'status' in read ? read : await runGraphql(req.svc, read);
      for (const failure of answer.failures) req.log.error({ err: failure }, 'graphql resolver failed');
      return reply.status(answer.status).send(answer.body);
    },
  );
}
