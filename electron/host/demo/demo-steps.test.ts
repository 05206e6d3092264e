/**
 * The demo builder's pure parts: the CI configuration parses with the core's own parser into the jobs the
 * story needs, diff line positions, labels from commit titles, and the runner's progress and failure
 * reporting (steps here are plain functions; the real steps run in demo-build.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { DemoStatus } from '../../../shared/ipc-contract.js';
import { parseCiConfig } from '../../core/ci/config/ci-config.js';
import { countCases, parseJunitXml } from '../../core/ci/junit.js';
import { DEMO_CI_YAML, DEMO_JUNIT_XML } from './ci-config.js';
import { DemoStepError } from './demo-api.js';
import type { DemoContext } from './demo-context.js';
import { runDemoSteps } from './demo-runner.js';
import { firstAddedLine, mergeRequestTitle } from './history-commits.js';
import { labelsFor } from './merge-requests.js';

describe('the demo CI configuration', () => {
  it('parses with the core parser into build, tests, an allowed failure and two deploys', () => {
    const parsed = parseCiConfig(DEMO_CI_YAML);
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const jobs = Object.fromEntries(parsed.config.jobs.map((j) => [j.name, j]));
    expect(Object.keys(jobs).sort()).toEqual([
      'build',
      'deploy-production',
      'deploy-staging',
      'lint',
      'unit-tests',
    ]);
    expect(jobs.lint!.allowFailure).toBe(true);
    expect(jobs['deploy-production']!.environment?.name).toBe('production');
    expect(jobs['deploy-staging']!.environment?.name).toBe('staging');
  });

  it('has a JUnit report with passing, failing and skipped cases', () => {
    const report = parseJunitXml(DEMO_JUNIT_XML);
    expect(report.suiteError).toBeNull();
    expect(countCases(report.cases)).toMatchObject({
      total_count: 5,
      success_count: 3,
      failed_count: 1,
      skipped_count: 1,
    });
  });
});

describe('firstAddedLine', () => {
  it('gives the new line number of the first added line', () => {
    expect(firstAddedLine('@@ -1,3 +1,4 @@\n a\n b\n+c\n d\n')).toBe(3);
    expect(firstAddedLine('@@ -10,2 +12,2 @@\n-x\n y\n+z\n')).toBe(13);
    expect(firstAddedLine('@@ -1,2 +1,1 @@\n a\n-b\n')).toBeNull();
    expect(firstAddedLine('')).toBeNull();
  });
});

describe('labelsFor', () => {
  it('picks area labels from the commit title, feature otherwise', () => {
    expect(labelsFor('Issue 8 core: storage shards')).toContain('core');
    expect(labelsFor('README: what each area does')).toEqual(['documentation']);
    expect(labelsFor('Renderer: one picker')).toEqual(['renderer']);
    expect(labelsFor('Tidy things up')).toEqual(['feature']);
  });
});

describe('runDemoSteps', () => {
  const ctx = { setProject: () => undefined } as unknown as DemoContext;
  const start: DemoStatus = { state: 'running', step: null, completed: 0, total: 0, project: null };

  it('reports each step, then done', async () => {
    const seen: DemoStatus[] = [];
    const ran: string[] = [];
    const final = await runDemoSteps(
      [
        { title: 'First thing', run: async () => void ran.push('a') },
        { title: 'Second thing', run: async () => void ran.push('b') },
      ],
      ctx,
      start,
      (s) => seen.push(s),
    );
    expect(ran).toEqual(['a', 'b']);
    expect(seen.map((s) => [s.state, s.step, s.completed, s.total])).toEqual([
      ['running', 'First thing', 0, 2],
      ['running', 'Second thing', 1, 2],
      ['done', 'Demo data is ready', 2, 2],
    ]);
    expect(final.finishedAt).toBeDefined();
  });

  it('stops at a failing step, names it and keeps its reason; later steps do not run', async () => {
    let later = false;
    const final = await runDemoSteps(
      [
        { title: 'Importing the repository', run: async () => undefined },
        {
          title: 'Running pipelines',
          run: async () => {
            throw new DemoStepError('Pipeline #3 on main ended failed (failed jobs: build).');
          },
        },
        { title: 'Receiving alerts', run: async () => void (later = true) },
      ],
      ctx,
      start,
      () => undefined,
    );
    expect(later).toBe(false);
    expect(final).toMatchObject({
      state: 'failed',
      step: 'Running pipelines',
      completed: 1,
      total: 3,
      error: 'Running pipelines failed: Pipeline #3 on main ended failed (failed jobs: build).',
    });
  });
});

describe('merge request titles from commit titles', () => {
  it('keeps titles up to 255 characters and cuts longer ones with an ellipsis', () => {
    expect(mergeRequestTitle('Short title')).toBe('Short title');
    const exact = 'x'.repeat(255);
    expect(mergeRequestTitle(exact)).toBe(exact);
    const long = `${'é'.repeat(300)}`;
    const cut = mergeRequestTitle(long);
    expect([...cut]).toHaveLength(255);
    expect(cut.endsWith('…')).toBe(true);
  });
});
