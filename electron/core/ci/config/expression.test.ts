import { describe, expect, it } from 'vitest';
import { RegexBudget, RegexBudgetError, REGEX_LIMITS } from '../untrusted-regexp.js';
import { compileExpression, ExpressionSyntaxError, MAX_EXPRESSION_TOKENS } from './expression.js';

const vars = {
  CI_COMMIT_BRANCH: 'main',
  CI_PIPELINE_SOURCE: 'push',
  CI_COMMIT_MESSAGE: 'Fix bug [deploy]',
  EMPTY: '',
  PATTERN: '/^rel/',
  RELEASE: 'release-1.2',
};

function ev(text: string): boolean {
  return compileExpression(text).evaluate(vars);
}

describe('rules:if expressions', () => {
  it('compares with == and !=', () => {
    expect(ev('$CI_COMMIT_BRANCH == "main"')).toBe(true);
    expect(ev("$CI_COMMIT_BRANCH == 'dev'")).toBe(false);
    expect(ev('$CI_COMMIT_BRANCH != "dev"')).toBe(true);
    expect(ev('"main" == $CI_COMMIT_BRANCH')).toBe(true);
  });

  it('treats a bare variable as set-and-not-empty', () => {
    expect(ev('$CI_COMMIT_BRANCH')).toBe(true);
    expect(ev('$EMPTY')).toBe(false);
    expect(ev('$UNDEFINED')).toBe(false);
  });

  it('compares with null', () => {
    expect(ev('$UNDEFINED == null')).toBe(true);
    expect(ev('$CI_COMMIT_BRANCH != null')).toBe(true);
    expect(ev('$EMPTY == null')).toBe(false);
  });

  it('matches regular expressions with =~ and !~', () => {
    expect(ev('$CI_COMMIT_MESSAGE =~ /\\[deploy\\]/')).toBe(true);
    expect(ev('$CI_COMMIT_BRANCH =~ /^MAIN$/i')).toBe(true);
    expect(ev('$CI_COMMIT_BRANCH !~ /^feature/')).toBe(true);
    expect(ev('$UNDEFINED =~ /x/')).toBe(false);
    expect(ev('$RELEASE =~ $PATTERN')).toBe(true);
  });

  it('combines with && (tighter) and ||, and parentheses', () => {
    expect(ev('$CI_COMMIT_BRANCH == "dev" || $CI_PIPELINE_SOURCE == "push" && $RELEASE')).toBe(true);
    expect(ev('($CI_COMMIT_BRANCH == "dev" || $CI_PIPELINE_SOURCE == "push") && $EMPTY')).toBe(false);
    expect(ev('$CI_COMMIT_BRANCH == "main" && ($EMPTY || $RELEASE =~ /release/)')).toBe(true);
  });

  it.each([
    '$A ==',
    '== "x"',
    '$A = "x"',
    '"unterminated',
    '($A == "x"',
    '$A == "x")',
    '/[/',
    'main',
    // RE2 refuses these (GitLab: "Invalid regular expression!" at lexing, so the YAML is invalid).
    '$A =~ /(a)\\1/',
    '$A =~ /a(?=b)/',
    // RubySyntax flags are [ismU]; anything else after the closing slash is an unknown lexeme.
    '$A =~ /a/x',
    '$A =~ /a/g',
    '$A =~ //',
  ])('rejects %j', (text) => {
    expect(() => compileExpression(text)).toThrow(ExpressionSyntaxError);
  });
});

describe('rules:if patterns on re2js (GitLab: UntrustedRegexp, Lexeme::Pattern, Matches)', () => {
  const evil = (n: number) => `${'a'.repeat(n)}!`;

  it('evaluates the catastrophic /^(a+)+$/ against 28..40 a’s and a ! at once', () => {
    const expression = compileExpression('$EVIL =~ /^(a+)+$/');
    const negated = compileExpression('$EVIL !~ /^(a+)+$/');
    const started = performance.now();
    for (let n = 28; n <= 40; n++) {
      expect(expression.evaluate({ EVIL: evil(n) })).toBe(false);
      expect(negated.evaluate({ EVIL: evil(n) })).toBe(true);
    }
    // Orders of magnitude below the 13.6 s one JavaScript RegExp took at n = 28 (doubling per a).
    expect(performance.now() - started).toBeLessThan(1000);
    expect(expression.evaluate({ EVIL: 'a'.repeat(40) })).toBe(true);
  });

  it('is as fast when the pattern comes from a variable', () => {
    const expression = compileExpression('$EVIL =~ $PATTERN');
    const started = performance.now();
    expect(expression.evaluate({ EVIL: evil(40), PATTERN: '/^(a+)+$/' })).toBe(false);
    expect(expression.evaluate({ EVIL: evil(40), PATTERN: '/^(.*a){20}$/' })).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('takes m as RE2 multi-line, s as dot-all, U as ungreedy; \\/ in a literal is a slash', () => {
    const v = { MSG: 'first line\nrelease: yes', PATH: 'a/b' };
    expect(compileExpression('$MSG =~ /^release/').evaluate(v)).toBe(false);
    expect(compileExpression('$MSG =~ /^release/m').evaluate(v)).toBe(true);
    expect(compileExpression('$MSG =~ /line.release/m').evaluate(v)).toBe(false);
    expect(compileExpression('$MSG =~ /line.release/s').evaluate(v)).toBe(true);
    expect(compileExpression('$MSG =~ /LINE/iU').evaluate(v)).toBe(true);
    expect(compileExpression('$PATH =~ /^a\\/b$/').evaluate(v)).toBe(true);
  });

  it('matches a variable-held pattern with flags; a string that is not /re/flags is searched as text', () => {
    const v = {
      BRANCH: 'Release-1',
      PATTERN: '/^release-/i',
      BAD: '/release-(/',
      WITH_X: '/release/x',
      WORDS: 'the Release-1 branch',
    };
    expect(compileExpression('$BRANCH =~ $PATTERN').evaluate(v)).toBe(true);
    // Pattern.build_and_evaluate hands back the string, and String#scan(left) looks for the left side in it.
    expect(compileExpression('$BRANCH =~ $BAD').evaluate(v)).toBe(false);
    expect(compileExpression('"release-(" =~ $BAD').evaluate(v)).toBe(true);
    expect(compileExpression('"release" =~ $WITH_X').evaluate(v)).toBe(true);
    expect(compileExpression('$BRANCH =~ $WORDS').evaluate(v)).toBe(true);
    expect(compileExpression('$BRANCH !~ $WORDS').evaluate(v)).toBe(false);
    expect(compileExpression('$BRANCH =~ "/^rel/i"').evaluate(v)).toBe(true);
  });

  it('treats an undefined left side as empty text and an undefined right side as no match', () => {
    expect(compileExpression('$UNDEFINED =~ /^$/').evaluate({})).toBe(true);
    expect(compileExpression('$UNDEFINED =~ /x/').evaluate({})).toBe(false);
    expect(compileExpression('$A =~ $UNDEFINED').evaluate({ A: 'a' })).toBe(false);
    expect(compileExpression('$A !~ $UNDEFINED').evaluate({ A: 'a' })).toBe(true);
  });

  it('compares patterns with == by their /source/flags text', () => {
    expect(compileExpression('$P == /a/i').evaluate({ P: '/a/i' })).toBe(true);
  });

  it('refuses more than Lexer::MAX_TOKENS tokens', () => {
    const within = Array.from({ length: (MAX_EXPRESSION_TOKENS - 1) / 2 + 0.5 }, () => '$A').join(' || ');
    expect(() => compileExpression(within)).not.toThrow();
    expect(() => compileExpression(`${within} $B`)).toThrow('too many tokens');
    expect(() => compileExpression(`${within} || $B`)).toThrow('too many tokens');
  });

  it('charges every match to the budget and stops past it', () => {
    const expression = compileExpression('$A =~ /a+b/ || $A =~ /c/');
    const budget = new RegexBudget(1000);
    expect(expression.evaluate({ A: 'x'.repeat(100) }, budget)).toBe(false);
    expect(budget.spent).toBeGreaterThan(0);
    expect(() => expression.evaluate({ A: 'x'.repeat(1000) }, budget)).toThrow(RegexBudgetError);
  });

  it('fails the evaluation, not silently, when a variable-held pattern cannot be compiled this turn', async () => {
    await new Promise((r) => setImmediate(r));
    const heavy = (i: number) => `/${'[\\pL\\pN\\pP\\pS]'.repeat(200)}e${i}/`;
    const expression = compileExpression('$A =~ $P');
    let refused = 0;
    for (let i = 0; i < 200 && refused === 0; i++) {
      try {
        expression.evaluate({ A: 'x', P: heavy(i) });
      } catch (err) {
        expect(err).toBeInstanceOf(RegexBudgetError);
        refused += 1;
      }
    }
    expect(refused).toBe(1);
    await new Promise((r) => setImmediate(r));
  });

  it('refuses one match over maxMatchUnits even without a budget', () => {
    const expression = compileExpression('$A =~ /(.*a){100}/');
    expect(() => expression.evaluate({ A: 'b'.repeat(REGEX_LIMITS.maxMatchUnits / 100) })).toThrow(
      RegexBudgetError,
    );
  });
});
