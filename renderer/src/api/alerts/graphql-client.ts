/**
 * A small typed GraphQL client over the bridge's `api:graphql` operation (the host sends it to the active
 * instance's `POST /api/graphql` with the profile's token, through the same rate limiter as REST).
 *
 * Documents are written once with {@link graphqlDocument}: graphql-js (`graphql` package, the reference
 * implementation the core executes with) parses each at module load, so a syntax error fails the first
 * test that imports it, and the result carries its data and variable types (the TypedDocumentNode
 * pattern), so `graphqlRequest` is typed end to end. Why not graphql-request or urql: both want a `fetch`,
 * and the renderer has none to give (it holds no token, and the bridge is not HTTP in Electron); caching is
 * TanStack Query's job here.
 */
import { Kind, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { ApiError } from '../api-error.js';
import { getBridge } from '../bridge.js';
import { isSuccess } from '../client.js';

/** A parsed document with its result and variable types. */
export interface TypedDocument<TData, TVariables extends Record<string, unknown>> {
  /** The query text as sent. */
  source: string;
  document: DocumentNode;
  operationName: string | undefined;
  /** Type carriers only; never set. */
  readonly __data?: TData;
  readonly __variables?: TVariables;
}

/** Parses `source` (throws graphql-js's GraphQLError on a syntax error) and types it. */
export function graphqlDocument<TData, TVariables extends Record<string, unknown> = Record<string, never>>(
  source: string,
): TypedDocument<TData, TVariables> {
  const document = parse(source);
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  return { source, document, operationName: operation?.name?.value };
}

/** GitLab's message for a missing or forbidden resource (Gitlab::Graphql::Authorize::AuthorizeResource). */
const RESOURCE_ACCESS_ERROR_START = 'The resource that you are attempting to access does not exist';

/** One entry of a GraphQL `errors` list. */
export interface GraphqlErrorEntry {
  message: string;
  path?: readonly (string | number)[];
}

/**
 * A GraphQL answer that carries errors: an ApiError (so screens describe it like a REST failure) with the
 * entries kept. Status: the HTTP status when it was not 2xx, 403 for GitLab's access error, else 422.
 */
export class GraphqlRequestError extends ApiError {
  readonly errors: readonly GraphqlErrorEntry[];
  constructor(status: number, errors: readonly GraphqlErrorEntry[]) {
    super(status, { message: errors.map((e) => e.message) });
    this.errors = errors;
  }
}

function errorsOf(body: unknown): GraphqlErrorEntry[] {
  if (typeof body !== 'object' || body === null) return [];
  const errors = (body as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter(
      (e): e is GraphqlErrorEntry => typeof e === 'object' && e !== null && typeof e.message === 'string',
    )
    .map((e) => ({ message: e.message, ...(Array.isArray(e.path) ? { path: e.path } : {}) }));
}

/**
 * Runs `doc` with `variables` on `profileId`'s instance. Resolves to `data` when the answer has no
 * errors. Rejects with an ApiError for an HTTP failure (401, 403, 404 of an instance without GraphQL…),
 * a GraphqlRequestError when `errors` is present (partial data included: a field error is an error
 * here), and BridgeError for host failures (unreachable, timeout).
 */
export async function graphqlRequest<TData, TVariables extends Record<string, unknown>>(
  profileId: string,
  doc: TypedDocument<TData, TVariables>,
  variables: TVariables,
): Promise<TData> {
  const response = await getBridge().api.graphql({
    query: doc.source,
    variables,
    ...(doc.operationName === undefined ? {} : { operationName: doc.operationName }),
    profileId,
  });
  const errors = errorsOf(response.body);
  if (!isSuccess(response.status)) {
    if (errors.length > 0) throw new GraphqlRequestError(response.status, errors);
    throw new ApiError(response.status, response.body);
  }
  if (errors.length > 0) {
    const forbidden = errors.some((e) => e.message.startsWith(RESOURCE_ACCESS_ERROR_START));
    throw new GraphqlRequestError(forbidden ? 403 : 422, errors);
  }
  const data = (response.body as { data?: unknown } | null)?.data;
  if (data === undefined || data === null) throw new ApiError(502, response.body);
  return data as TData;
}

/**
 * A mutation payload's `errors` (GitLab puts refused rules there, with a null result): rejects with a
 * GraphqlRequestError (422) when any, else returns `payload`. A null payload is GitLab's access error.
 */
export function payloadOrThrow<T extends { errors: readonly string[] }>(payload: T | null | undefined): T {
  if (!payload) throw new GraphqlRequestError(403, [{ message: RESOURCE_ACCESS_ERROR_START }]);
  if (payload.errors.length > 0) {
    throw new GraphqlRequestError(
      422,
      payload.errors.map((message) => ({ message })),
    );
  }
  return payload;
}
