/**
 * User-supplied regular expressions against a real core (issue 25 "Safe expressions"): an ordinary user
 * pushes a `.gitlab-ci.yml` whose `rules:if` is the catastrophic `$EVIL =~ /^(a+)+$/` while EVIL holds
 * 40 `a`s and a `!` (a JavaScript RegExp needs ~2^40 steps: the 13.6 s freeze at 28 `a`s, doubling per
 * `a`), creates an API pipeline with EVIL as a pipeline variable, and runs a job whose `coverage:` regex
 * backtracks exponentially on a 100,000-character trace line. Meanwhile `GET /api/v4/version` is polled
 * over HTTP: every answer must come back promptly, so the core's event loop was never held.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFile, jobTrace, latestPipeline, pipelineJobs, waitForPipeline } from '../helpers/pipelines.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

const EVIL = `${'a'.repeat(40)}!`;
/** Generous: a held event loop shows as seconds to hours here; a loaded test machine as tens of ms. */
const PROMPT_MS = 2000;

let t: TestCore;
let user: { id: number; username: string; token: string };

beforeAll(async () => {
  t = await startTestCore();
  user = await createUserWithToken(t);
});

afterAll(async () => {
  await t.close();
});

/**
 * Poll `/version` back to back until `work` settles; resolves to work's result and each answer's
 * status and time in ms.
 */
async function whilePolling<T>(
  work: () => Promise<T>,
): Promise<{ result: T; answers: { status: number; ms: number }[] }> {
  const answers: { status: number; ms: number }[] = [];
  let done = false;
  const poller = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${t.url}/api/v4/version`, { headers: { 'PRIVATE-TOKEN': user.token } });
      await res.text();
      answers.push({ status: res.status, ms: performance.now() - started });
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  try {
    const result = await work();
    return { result, answers };
  } finally {
    done = true;
    await poller;
  }
}

async function createUserProject(): Promise<number> {
  const created = await t.api<{ id: number }>('POST', '/projects', {
    token: user.token,
    json: { name: `regex-${Math.random().toString(36).slice(2, 7)}`, initialize_with_readme: true },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

const RULES_YAML = `
workflow:
  rules:
    - if: '$EVIL =~ /^(a+)+$/'
      when: never
    - when: always
evil:
  script: echo "must not run"
  rules:
    - if: '$EVIL =~ /^(a|aa)+$/'
variables_only:
  script: echo "must not run either"
  only:
    variables: ['$EVIL =~ /^(.*a){30}$/']
safe:
  script: echo "EVIL has $(printf %s "$EVIL" | wc -c) bytes"
  rules:
    - if: '$EVIL !~ /^(a+)+$/ && $EVIL =~ /^a+!$/'
`;

describe('catastrophic regexes in rules', () => {
  it('a push with rules:if $EVIL =~ /^(a+)+$/ and an instance variable EVIL creates its pipeline while /version answers', async () => {
    const variable = await t.api('POST', '/admin/ci/variables', { json: { key: 'EVIL', value: EVIL } });
    expect(variable.status).toBe(201);
    try {
      const projectId = await createUserProject();
      const { answers } = await whilePolling(async () => {
        await commitFile(t, projectId, '.gitlab-ci.yml', RULES_YAML, {
          token: user.token,
          message: 'Add a catastrophic rules:if',
        });
      });
      const created = await latestPipeline(t, projectId);
      expect(created).not.toBeNull();
      const pipeline = await waitForPipeline(t, projectId, created!.id, undefined, 60_000);
      const jobs = await pipelineJobs(t, projectId, pipeline.id);
      expect([...jobs.keys()]).toEqual(['safe']);
      expect(pipeline.status).toBe('success');
      expect(await jobTrace(t, projectId, jobs.get('safe')!.id)).toContain('EVIL has 41 bytes');

      expect(answers.length).toBeGreaterThan(0);
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      expect(answers.filter((a) => a.ms > PROMPT_MS)).toEqual([]);
    } finally {
      await t.api('DELETE', '/admin/ci/variables/EVIL');
    }
  });

  it('an API pipeline with EVIL as a pipeline variable is answered at once, and /version keeps answering', async () => {
    const projectId = await createUserProject();
    await commitFile(t, projectId, '.gitlab-ci.yml', RULES_YAML, { token: user.token });
    const { result, answers } = await whilePolling(async () => {
      const started = performance.now();
      const res = await t.api<{ id: number; status: string }>('POST', `/projects/${projectId}/pipeline`, {
        token: user.token,
        json: { ref: 'main', variables: [{ key: 'EVIL', value: EVIL }] },
      });
      return { res, ms: performance.now() - started };
    });
    expect(result.res.status).toBe(201);
    expect(result.ms).toBeLessThan(PROMPT_MS * 5);
    const jobs = await pipelineJobs(t, projectId, result.res.body.id);
    expect([...jobs.keys()]).toEqual(['safe']);
    expect(answers.filter((a) => a.status !== 200 || a.ms > PROMPT_MS)).toEqual([]);

    // The same pattern held by a variable, and the same text on the left.
    await commitFile(
      t,
      projectId,
      '.gitlab-ci.yml',
      "held:\n  script: echo held\n  rules:\n    - if: '$EVIL =~ $PATTERN'\nelse:\n  script: echo else\n",
      { token: user.token },
    );
    const viaVariable = await t.api<{ id: number }>('POST', `/projects/${projectId}/pipeline`, {
      token: user.token,
      json: {
        ref: 'main',
        variables: [
          { key: 'EVIL', value: EVIL },
          { key: 'PATTERN', value: '/^(a+)+$/' },
        ],
      },
    });
    expect(viaVariable.status).toBe(201);
    expect([...(await pipelineJobs(t, projectId, viaVariable.body.id)).keys()]).toEqual(['else']);
  });

  it('an invalid literal pattern is a YAML error, not a 5xx', async () => {
    const projectId = await createUserProject();
    await commitFile(
      t,
      projectId,
      '.gitlab-ci.yml',
      "a:\n  script: x\n  rules:\n    - if: '$A =~ /(a)\\1/'\n",
      { token: user.token },
    );
    const pipeline = await latestPipeline(t, projectId);
    expect(pipeline?.status).toBe('failed');
    expect(pipeline?.yaml_errors).toBe('jobs:a:rules:rule if invalid expression syntax');
    const res = await t.api<{ message: unknown }>('POST', `/projects/${projectId}/pipeline`, {
      token: user.token,
      json: { ref: 'main' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('invalid expression syntax');
  });
});

describe('a catastrophic coverage regex', () => {
  it('reads coverage from a job printing a 100,000-character line while /version answers', async () => {
    const projectId = await createUserProject();
    // `(a|aa)+(\d+)%$` backtracks exponentially on a long run of a's that ends in `!`.
    const yaml = `
cover:
  coverage: '/(a|aa)+(\\d+)%$/'
  script:
    - head -c 100000 /dev/zero | tr '\\0' a; echo '!'
    - echo 'aaaa42%'
    - head -c 100000 /dev/zero | tr '\\0' a; echo '!'
`;
    const { answers } = await whilePolling(async () => {
      await commitFile(t, projectId, '.gitlab-ci.yml', yaml, { token: user.token });
      const created = await latestPipeline(t, projectId);
      return waitForPipeline(t, projectId, created!.id, undefined, 60_000);
    });
    const jobs = await pipelineJobs(t, projectId, (await latestPipeline(t, projectId))!.id);
    const cover = jobs.get('cover')!;
    expect(cover.status).toBe('success');
    expect(cover.coverage).toBe(42);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status !== 200 || a.ms > PROMPT_MS)).toEqual([]);
  });
});
