/**
 * CI/CD variable expressions of `rules:if`, `only:variables` and `workflow:rules:if`
 * (doc/ci/jobs/job_control.md "CI/CD variable expressions"; GitLab's Gitlab::Ci::Pipeline::Expression):
 * `$VAR`, `"string"`/`'string'`, `/regex/flags`, `null`, the operators `==`, `!=`, `=~`, `!~`, `&&`
 * (binds tighter) and `||`, and parentheses. A bare `$VAR` is true when the variable is set and not empty;
 * undefined variables are `null`. The right side of `=~` may be a variable holding `/regex/`. Pure;
 * unit-tested.
 */

type Token =
  | { kind: 'var'; name: string }
  | { kind: 'string'; value: string }
  | { kind: 'regex'; source: string; flags: string }
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
          source += text.slice(j, j + 2);
          j += 2;
        } else source += text[j++];
      }
      if (j >= text.length) throw new ExpressionSyntaxError();
      const flags = /^[a-z]*/.exec(text.slice(j + 1))![0];
      tokens.push({ kind: 'regex', source, flags });
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
  evaluate(variables: Readonly<Record<string, string>>): boolean;
}

/** The JavaScript RegExp of a `/source/flags` pattern (Ruby's `m` is JavaScript's `s`). */
export function toRegExp(source: string, flags: string): RegExp {
  const js = [...new Set(flags.split(''))]
    .map((f) => (f === 'm' ? 's' : f))
    .filter((f) => f === 'i' || f === 's')
    .join('');
  return new RegExp(source, js);
}

type Value = string | null | RegExp;

function valueOf(node: Node, vars: Readonly<Record<string, string>>): Value | boolean {
  if (node.kind === 'value') {
    const t = node.token;
    if (t.kind === 'var') return Object.hasOwn(vars, t.name) ? vars[t.name]! : null;
    if (t.kind === 'string') return t.value;
    if (t.kind === 'regex') return toRegExp(t.source, t.flags);
    return null;
  }
  if (node.kind === 'logic') {
    const l = truthy(valueOf(node.left, vars));
    if (node.op === '&&') return l && truthy(valueOf(node.right, vars));
    return l || truthy(valueOf(node.right, vars));
  }
  const left = valueOf(node.left, vars);
  let right = valueOf(node.right, vars);
  if (node.op === '==' || node.op === '!=') {
    const eq = equal(left, right);
    return node.op === '==' ? eq : !eq;
  }
  if (typeof right === 'string') {
    const m = /^\/(.*)\/([a-z]*)$/s.exec(right);
    right = m ? safeRegExp(m[1]!, m[2]!) : null;
  }
  const matches = typeof left === 'string' && right instanceof RegExp ? right.test(left) : false;
  return node.op === '=~' ? matches : !matches;
}

function safeRegExp(source: string, flags: string): RegExp | null {
  try {
    return toRegExp(source, flags);
  } catch {
    return null;
  }
}

function equal(a: Value | boolean, b: Value | boolean): boolean {
  if (a instanceof RegExp || b instanceof RegExp) return String(a) === String(b);
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
  for (const t of tokens) {
    if (t.kind === 'regex') {
      try {
        toRegExp(t.source, t.flags);
      } catch {
        throw new ExpressionSyntaxError('invalid regular expression');
      }
    }
  }
  const node = parseTokens(tokens);
  return {
    text,
    evaluate: (variables) => truthy(valueOf(node, variables)),
  };
}
