import { describe, expect, it } from 'vitest';
import { RegexBudget, REGEX_LIMITS } from '../untrusted-regexp.js';
import { parseCiConfig } from './ci-config.js';
import { expandVariables, globToRegExp, refMatches, seedPipeline } from './pipeline-seed.js';
import type { SeedContext } from './pipeline-seed.js';

function config(text: string) {
  const r = parseCiConfig(text);
  if (!r.ok) throw new Error(r.errors.join('; '));
  return r.config;
}

const branch: SeedContext = {
  ref: 'main',
  tag: false,
  source: 'push',
  variables: { CI_COMMIT_BRANCH: 'main', CI_COMMIT_REF_NAME: 'main', CI_PIPELINE_SOURCE: 'push' },
  changedPaths: ['src/app.ts', 'README.md'],
  files: null,
};

function names(text: string, ctx: SeedContext = branch): string[] | string {
  const r = seedPipeline(config(text), ctx);
  return r.kind === 'ok' ? r.jobs.map((j) => j.name) : r.kind;
}

describe('seedPipeline', () => {
  it('evaluates rules: first match decides, never and no match exclude', () => {
    const text = `
a:
  script: x
  rules:
    - if: '$CI_COMMIT_BRANCH == "main"'
b:
  script: x
  rules:
    - if: '$CI_COMMIT_BRANCH == "dev"'
c:
  script: x
  rules:
    - if: $CI_COMMIT_BRANCH
      when: never
    - when: always
d:
  script: x
  rules:
    - changes: [src/**/*.ts]
e:
  script: x
  rules:
    - changes: [docs/*]
`;
    expect(names(text)).toEqual(['a', 'd']);
  });

  it('treats changes as true without a previous commit', () => {
    expect(
      names('e:\n  script: x\n  rules:\n    - changes: [docs/*]\n', { ...branch, changedPaths: null }),
    ).toEqual(['e']);
  });

  it('applies rule when, allow_failure and variables, and manual defaults', () => {
    const r = seedPipeline(
      config(`
ruled:
  script: x
  rules:
    - if: $CI_COMMIT_BRANCH
      when: manual
      variables: { FROM_RULE: yes }
plain_manual:
  script: x
  when: manual
`),
      branch,
    );
    if (r.kind !== 'ok') throw new Error(r.kind);
    const [ruled, plain] = r.jobs;
    expect(ruled).toMatchObject({ when: 'manual', allowFailure: false });
    expect(ruled!.variables).toContainEqual({ key: 'FROM_RULE', value: 'yes' });
    expect(plain).toMatchObject({ when: 'manual', allowFailure: true });
  });

  it('evaluates only/except refs, variables and changes', () => {
    const text = `
main_only:
  script: x
  only: [main]
tags_only:
  script: x
  only: [tags]
regex:
  script: x
  only: [/^ma/]
except_main:
  script: x
  except: [main]
api_only:
  script: x
  only: [api]
vars:
  script: x
  only: { variables: ['$CI_PIPELINE_SOURCE == "push"'] }
`;
    expect(names(text)).toEqual(['main_only', 'regex', 'vars']);
    expect(names(text, { ...branch, ref: 'v1', tag: true, source: 'push' })).toEqual([
      'tags_only',
      'except_main',
      'vars',
    ]);
    expect(names(text, { ...branch, source: 'api', variables: { CI_PIPELINE_SOURCE: 'api' } })).toEqual([
      'main_only',
      'regex',
      'api_only',
    ]);
  });

  it('honours workflow:rules', () => {
    const text = `
workflow:
  rules:
    - if: '$CI_COMMIT_BRANCH == "main"'
      variables: { DEPLOY: "1" }
    - when: never
job:
  script: x
  rules:
    - if: '$DEPLOY == "1"'
`;
    expect(names(text)).toEqual(['job']);
    expect(names(text, { ...branch, variables: { CI_COMMIT_BRANCH: 'dev' } })).toBe('excluded');
  });

  it('has no jobs when nothing (or only .pre/.post) is selected', () => {
    expect(names('job:\n  script: x\n  only: [tags]\n')).toBe('no-jobs');
    expect(names('pre:\n  stage: .pre\n  script: x\n')).toBe('no-jobs');
  });

  it('drops optional needs on excluded jobs and refuses required ones', () => {
    const base = `
build:
  stage: build
  script: x
  only: [tags]
test:
  script: x
  needs: [{ job: build, optional: true }]
`;
    const r = seedPipeline(config(base), branch);
    expect(r.kind === 'ok' && r.jobs[0]!.needs).toEqual([]);
    const strict = seedPipeline(config(base.replace('{ job: build, optional: true }', 'build')), branch);
    expect(strict).toEqual({
      kind: 'error',
      errors: ["'test' job needs 'build' job, but 'build' was not added to the pipeline"],
    });
  });

  it('expands variables in environment names', () => {
    const r = seedPipeline(
      config(
        'deploy:\n  script: x\n  environment: { name: review/$CI_COMMIT_REF_NAME, url: "https://${CI_COMMIT_REF_NAME}.example" }\n',
      ),
      { ...branch, variables: { CI_COMMIT_REF_NAME: 'main' } },
    );
    expect(r.kind === 'ok' && r.jobs[0]!.environment).toMatchObject({
      name: 'review/main',
      url: 'https://main.example',
    });
  });
});

describe('helpers', () => {
  it('matches globs like fnmatch with PATHNAME', () => {
    expect(globToRegExp('src/*.ts').test('src/a.ts')).toBe(true);
    expect(globToRegExp('src/*.ts').test('src/x/a.ts')).toBe(false);
    expect(globToRegExp('src/**/*.ts').test('src/a.ts')).toBe(true);
    expect(globToRegExp('src/**/*.ts').test('src/x/y/a.ts')).toBe(true);
    expect(globToRegExp('*.{md,txt}').test('README.md')).toBe(true);
    expect(globToRegExp('file?.txt').test('file1.txt')).toBe(true);
  });

  it('matches refs keywords', () => {
    expect(refMatches('branches', { ref: 'x', tag: false, source: 'push' })).toBe(true);
    expect(refMatches('branches', { ref: 'x', tag: true, source: 'push' })).toBe(false);
    expect(refMatches('/^rel/', { ref: 'release', tag: false, source: 'push' })).toBe(true);
    expect(refMatches('main@group/project', { ref: 'main', tag: false, source: 'push' })).toBe(true);
  });

  it('expands $VAR and ${VAR}', () => {
    expect(expandVariables('$A-${B}-$C', { A: '1', B: '2' })).toBe('1-2-');
  });
});

describe('user patterns on re2js, within a budget (issue 25)', () => {
  const evil = `${'a'.repeat(40)}!`;

  it('evaluates the catastrophic rules:if at once, in a rule and in only:variables', () => {
    const text = `
a:
  script: x
  rules:
    - if: '$EVIL =~ /^(a+)+$/'
b:
  script: x
  only:
    variables: ['$EVIL =~ /^(a|aa)+$/']
c:
  script: x
  rules:
    - if: '$EVIL !~ /^(a+)+$/'
`;
    const started = performance.now();
    expect(names(text, { ...branch, variables: { ...branch.variables, EVIL: evil } })).toEqual(['c']);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('matches /re/flags refs with RubySyntax flags and treats other text as a ref name', () => {
    const ctx = { ref: 'Release-1', tag: false, source: 'push' } as const;
    expect(refMatches('/^release-/i', ctx)).toBe(true);
    expect(refMatches('/^release-/', ctx)).toBe(false);
    expect(refMatches('/^(a+)+$/', { ...ctx, ref: evil })).toBe(false);
    // Not RubySyntax (flag x): a ref name, compared as text.
    expect(refMatches('/release/x', { ...ctx, ref: '/release/x' })).toBe(true);
  });

  it('refuses an invalid /re/ in only:refs and an invalid coverage regex as YAML errors', () => {
    const refs = parseCiConfig('a:\n  script: x\n  only: ["/(a)\\\\1/"]\n');
    expect(refs.ok).toBe(false);
    const coverage = parseCiConfig("a:\n  script: x\n  coverage: '/a(?=b)/'\n");
    expect(coverage.ok ? [] : coverage.errors).toEqual([
      'jobs:a:coverage config must be a regular expression with re2 syntax',
    ]);
    const flagged = parseCiConfig("a:\n  script: x\n  coverage: '/Total: (\\d+)%/i'\n");
    // Entry::Coverage keeps config[1...-1], flags and all (GitLab's own behaviour).
    expect(flagged.ok && flagged.config.jobs[0]!.coverageRegex).toBe('Total: (\\d+)%/');
  });

  it('fails pipeline creation with an error when the rules spend more than their budget', () => {
    const text = `
a:
  script: x
  rules:
    - if: '$BIG =~ /x$/'
b:
  script: x
  rules:
    - if: '$BIG =~ /y$/'
`;
    const ctx = { ...branch, variables: { ...branch.variables, BIG: 'a'.repeat(10_000) } };
    const ok = seedPipeline(config(text), ctx, new RegexBudget(REGEX_LIMITS.pipelineUnits));
    expect(ok.kind).toBe('no-jobs');
    const tight = seedPipeline(config(text), ctx, new RegexBudget(60_000));
    expect(tight.kind).toBe('error');
    expect(tight.kind === 'error' && tight.errors[0]).toMatch(/exceeded its budget/);
  });

  it('fails pipeline creation when one match is over maxMatchUnits', () => {
    const text = "a:\n  script: x\n  rules:\n    - if: '$BIG =~ /(.*a){100}/'\n";
    const big = 'b'.repeat(REGEX_LIMITS.maxMatchUnits / 100);
    const r = seedPipeline(config(text), { ...branch, variables: { BIG: big } });
    expect(r.kind).toBe('error');
  });

  it('refuses a configuration with more heavy patterns than one turn may compile, promptly', async () => {
    await new Promise((r) => setImmediate(r));
    const rules = Array.from(
      { length: 150 },
      (_, i) => `    - if: '$A =~ /${'[\\pL\\pN\\pP\\pS]'.repeat(200)}${i}/'`,
    ).join('\n');
    const started = performance.now();
    const parsed = parseCiConfig(`a:\n  script: x\n  rules:\n${rules}\n`);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? [] : parsed.errors).toContain('jobs:a:rules:rule if invalid expression syntax');
    expect(performance.now() - started).toBeLessThan(REGEX_LIMITS.compileMsPerTurn + 1500);
    // The next turn compiles again (tests run back to back in one turn otherwise).
    await new Promise((r) => setImmediate(r));
  });

  it('matches changes/exists globs in linear time', () => {
    const glob = '*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b';
    const started = performance.now();
    expect(globToRegExp(glob).test('a'.repeat(5000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(globToRegExp('[z-a]').test('x')).toBe(false);
  });
});
