/**
 * CI/CD variable expressions of `rules:if`, `only:variables` and `workflow:rules:if`
 * (doc/ci/jobs/job_control.md "CI/CD variable expressions"; GitLab's Gitlab::Ci::Pipeline::Expression):
 * `$VAR`, `"string"`/`'string'`, `/regex/flags`, `null`, the operators `==`, `!=`, `=~`, `!~`, `&&`
 * (binds tighter) and `||`, and parentheses. A bare `$VAR` is true when the variable is set and not empty;
 * undefined variables are `null`. The right side of `=~` may be a variable holding `/regex/`. Pure;
 * unit-tested.
 *
 * Patterns run on re2js through {@link UntrustedRegexp} (linear time; GitLab's RE2 syntax and `[ismU]`
 * flags, see ../untrusted-regexp.ts), never on a JavaScript `RegExp`. As in GitLab
 * (lib/gitlab/ci/pipeline/expression/lexeme/{pattern,matches,not_matches}.rb and lexer.rb):
 * - a literal `/re/flags` is compiled when the expression is read; an invalid one (bad syntax, a flag
 *   outside `[ismU]`, too large) is a syntax error, so the YAML is invalid. `\/` in a literal is `/`.
 * - `=~`/`!~` with a right side that is a string (a variable or a quoted string): when it has the
 *   `/re/flags` form and compiles, it is that pattern; otherwise Pattern.build_and_evaluate hands the
 *   string itself back and Ruby's `String#scan(left)` decides, i.e. the match is "the right side contains
 *   the left side". A null right side (an undefined variable) never matches.
 * - the left side is `text.to_s`: an undefined variable is the empty string (`$UNDEFINED =~ /^$/` holds).
 * - at most 100 tokens (Lexer::MAX_TOKENS).
 * Time: every match is charged to a {@link RegexBudget} (one per pipeline creation, or one per
 * `evaluate` call when none is given); a match over its limit or the budget throws RegexBudgetError.
 */
import {
  RegexBudget,
  RegexBudgetError,
  RubySyntax,
  UntrustedRegexp,
  UntrustedRegexpError,
} from '../untrusted-regexp.js';

/** GitLab's Lexer::MAX_TOKENS (an expression has fewer tokens than this). */
export const MAX_EXPRESSION_TOKENS = 100;

type Token =
  | { kind: 'var'; name: string }
  | { kind: 'string'; value: string }
  | { kind: 'regex'; regexp: UntrustedRegexp }
  | { kind: 'null' }
  | { kind: 'op'; op: '==' | '!=' | '=~' | '!~' | '&&' | '||' }
  | { kind: 'paren'; open: boolean };

type Node =
  | { kind: 'value'; token: Token }
  | { kind: 'compare'; op: '==' | '!=' | '=~' | '!~'; left: Node; right: Node }
  | { kind: 'logic'; op: '&&' | '||'; left: Node; right: Node };

/** Raised for text that is not a valid expression (GitLab: "invalid expression syntax"). */
export class ExpressionSyntaxError extends Error {
  constructor(message = 'invalid expression syntax') {
    super(message);
    this.name = 'ExpressionSyntaxError';
  }
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    if (tokens.length >= MAX_EXPRESSION_TOKENS) throw new ExpressionSyntaxError('too many tokens');
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const two = text.slice(i, i + 2);
    if (['==', '!=', '=~', '!~', '&&', '||'].includes(two)) {
      tokens.push({ kind: 'op', op: two as '==' });
      i += 2;
      continue;
    }
    if (c === '(' || c === ')') {
      tokens.push({ kind: 'paren', open: c === '(' });
      i++;
      continue;
    }
    if (c === '$') {
      const m = /^\$([A-Za-z_][A-Za-z0-9_]*)/.exec(text.slice(i));
      if (!m) throw new ExpressionSyntaxError();
      tokens.push({ kind: 'var', name: m[1]! });
      i += m[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      if (end < 0) throw new ExpressionSyntaxError();
      tokens.push({ kind: 'string', value: text.slice(i + 1, end) });
      i = end + 1;
      continue;
    }
    if (c === '/') {
      let j = i + 1;
      let source = '';
      while (j < text.length && text[j] !== '/') {
        if (text[j] === '\\' && j + 1 < text.length) {
          // Pattern#initialize: `\/` becomes `/`; other escapes stay for RE2.
          source += text[j + 1] === '/' ? '/' : text.slice(j, j + 2);
          j += 2;
        } else source += text[j++];
      }
      if (j >= text.length || source === '') throw new ExpressionSyntaxError();
      const flags = /^[ismU]*/.exec(text.slice(j + 1))![0];
      let regexp: UntrustedRegexp;
      try {
        regexp = UntrustedRegexp.compile(source, flags);
      } catch (err) {
        if (err instanceof UntrustedRegexpError)
          throw new ExpressionSyntaxError('invalid regular expression');
        if (err instanceof RegexBudgetError) throw new ExpressionSyntaxError(err.message);
        throw err;
      }
      tokens.push({ kind: 'regex', regexp });
      i = j + 1 + flags.length;
      continue;
    }
    if (text.startsWith('null', i) && !/[A-Za-z0-9_]/.test(text[i + 4] ?? '')) {
      tokens.push({ kind: 'null' });
      i += 4;
      continue;
    }
    throw new ExpressionSyntaxError();
  }
  // Lexer#tokenize scans at most MAX_TOKENS times and needs one more pass to see the end, so 100
  // tokens are already "Too many tokens!".
  if (tokens.length >= MAX_EXPRESSION_TOKENS) throw new ExpressionSyntaxError('too many tokens');
  return tokens;
}

function parseTokens(tokens: Token[]): Node {
  let pos = 0;
  const peek = () => tokens[pos];
  const parseOr = (): Node => {
    let left = parseAnd();
    while (peek()?.kind === 'op' && (peek() as { op: string }).op === '||') {
      pos++;
      left = { kind: 'logic', op: '||', left, right: parseAnd() };
    }
    return left;
  };
  const parseAnd = (): Node => {
    let left = parseCompare();
    while (peek()?.kind === 'op' && (peek() as { op: string }).op === '&&') {
      pos++;
      left = { kind: 'logic', op: '&&', left, right: parseCompare() };
    }
    return left;
  };
  const parseCompare = (): Node => {
    const left = parsePrimary();
    const t = peek();
    if (t?.kind === 'op' && (t.op === '==' || t.op === '!=' || t.op === '=~' || t.op === '!~')) {
      pos++;
      return { kind: 'compare', op: t.op, left, right: parsePrimary() };
    }
    return left;
  };
  const parsePrimary = (): Node => {
    const t = tokens[pos++];
    if (!t) throw new ExpressionSyntaxError();
    if (t.kind === 'paren' && t.open) {
      const inner = parseOr();
      const close = tokens[pos++];
      if (close?.kind !== 'paren' || close.open) throw new ExpressionSyntaxError();
      return inner;
    }
    if (t.kind === 'var' || t.kind === 'string' || t.kind === 'regex' || t.kind === 'null')
      return { kind: 'value', token: t };
    throw new ExpressionSyntaxError();
  };
  const node = parseOr();
  if (pos !== tokens.length) throw new ExpressionSyntaxError();
  return node;
}

/** A compiled expression. */
export interface Expression {
  readonly text: string;
  /**
   * True when the expression holds for `variables` (name → value).
   * @param budget the regex budget to charge (one per pipeline creation); a fresh one when omitted.
   * @throws RegexBudgetError when a match would exceed its limit or the budget.
   */
  evaluate(variables: Readonly<Record<string, string>>, budget?: RegexBudget): boolean;
}

type Value = string | null | UntrustedRegexp;

function valueOf(node: Node, vars: Readonly<Record<string, string>>, budget: RegexBudget): Value | boolean {
  if (node.kind === 'value') {
    const t = node.token;
    if (t.kind === 'var') return Object.hasOwn(vars, t.name) ? vars[t.name]! : null;
    if (t.kind === 'string') return t.value;
    if (t.kind === 'regex') return t.regexp;
    return null;
  }
  if (node.kind === 'logic') {
    const l = truthy(valueOf(node.left, vars, budget));
    if (node.op === '&&') return l && truthy(valueOf(node.right, vars, budget));
    return l || truthy(valueOf(node.right, vars, budget));
  }
  const left = valueOf(node.left, vars, budget);
  const right = valueOf(node.right, vars, budget);
  if (node.op === '==' || node.op === '!=') {
    const eq = equal(left, right);
    return node.op === '==' ? eq : !eq;
  }
  // Matches / NotMatches: `return false unless regexp` (true for !~), then build_and_evaluate.
  if (right === null || right === false) return node.op === '!~';
  const text = left === null ? '' : String(left);
  let matches: boolean;
  if (right instanceof UntrustedRegexp) matches = right.test(text, budget);
  else if (typeof right === 'string') {
    const pattern = RubySyntax.fabricate(right.replace(/\\\//g, '/'));
    // Not a valid `/re/flags`: GitLab keeps the string, and String#scan(text) finds `text` in it.
    matches = pattern ? pattern.test(text, budget) : right.includes(text);
  } else matches = false;
  return node.op === '=~' ? matches : !matches;
}

function equal(a: Value | boolean, b: Value | boolean): boolean {
  if (a instanceof UntrustedRegexp || b instanceof UntrustedRegexp) return String(a) === String(b);
  return a === b;
}

function truthy(v: Value | boolean): boolean {
  if (typeof v === 'boolean') return v;
  if (v === null) return false;
  if (typeof v === 'string') return v.length > 0;
  return true;
}

/**
 * Compile an expression.
 * @throws ExpressionSyntaxError for invalid syntax or an invalid regular expression.
 */
export function compileExpression(text: string): Expression {
  const tokens = tokenize(text);
  if (tokens.length === 0) throw new ExpressionSyntaxError();
  const node = parseTokens(tokens);
  return {
    text,
    evaluate: (variables, budget = new RegexBudget()) => truthy(valueOf(node, variables, budget)),
  };
}
