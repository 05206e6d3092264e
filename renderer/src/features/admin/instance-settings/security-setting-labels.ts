import { DEFAULT_BRANCH_PROTECTION } from '../../../api/admin/instance-settings/types.js';

/** Route of the Security screen. */
export const SECURITY_PATH = '/admin/security';

/** One choice of the default branch protection select. */
export interface BranchProtectionOption {
  value: number;
  /** GitLab's label (lib/gitlab/access.rb `protection_options`, "DefaultBranchProtection|…"). */
  label: string;
  /** What developers and maintainers may do, in our words. */
  description: string;
}

/**
 * The five default branch protections in GitLab's order and with GitLab's labels
 * (doc/user/project/repository/branches/default.md "Protect initial default branches").
 */
export const BRANCH_PROTECTION_OPTIONS: readonly BranchProtectionOption[] = [
  {
    value: DEFAULT_BRANCH_PROTECTION.NONE,
    label: 'Not protected',
    description: 'Developers and maintainers can push new commits, force push and delete the branch.',
  },
  {
    value: DEFAULT_BRANCH_PROTECTION.DEV_CAN_MERGE,
    label: 'Protected against pushes',
    description:
      'Developers can’t push new commits but can merge merge requests into the branch. Maintainers can push.',
  },
  {
    value: DEFAULT_BRANCH_PROTECTION.DEV_CAN_PUSH,
    label: 'Partially protected',
    description: 'Developers and maintainers can push new commits; nobody can force push.',
  },
  {
    value: DEFAULT_BRANCH_PROTECTION.FULL,
    label: 'Fully protected',
    description: 'Developers can’t push new commits; maintainers can. Nobody can force push.',
  },
  {
    value: DEFAULT_BRANCH_PROTECTION.DEV_CAN_INITIAL_PUSH,
    label: 'Fully protected after initial push',
    description:
      'Developers can push the first commit of a new repository, none after it. Maintainers can always push; nobody can force push.',
  },
];

/** GitLab's label of a `default_branch_protection` value ("Level N" for one GitLab doesn't know). */
export function branchProtectionLabel(value: number): string {
  return BRANCH_PROTECTION_OPTIONS.find((option) => option.value === value)?.label ?? `Level ${value}`;
}

/** Labels of the runner limits, with the range the instance accepts. */
export const LIMIT_LABELS = {
  ci_concurrent_jobs: {
    label: 'Concurrent jobs',
    description: 'Pipeline jobs this instance runs at once; the others wait. 1 to 64.',
    unit: 'jobs',
  },
  ci_job_memory_limit_mb: {
    label: 'Memory per job process',
    description: 'Address space each process of a job may use. 64 to 1,048,576 MiB.',
    unit: 'MiB',
  },
  ci_job_cpu_limit_seconds: {
    label: 'CPU time per job process',
    description: 'CPU seconds each process of a job may use. 1 to 86,400 seconds.',
    unit: 'seconds',
  },
  ci_job_process_limit: {
    label: 'Processes per job',
    description: 'Processes a job may run at once; a fork bomb stops here. 16 to 65,536.',
    unit: 'processes',
  },
  ci_job_output_limit_kb: {
    label: 'Job log size',
    description:
      'The most of a job’s output its log keeps; the job runs on, but later output is dropped (GitLab Runner’s output_limit). 1 to 1,048,576 KiB.',
    unit: 'KiB',
  },
  ci_job_build_dir_limit_mb: {
    label: 'Build directory size',
    description:
      'Disk a job’s build directory (checkout, temporary files, home) may use, and the largest file a job may write; past it the job is stopped and fails. 16 to 1,048,576 MiB.',
    unit: 'MiB',
  },
} as const;

/** Short names of every setting, for the "saved" notification and the unsaved-changes line. */
export const SETTING_NAMES = {
  allow_unsandboxed_ci_jobs: 'unsandboxed jobs',
  ci_concurrent_jobs: 'concurrent jobs',
  ci_job_memory_limit_mb: 'job memory',
  ci_job_cpu_limit_seconds: 'job CPU time',
  ci_job_process_limit: 'job processes',
  ci_job_output_limit_kb: 'job log size',
  ci_job_build_dir_limit_mb: 'build directory size',
  allow_local_requests_from_web_hooks_and_services: 'local network requests',
  default_branch_protection: 'default branch protection',
} as const;

/** The on/off settings that widen what the instance allows, and the warning shown while one is on. */
export type RiskySwitchKey = 'allow_unsandboxed_ci_jobs' | 'allow_local_requests_from_web_hooks_and_services';

/** Labels of a {@link RiskySwitchKey} switch and its warning. */
export interface RiskySwitchLabels {
  label: string;
  description: string;
  /** Switch colour when on (Mantine's primary when absent). */
  color?: string;
  testId: string;
  warning: { color: string; title: string; text: string; testId: string };
}

/** The risky switches' labels, warnings and test ids. */
export const RISKY_SWITCHES: Record<RiskySwitchKey, RiskySwitchLabels> = {
  allow_unsandboxed_ci_jobs: {
    label: 'Allow jobs to run without a sandbox',
    description:
      'Where no job sandbox can be had (macOS, Windows, Linux without bubblewrap), jobs are refused unless this is on.',
    color: 'red',
    testId: 'allow-unsandboxed-switch',
    warning: {
      color: 'red',
      title: 'Unsandboxed jobs are dangerous',
      text: 'Without a sandbox, any user who can push a .gitlab-ci.yml can read every token this app holds and the whole data dir, and run programs as you.',
      testId: 'unsandboxed-warning',
    },
  },
  allow_local_requests_from_web_hooks_and_services: {
    label: 'Allow requests to the local network from webhooks and integrations',
    description:
      'Off: imports by users who aren’t administrators may only reach public http(s) addresses, never this computer, your private network or link-local addresses, checked again on every redirect. Administrators can always import from local paths.',
    testId: 'allow-local-requests-switch',
    warning: {
      color: 'orange',
      title: 'Requests to the local network are allowed',
      text: 'Any signed-in user can make the instance fetch from services on this computer and your network (127.0.0.1, 10.0.0.0/8, 192.168.0.0/16, cloud metadata at 169.254.169.254…) by importing a project from such an address.',
      testId: 'local-requests-warning',
    },
  },
};
