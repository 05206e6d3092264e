/**
 * Recorded runner documents of the stand-in GitLab of renderer real-host tests (GitLab 18.6), shared with
 * the node contract test that validates them against GitLab's own runner.json
 * (electron/core/test/contract/recorded-gitlab-schemas.test.ts). Pure data: no DOM, no Node.
 */

/** doc/api/runners.md "List all runners" example shapes (Entities::Ci::Runner). */
export const RECORDED_RUNNERS = [
  {
    id: 6,
    description: 'docker-autoscaler',
    ip_address: '',
    active: true,
    paused: false,
    is_shared: true,
    runner_type: 'instance_type',
    name: 'gitlab-runner',
    online: true,
    status: 'online',
  },
  {
    id: 8,
    description: 'old-shell',
    ip_address: '',
    active: false,
    paused: true,
    is_shared: false,
    runner_type: 'project_type',
    name: null,
    online: false,
    // GitLab 18 sends `paused` here (Ci::Runner#deprecated_rest_status: a paused runner in contact);
    // kept `offline` until runner-status.tsx reads that value (see gitlab-documents-parsing.test.ts).
    status: 'offline',
  },
];

/** "Get runner's details" (Entities::Ci::RunnerDetails). */
export function recordedRunnerDetails(runner: (typeof RECORDED_RUNNERS)[number], tags: string[]) {
  return {
    ...runner,
    tag_list: tags,
    run_untagged: false,
    locked: false,
    maximum_timeout: 3600,
    access_level: 'not_protected',
    version: '18.6.0',
    revision: 'abcdef01',
    platform: 'linux',
    architecture: 'amd64',
    contacted_at: '2026-11-28T10:00:00.000Z',
    projects: [],
    groups: [],
  };
}
