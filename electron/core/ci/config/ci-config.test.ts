import { describe, expect, it } from 'vitest';
import { parseCiConfig } from './ci-config.js';
import type { CiConfig } from './ci-config.js';

function ok(text: string): CiConfig {
  const r = parseCiConfig(text);
  if (!r.ok) throw new Error(r.errors.join('; '));
  return r.config;
}

function errors(text: string): string[] {
  const r = parseCiConfig(text);
  if (r.ok) throw new Error('expected errors');
  return r.errors;
}

describe('parseCiConfig', () => {
  it('reads stages (with .pre/.post), jobs, scripts and defaults', () => {
    const c = ok(`
stages: [build, test]
variables:
  GLOBAL: one
  NUM: 3
  DESCRIBED: { value: two, description: a value }
default:
  before_script: [echo default-before]
  image: node:20
  timeout: 20m
after_script: echo global-after
build:
  stage: build
  script:
    - echo a
    - [echo b, [echo c]]
test:
  script: echo t
  before_script: []
  variables: { LOCAL: x }
.hidden:
  script: echo never
`);
    expect(c.stages).toEqual(['.pre', 'build', 'test', '.post']);
    expect(c.variables).toEqual({ GLOBAL: 'one', NUM: '3', DESCRIBED: 'two' });
    const [build, test] = c.jobs;
    expect(c.jobs.map((j) => j.name)).toEqual(['build', 'test']);
    expect(build).toMatchObject({
      stage: 'build',
      script: ['echo a', 'echo b', 'echo c'],
      beforeScript: ['echo default-before'],
      afterScript: ['echo global-after'],
      image: 'node:20',
      timeoutSeconds: 1200,
      when: null,
    });
    expect(test).toMatchObject({ stage: 'test', beforeScript: [], variables: { LOCAL: 'x' } });
  });

  it('defaults stages to build, test, deploy and the job stage to test', () => {
    const c = ok('job:\n  script: echo hi\n');
    expect(c.stages).toEqual(['.pre', 'build', 'test', 'deploy', '.post']);
    expect(c.jobs[0]!.stage).toBe('test');
  });

  it('reads when, allow_failure, needs, retry, coverage, junit, environment, rules, only/except', () => {
    const c = ok(`
build:
  stage: build
  script: make
deploy:
  stage: deploy
  script: ./deploy
  when: manual
  allow_failure: { exit_codes: [3, 4] }
  needs: [build, { job: lint, optional: true }]
  retry: { max: 2, when: [script_failure] }
  coverage: '/Coverage: (\\d+\\.\\d+)%/'
  artifacts: { reports: { junit: [a.xml, "reports/*.xml"] } }
  environment: { name: review/$CI_COMMIT_REF_SLUG, url: "https://x", action: start, on_stop: stop }
  timeout: 1h 30m
  image: { name: alpine }
rules_job:
  script: x
  rules:
    - if: '$CI_COMMIT_BRANCH == "main"'
      when: always
    - changes: [src/**/*]
      allow_failure: true
    - when: never
only_job:
  script: x
  only: [main, /^release-.*$/]
  except: { variables: ['$SKIP == "1"'] }
`);
    const deploy = c.jobs.find((j) => j.name === 'deploy')!;
    expect(deploy).toMatchObject({
      when: 'manual',
      allowFailure: false,
      allowFailureExitCodes: [3, 4],
      needs: [
        { job: 'build', optional: false },
        { job: 'lint', optional: true },
      ],
      retryMax: 2,
      retryWhen: ['script_failure'],
      coverageRegex: 'Coverage: (\\d+\\.\\d+)%',
      junit: ['a.xml', 'reports/*.xml'],
      environment: {
        name: 'review/$CI_COMMIT_REF_SLUG',
        url: 'https://x',
        action: 'start',
        extra: { on_stop: 'stop' },
      },
      timeoutSeconds: 5400,
      image: 'alpine',
    });
    const rules = c.jobs.find((j) => j.name === 'rules_job')!.rules!;
    expect(rules).toHaveLength(3);
    expect(rules[0]!.when).toBe('always');
    expect(rules[1]!.changes).toEqual(['src/**/*']);
    expect(rules[1]!.allowFailure).toBe(true);
    expect(rules[2]!.when).toBe('never');
    const only = c.jobs.find((j) => j.name === 'only_job')!;
    expect(only.only!.refs).toEqual(['main', '/^release-.*$/']);
    expect(only.except!.variables).toHaveLength(1);
  });

  it('merges extends deeply (hashes merged, the rest replaced) and anchors', () => {
    const c = ok(`
.base: &base
  variables: { A: base, B: base }
  script: [echo base]
  tags: [docker]
.middle:
  extends: .base
  variables: { B: middle }
job:
  extends: [.middle]
  variables: { C: job }
  script: echo job
anchored:
  <<: *base
  stage: build
`);
    const job = c.jobs.find((j) => j.name === 'job')!;
    expect(job.variables).toEqual({ A: 'base', B: 'middle', C: 'job' });
    expect(job.script).toEqual(['echo job']);
    expect(job.ignoredKeywords).toEqual(['tags']);
    expect(c.jobs.find((j) => j.name === 'anchored')!.script).toEqual(['echo base']);
  });

  it('reports errors in GitLab words', () => {
    expect(errors('build:\n  script: x\n  foo: 1\n  bar: 2\n')).toEqual([
      'jobs:build config contains unknown keys: foo, bar',
    ]);
    expect(errors('build:\n  stage: nope\n  script: x\n')).toEqual([
      'build job: chosen stage does not exist; available stages are .pre, build, test, deploy, .post',
    ]);
    expect(errors('test:\n  script: x\n  needs: [build]\n')).toEqual(['test job: undefined need: build']);
    expect(errors('a:\n  stage: build\n  script: x\n  needs: [b]\nb:\n  stage: test\n  script: x\n')).toEqual(
      ['a job: need b is not defined in current or prior stages'],
    );
    expect(errors('a:\n  script: x\n  needs: [b]\nb:\n  script: x\n  needs: [a]\n')).toEqual([
      'The pipeline has circular dependencies',
    ]);
    expect(errors('build:\n  stage: build\n')).toEqual([
      'jobs:build config should implement a script: or a trigger: keyword',
    ]);
    expect(errors('build:\n  script: x\n  when: later\n')).toEqual([
      'jobs:build when should be one of: on_success, on_failure, always, manual, delayed',
    ]);
    expect(errors('build:\n  script: x\n  timeout: whenever\n')).toEqual([
      'jobs:build timeout should be a duration',
    ]);
    expect(errors('build:\n  script: x\n  retry: 3\n')).toEqual([
      'jobs:build:retry config must be less than or equal to 2',
    ]);
    expect(errors('build:\n  script: x\n  rules: [{ if: "$A = 1" }]\n')).toEqual([
      'jobs:build:rules:rule if invalid expression syntax',
    ]);
    expect(errors('build:\n  script: x\n  only: [main]\n  rules: [{ when: always }]\n')).toEqual([
      'jobs:build config key may not be used with `rules`: only',
    ]);
    expect(errors('job:\n  extends: .missing\n  script: x\n')).toEqual(['job: unknown key in `extends`']);
    expect(errors('job:\n  script: {a: 1}\n')).toEqual([
      'jobs:job:script config should be a string or a nested array of strings up to 10 levels deep',
    ]);
    expect(errors('include: other.yml\njob:\n  script: x\n')).toEqual([
      "include config is not supported by Outpost's local executor",
    ]);
    expect(errors('.only_hidden:\n  script: x\n')).toEqual([
      'jobs config should contain at least one visible job',
    ]);
    expect(errors('job: just a string\n')).toEqual(['jobs:job config should be a hash']);
    expect(errors('- a\n- b\n')).toEqual(['Invalid configuration format']);
    expect(errors('')).toEqual(['Please provide content of .gitlab-ci.yml']);
    expect(errors('stages: build\njob:\n  script: x\n')).toEqual([
      'stages config should be an array of strings',
    ]);
  });

  it('reports YAML syntax errors with their position', () => {
    const [e] = errors('job:\n  script: [unclosed\n');
    expect(e).toMatch(/^\(<unknown>\): .+ at line \d+ column \d+$/);
  });
});
