import { describe, expect, it } from 'vitest';
import { predefinedVariables, refSlug } from './predefined-variables.js';

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
