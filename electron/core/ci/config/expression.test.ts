import { describe, expect, it } from 'vitest';
import { compileExpression, ExpressionSyntaxError } from './expression.js';

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

  it.each(['$A ==', '== "x"', '$A = "x"', '"unterminated', '($A == "x"', '$A == "x")', '/[/', 'main'])(
    'rejects %j',
    (text) => {
      expect(() => compileExpression(text)).toThrow(ExpressionSyntaxError);
    },
  );
});
