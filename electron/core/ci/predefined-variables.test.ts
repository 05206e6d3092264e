import { describe, expect, it } from 'vitest';
import { mergeRequestVariables, predefinedVariables, refSlug } from './predefined-variables.js';
import type { MergeRequestCiInput } from './predefined-variables.js';

const base = {
  serverUrl: 'http://127.0.0.1:8080',
  serverVersion: '13.10.0',
  project: {
    id: 7,
    path: 'app',
    name: 'App',
    namespace: 'group/sub',
    visibility: 'private',
    defaultBranch: 'main',
  },
  pipeline: {
    id: 42,
    iid: 3,
    source: 'push',
    ref: 'feature/Login-Page',
    tag: false,
    protectedRef: false,
    sha: '0123456789abcdef0123456789abcdef01234567',
    beforeSha: '0000000000000000000000000000000000000000',
    createdAt: '2026-01-02T03:04:05.678Z',
    commit: {
      message: 'Title line\n\nBody text\n',
      authorName: 'Ada',
      authorEmail: 'ada@example.com',
      committedDate: '2026-01-02T03:00:00+00:00',
    },
  },
  user: { id: 1, username: 'root', name: 'Administrator', email: 'admin@example.com' },
};

describe('predefinedVariables', () => {
  it('sets GitLab pipeline variables', () => {
    const v = predefinedVariables(base);
    expect(v).toMatchObject({
      CI: 'true',
      GITLAB_CI: 'true',
      CI_SERVER_URL: 'http://127.0.0.1:8080',
      CI_SERVER_HOST: '127.0.0.1',
      CI_SERVER_PORT: '8080',
      CI_PROJECT_ID: '7',
      CI_PROJECT_NAME: 'app',
      CI_PROJECT_PATH: 'group/sub/app',
      CI_PROJECT_NAMESPACE: 'group/sub',
      CI_PROJECT_URL: 'http://127.0.0.1:8080/group/sub/app',
      CI_PIPELINE_ID: '42',
      CI_PIPELINE_IID: '3',
      CI_PIPELINE_SOURCE: 'push',
      CI_COMMIT_SHA: base.pipeline.sha,
      CI_COMMIT_SHORT_SHA: '01234567',
      CI_COMMIT_REF_NAME: 'feature/Login-Page',
      CI_COMMIT_REF_SLUG: 'feature-login-page',
      CI_COMMIT_BRANCH: 'feature/Login-Page',
      CI_COMMIT_TITLE: 'Title line',
      CI_COMMIT_DESCRIPTION: 'Body text\n',
      CI_COMMIT_AUTHOR: 'Ada <ada@example.com>',
      CI_DEFAULT_BRANCH: 'main',
      GITLAB_USER_LOGIN: 'root',
      CI_PIPELINE_CREATED_AT: '2026-01-02T03:04:05Z',
    });
    expect(v.CI_COMMIT_TAG).toBeUndefined();
    expect(v.CI_JOB_ID).toBeUndefined();
  });

  it('adds job variables and CI_COMMIT_TAG for tags', () => {
    const v = predefinedVariables({
      ...base,
      pipeline: { ...base.pipeline, ref: 'v1.0', tag: true },
      job: {
        id: 9,
        name: 'deploy',
        stage: 'deploy',
        startedAt: '2026-01-02T03:05:00.000Z',
        manual: true,
        projectDir: '/tmp/b/group/sub/app',
        buildsDir: '/tmp/b',
        timeoutSeconds: 600,
        environment: { name: 'review/Feature X', url: 'https://x', action: 'start' },
      },
    });
    expect(v).toMatchObject({
      CI_COMMIT_TAG: 'v1.0',
      CI_JOB_ID: '9',
      CI_JOB_NAME: 'deploy',
      CI_JOB_STAGE: 'deploy',
      CI_JOB_URL: 'http://127.0.0.1:8080/group/sub/app/-/jobs/9',
      CI_JOB_MANUAL: 'true',
      CI_PROJECT_DIR: '/tmp/b/group/sub/app',
      CI_ENVIRONMENT_NAME: 'review/Feature X',
      CI_ENVIRONMENT_SLUG: 'review-feature-x',
      CI_ENVIRONMENT_URL: 'https://x',
    });
    expect(v.CI_COMMIT_BRANCH).toBeUndefined();
  });

  it('slugs refs', () => {
    expect(refSlug('-Feature/ÄBC_1-')).toBe('feature--bc-1');
    expect(refSlug('x'.repeat(80))).toHaveLength(63);
  });
});

describe('merge request pipelines', () => {
  const mr: MergeRequestCiInput = {
    id: 11,
    iid: 2,
    title: 'Add login',
    projectId: 7,
    projectPath: 'group/sub/app',
    projectUrl: 'http://127.0.0.1:8080/group/sub/app',
    sourceProjectId: 7,
    sourceProjectPath: 'group/sub/app',
    sourceProjectUrl: 'http://127.0.0.1:8080/group/sub/app',
    sourceBranch: 'feature/Login-Page',
    targetBranch: 'main',
    assignees: ['ada', 'bob', 'cy'],
    labels: ['bug', 'ui'],
    milestone: 'v1',
    diffBaseSha: 'b'.repeat(40),
  };

  it("sets GitLab's CI_MERGE_REQUEST_* variables (detached: no branch SHAs)", () => {
    expect(mergeRequestVariables(mr)).toEqual({
      CI_COMMIT_REF_NAME: 'feature/Login-Page',
      CI_COMMIT_REF_SLUG: 'feature-login-page',
      CI_MERGE_REQUEST_EVENT_TYPE: 'detached',
      CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: '',
      CI_MERGE_REQUEST_TARGET_BRANCH_SHA: '',
      CI_MERGE_REQUEST_DIFF_BASE_SHA: 'b'.repeat(40),
      CI_MERGE_REQUEST_ID: '11',
      CI_MERGE_REQUEST_IID: '2',
      CI_MERGE_REQUEST_REF_PATH: 'refs/merge-requests/2/head',
      CI_MERGE_REQUEST_PROJECT_ID: '7',
      CI_MERGE_REQUEST_PROJECT_PATH: 'group/sub/app',
      CI_MERGE_REQUEST_PROJECT_URL: 'http://127.0.0.1:8080/group/sub/app',
      CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'main',
      CI_MERGE_REQUEST_TITLE: 'Add login',
      CI_MERGE_REQUEST_ASSIGNEES: 'ada, bob and cy',
      CI_MERGE_REQUEST_MILESTONE: 'v1',
      CI_MERGE_REQUEST_LABELS: 'bug,ui',
      CI_MERGE_REQUEST_SOURCE_PROJECT_ID: '7',
      CI_MERGE_REQUEST_SOURCE_PROJECT_PATH: 'group/sub/app',
      CI_MERGE_REQUEST_SOURCE_PROJECT_URL: 'http://127.0.0.1:8080/group/sub/app',
      CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: 'feature/Login-Page',
    });
  });

  it('leaves out assignees, labels and milestone when there are none', () => {
    const v = mergeRequestVariables({ ...mr, assignees: [], labels: [], milestone: null, diffBaseSha: null });
    for (const k of [
      'CI_MERGE_REQUEST_ASSIGNEES',
      'CI_MERGE_REQUEST_LABELS',
      'CI_MERGE_REQUEST_MILESTONE',
      'CI_MERGE_REQUEST_DIFF_BASE_SHA',
    ])
      expect(v).not.toHaveProperty(k);
    expect(mergeRequestVariables({ ...mr, assignees: ['ada', 'bob'] }).CI_MERGE_REQUEST_ASSIGNEES).toBe(
      'ada and bob',
    );
  });

  it('a merge request pipeline has no CI_COMMIT_BRANCH; its ref name is the source branch', () => {
    const v = predefinedVariables({
      ...base,
      pipeline: { ...base.pipeline, source: 'merge_request_event', ref: 'refs/merge-requests/2/head' },
      mergeRequest: mr,
    });
    expect(v).not.toHaveProperty('CI_COMMIT_BRANCH');
    expect(v.CI_COMMIT_REF_NAME).toBe('feature/Login-Page');
    expect(v.CI_PIPELINE_SOURCE).toBe('merge_request_event');
    expect(v.CI_MERGE_REQUEST_IID).toBe('2');
  });
});
