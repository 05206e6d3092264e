/**
 * Pipeline presenters (spec "Pipeline"; GitLab's Entities::Ci::PipelineBasic and Pipeline, schemas
 * public_api/v4/pipeline/{basic,detail}.json and status/ci_detailed_status.json), pipeline variables and
 * the test report (GitLab's TestReportEntity/TestSuiteEntity/TestCaseEntity). Pure.
 */
import type {
  CiDetailedStatus,
  CiStatus,
  Pipeline,
  PipelineBasic,
  PipelineVariable,
  TestCase,
  TestReport,
  TestSuite,
} from '../../../shared/api-types/pipelines.js';
import type { PipelineListRow, PipelineRow, PipelineVariableRow } from '../db/ci-pipelines.js';
import type { UserRow } from '../db/users.js';
import type { ParsedTestCase } from '../ci/junit.js';
import { countCases } from '../ci/junit.js';
import { presentUserBasic } from './users.js';

/** `http://host/group/project/-/pipelines/<id>`. */
export function pipelineWebUrl(projectWebUrl: string, id: number): string {
  return `${projectWebUrl}/-/pipelines/${id}`;
}

/** The list form. */
export function presentPipelineBasic(p: PipelineListRow, projectWebUrl: string): PipelineBasic {
  return {
    id: p.id,
    iid: p.iid,
    project_id: p.project_id,
    sha: p.sha,
    ref: p.ref,
    status: p.status,
    source: p.source,
    created_at: p.created_at,
    updated_at: p.updated_at,
    web_url: pipelineWebUrl(projectWebUrl, p.id),
  };
}

const STATUS_TEXT: Record<CiStatus, { text: string; label: string; icon: string; group: string }> = {
  created: { text: 'created', label: 'created', icon: 'status_created', group: 'created' },
  waiting_for_resource: {
    text: 'waiting',
    label: 'waiting for resource',
    icon: 'status_pending',
    group: 'waiting-for-resource',
  },
  preparing: { text: 'preparing', label: 'preparing', icon: 'status_preparing', group: 'preparing' },
  pending: { text: 'pending', label: 'pending', icon: 'status_pending', group: 'pending' },
  running: { text: 'running', label: 'running', icon: 'status_running', group: 'running' },
  success: { text: 'passed', label: 'passed', icon: 'status_success', group: 'success' },
  failed: { text: 'failed', label: 'failed', icon: 'status_failed', group: 'failed' },
  canceled: { text: 'canceled', label: 'canceled', icon: 'status_canceled', group: 'canceled' },
  skipped: { text: 'skipped', label: 'skipped', icon: 'status_skipped', group: 'skipped' },
  manual: { text: 'blocked', label: 'waiting for manual action', icon: 'status_manual', group: 'manual' },
  scheduled: {
    text: 'delayed',
    label: 'waiting for delayed job',
    icon: 'status_scheduled',
    group: 'scheduled',
  },
};

/** GitLab's detailed status (`success` with allowed failures reads "passed with warnings"). */
export function presentDetailedStatus(
  status: CiStatus,
  opts: { warnings: boolean; detailsPath: string | null },
): CiDetailedStatus {
  const s =
    status === 'success' && opts.warnings
      ? {
          text: 'passed',
          label: 'passed with warnings',
          icon: 'status_warning',
          group: 'success-with-warnings',
        }
      : STATUS_TEXT[status];
  return {
    icon: s.icon,
    text: s.text,
    label: s.label,
    group: s.group,
    tooltip: s.label,
    has_details: opts.detailsPath !== null,
    details_path: opts.detailsPath,
    favicon: `/assets/ci_favicons/favicon_${s.icon}.png`,
  };
}

/** The single form (detail, create, retry, cancel). */
export function presentPipeline(
  p: PipelineRow,
  opts: {
    projectWebUrl: string;
    baseUrl: string;
    user: UserRow | null;
    warnings: boolean;
    detailsPath: string;
  },
): Pipeline {
  return {
    ...presentPipelineBasic(p, opts.projectWebUrl),
    before_sha: p.before_sha,
    tag: p.tag === 1,
    yaml_errors: p.yaml_errors,
    user: opts.user ? presentUserBasic(opts.user, opts.baseUrl) : null,
    started_at: p.started_at,
    finished_at: p.finished_at,
    committed_at: p.committed_at,
    duration: p.duration,
    queued_duration: p.queued_duration,
    coverage: p.coverage === null ? null : p.coverage.toFixed(2),
    detailed_status: presentDetailedStatus(p.status, {
      warnings: opts.warnings,
      detailsPath: opts.detailsPath,
    }),
  };
}

export function presentPipelineVariable(v: PipelineVariableRow): PipelineVariable {
  return { key: v.key, variable_type: v.variable_type, value: v.value };
}

function presentTestCase(c: ParsedTestCase, jobWebUrl: string): TestCase {
  return {
    status: c.status,
    name: c.name,
    classname: c.classname,
    file: c.file,
    execution_time: c.execution_time,
    system_output: c.system_output,
    stack_trace: c.stack_trace,
    attachment_url: c.attachment ? `${jobWebUrl}/artifacts/file/${c.attachment}` : null,
    recent_failures: null,
  };
}

/** The test report: one suite per job name (GitLab names suites after jobs). */
export function presentTestReport(
  suites: readonly { name: string; jobId: number; cases: ParsedTestCase[]; suiteError: string | null }[],
  projectWebUrl: string,
): TestReport {
  const testSuites: TestSuite[] = suites.map((s) => ({
    name: s.name,
    ...countCases(s.cases),
    suite_error: s.suiteError,
    test_cases: s.cases.map((c) => presentTestCase(c, `${projectWebUrl}/-/jobs/${s.jobId}`)),
  }));
  const sum = (
    k: 'total_time' | 'total_count' | 'success_count' | 'failed_count' | 'skipped_count' | 'error_count',
  ) => testSuites.reduce((t, s) => t + s[k], 0);
  return {
    total_time: Math.round(sum('total_time') * 1e6) / 1e6,
    total_count: sum('total_count'),
    success_count: sum('success_count'),
    failed_count: sum('failed_count'),
    skipped_count: sum('skipped_count'),
    error_count: sum('error_count'),
    test_suites: testSuites,
  };
}
