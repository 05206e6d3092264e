/**
 * One GraphQL request, from the raw body to the answer, with graphql-js (parse → validate → limits →
 * execute) over the alert management schema. The answer shapes follow GitLab's
 * app/controllers/graphql_controller.rb and graphql-ruby:
 * - a body that is not a JSON object: 400 `{"errors":[{"message"}]}` (Rails refuses to parse it);
 * - `variables` that is neither an object nor a JSON string of one: 422 (`Gitlab::Graphql::Variables::Invalid`);
 * - no query, a syntax error, a validation error, a query over the depth/complexity limits (limits.ts):
 *   200 with `errors` and no `data`;
 * - field errors: 200 with `data` and `errors` (each `{message, locations, path}`); an unexpected failure
 *   inside a resolver is masked as "Internal server error" (and logged by the caller), never a 5xx.
 */
import {
  GraphQLError,
  Kind,
  OperationTypeNode,
  execute,
  parse,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLFormattedError,
  type OperationDefinitionNode,
} from 'graphql';
import type { ServiceContext } from '../services/context.js';
import { ForbiddenError } from '../services/errors.js';
import { isAdmin } from '../services/access/project-access.js';
import { MAX_QUERY_TOKENS, limitErrors, limitsFor } from './limits.js';
import { RESOURCE_ACCESS_ERROR, rootValue, type GraphqlContext } from './resolvers.js';
import { alertsSchema } from './schema.js';

/** The HTTP answer of one GraphQL request. */
export interface GraphqlAnswer {
  status: number;
  body: { data?: unknown; errors?: GraphQLFormattedError[] };
  /** Unexpected resolver failures (for the log; their messages never reach the caller). */
  failures: unknown[];
}

const onlyErrors = (status: number, messages: string[]): GraphqlAnswer => ({
  status,
  body: { errors: messages.map((message) => ({ message })) },
  failures: [],
});

/** The request's `{query, variables, operationName}` from the raw body text, or the error answer. */
export function readGraphqlBody(
  text: string,
): { query: unknown; variables: unknown; operationName: unknown } | GraphqlAnswer {
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return onlyErrors(400, ['The request body is not valid JSON']);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return onlyErrors(400, ['The request body must be a JSON object with "query"']);
  }
  const body = parsed as Record<string, unknown>;
  return { query: body.query, variables: body.variables, operationName: body.operationName };
}

/** `variables` as GitLab takes them: an object, a JSON string of one, or nothing. */
function variablesOf(raw: unknown): Record<string, unknown> | 'invalid' {
  if (raw === undefined || raw === null || raw === '') return {};
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return 'invalid';
    }
  }
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return 'invalid';
  return value as Record<string, unknown>;
}

/** The operation `operationName` picks (the only one when absent), or undefined. */
function selectedOperation(
  document: DocumentNode,
  operationName: string | undefined,
): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (operationName === undefined) return operations.length === 1 ? operations[0] : undefined;
  return operations.find((o) => o.name?.value === operationName);
}

function format(error: GraphQLError): GraphQLFormattedError {
  return error.toJSON();
}

/**
 * Runs `query` for the caller of `svc`. Never throws for any input.
 * @param request `query` (string), `variables` (object or JSON string), `operationName` (string)
 */
export async function runGraphql(
  svc: ServiceContext,
  request: { query: unknown; variables: unknown; operationName: unknown },
): Promise<GraphqlAnswer> {
  const { query, operationName } = request;
  if (typeof query !== 'string' || query.trim() === '') {
    return onlyErrors(200, ['No query string was present']);
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return onlyErrors(422, ['operationName must be a string']);
  }
  const variables = variablesOf(request.variables);
  if (variables === 'invalid') {
    return onlyErrors(422, ['Unexpected parameter: variables must be a JSON object']);
  }

  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: MAX_QUERY_TOKENS });
  } catch (err) {
    if (err instanceof GraphQLError) return { status: 200, body: { errors: [format(err)] }, failures: [] };
    throw err;
  }
  const schema = alertsSchema();
  const invalid = validate(schema, document);
  if (invalid.length > 0) return { status: 200, body: { errors: invalid.map(format) }, failures: [] };

  const user = svc.actor.user;
  const caller = !user ? 'anonymous' : isAdmin(user) ? 'admin' : 'user';
  const tooBig = limitErrors(document, operationName ?? undefined, limitsFor(caller));
  if (tooBig.length > 0) return onlyErrors(200, tooBig);

  // A token without `api` (read_api) reads only: a mutation gets GitLab's access error.
  const operation = selectedOperation(document, operationName ?? undefined);
  if (operation?.operation === OperationTypeNode.MUTATION && user && !svc.actor.scopes.includes('api')) {
    return onlyErrors(200, [RESOURCE_ACCESS_ERROR]);
  }

  const contextValue: GraphqlContext = { svc };
  const result = (await execute({
    schema,
    document,
    rootValue,
    contextValue,
    variableValues: variables,
    operationName: operationName ?? undefined,
  })) as ExecutionResult;

  const failures: unknown[] = [];
  const errors = result.errors?.map((error) => {
    const original = error.originalError;
    if (!original || original instanceof GraphQLError) return format(error);
    const message = original instanceof ForbiddenError ? RESOURCE_ACCESS_ERROR : 'Internal server error';
    if (!(original instanceof ForbiddenError)) failures.push(original);
    return format(new GraphQLError(message, { nodes: error.nodes, path: error.path }));
  });
  const body: GraphqlAnswer['body'] = {};
  if (errors && errors.length > 0) body.errors = errors;
  if ('data' in result) body.data = result.data;
  return { status: 200, body, failures };
}
