/**
 * Query limits, as GitLab's app/graphql/gitlab_schema.rb sets them: depth 15 for anonymous callers and 20
 * for signed-in ones (DEFAULT_MAX_DEPTH, AUTHENTICATED_MAX_DEPTH), complexity 200 anonymous, 250 signed in
 * and 300 for administrators (DEFAULT_/AUTHENTICATED_/ADMIN_MAX_COMPLEXITY). Complexity here counts every
 * selected field once (fragments expanded where they are spread, aliases counted apiece), graphql-ruby's
 * default field complexity of 1. Messages are graphql-ruby's ("Query has depth of 16, which exceeds max
 * depth of 15"). Pure.
 */
import {
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/** The limits for one caller. */
export interface QueryLimits {
  maxDepth: number;
  maxComplexity: number;
}

/** GitLab's limits by caller: anonymous, signed in, administrator. */
export function limitsFor(caller: 'anonymous' | 'user' | 'admin'): QueryLimits {
  if (caller === 'anonymous') return { maxDepth: 15, maxComplexity: 200 };
  return { maxDepth: 20, maxComplexity: caller === 'admin' ? 300 : 250 };
}

/** Most tokens a query may have before parsing stops (graphql-js `parse` `maxTokens`). */
export const MAX_QUERY_TOKENS = 10_000;

/**
 * Depth and complexity of one operation, fragments expanded (validated documents only: no cycles).
 * Counting stops once complexity passes `stopAt` (the figures are then lower bounds).
 */
export function measureOperation(
  operation: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  stopAt = Number.POSITIVE_INFINITY,
): { depth: number; complexity: number } {
  let complexity = 0;
  const walk = (set: SelectionSetNode, depth: number): number => {
    let deepest = depth;
    for (const selection of set.selections) {
      // Fragments spread inside fragments multiply: stop counting once past the limit.
      if (complexity > stopAt) return deepest;
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith('__')) continue;
        complexity++;
        deepest = Math.max(
          deepest,
          selection.selectionSet ? walk(selection.selectionSet, depth + 1) : depth + 1,
        );
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        deepest = Math.max(deepest, walk(selection.selectionSet, depth));
      } else {
        const fragment = fragments.get(selection.name.value);
        if (fragment) deepest = Math.max(deepest, walk(fragment.selectionSet, depth));
      }
    }
    return deepest;
  };
  const depth = walk(operation.selectionSet, 0);
  return { depth, complexity };
}

/**
 * The limit errors of the operation `operationName` selects in `document` (none when within limits or
 * when the operation can't be picked; execution reports that).
 */
export function limitErrors(
  document: DocumentNode,
  operationName: string | undefined,
  limits: QueryLimits,
): string[] {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation =
    operationName === undefined
      ? operations.length === 1
        ? operations[0]
        : undefined
      : operations.find((o) => o.name?.value === operationName);
  if (!operation) return [];
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  const { depth, complexity } = measureOperation(operation, fragments, limits.maxComplexity);
  const errors: string[] = [];
  if (depth > limits.maxDepth) {
    errors.push(`Query has depth of ${depth}, which exceeds max depth of ${limits.maxDepth}`);
  }
  if (complexity > limits.maxComplexity) {
    errors.push(
      `Query has complexity of ${complexity}, which exceeds max complexity of ${limits.maxComplexity}`,
    );
  }
  return errors;
}
