/**
 * The `.gitlab-ci.yml` the demo commits (doc/ci/yaml): real jobs that take seconds on the embedded
 * instance's local executor — a build that reads the real history, unit tests publishing a JUnit report
 * with passing, failing and skipped test cases (`artifacts:reports:junit`), a lint job that fails with
 * `allow_failure: true`, and deploys to `staging` then `production` on the default branch only
 * (`rules: if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH`), the production one printing the masked instance
 * variable (shown as [MASKED] in its trace).
 */

/** JUnit report of the demo's test job: 5 test cases, 1 failure, 1 skipped. */
export const DEMO_JUNIT_XML = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="outpost" tests="5" failures="1" skipped="1" time="0.41">
  <testsuite name="core/merge-requests" tests="3" failures="1" time="0.27">
    <testcase classname="merge-requests" name="opens a merge request from a real branch point" time="0.08"/>
    <testcase classname="merge-requests" name="shows the commit diff in Changes" time="0.06"/>
    <testcase classname="merge-requests" name="merges when approved" time="0.13">
      <failure message="expected merged, got opened" type="AssertionError">AssertionError: expected merged, got opened
    at merges (merge-requests.test.ts:42:7)</failure>
    </testcase>
  </testsuite>
  <testsuite name="core/alerts" tests="2" failures="0" skipped="1" time="0.14">
    <testcase classname="alerts" name="receives a notification over HTTP" time="0.14"/>
    <testcase classname="alerts" name="groups repeated payloads" time="0"><skipped/></testcase>
  </testsuite>
</testsuites>`;

/** `text` indented by `spaces` on every line (for a YAML block scalar). */
function indent(text: string, spaces: number): string {
  return text
    .split('\n')
    .map((line) => ' '.repeat(spaces) + line)
    .join('\n');
}

/** The demo pipeline's job names, by stage. */
export const DEMO_JOBS = {
  build: ['build'],
  test: ['unit-tests', 'lint'],
  staging: ['deploy-staging'],
  production: ['deploy-production'],
} as const;

/** The configuration file's content. */
export const DEMO_CI_YAML = `# Outpost demo pipeline: real jobs on the embedded instance's local executor.
stages: [build, test, staging, production]

build:
  stage: build
  script:
    - echo "Building $CI_PROJECT_PATH at $CI_COMMIT_SHORT_SHA on $CI_COMMIT_REF_NAME"
    - git log --oneline -5
    - (node --version || echo "node is not on this runner's PATH")
    - sleep 2

unit-tests:
  stage: test
  script:
    - echo "Running the unit tests"
    - mkdir -p reports
    - |
      cat > reports/junit.xml <<'XML'
${indent(DEMO_JUNIT_XML, 6)}
      XML
    - echo "5 tests, 1 failure, 1 skipped (see the Tests tab)"
  artifacts:
    reports:
      junit: reports/junit.xml

lint:
  stage: test
  allow_failure: true
  script:
    - echo "Checking the style of $(git ls-files | wc -l) tracked files"
    - echo "2 problems found (allowed to fail)"
    - exit 1

deploy-staging:
  stage: staging
  rules:
    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH
  environment:
    name: staging
    url: https://staging.outpost.example
  script:
    - echo "Deploying $CI_COMMIT_SHORT_SHA to staging (channel $DEMO_RELEASE_CHANNEL)"

deploy-production:
  stage: production
  rules:
    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH
  environment:
    name: production
    url: https://outpost.example
  script:
    - echo "Deploying $CI_COMMIT_SHORT_SHA to production with token $DEMO_DEPLOY_TOKEN"
`;
