/**
 * Readable text for a failed job's `failure_reason` (doc/api/jobs.md; GitLab's
 * `CommitStatusPresenter::CALLOUT_FAILURE_MESSAGES` and `Enums::Ci::CommitStatus.failure_reasons`).
 * Outpost's embedded instance fails a job with `runner_unsupported` when its executor refuses to run
 * it for want of a job sandbox; on a remote GitLab the reason means no runner can take the job.
 */
const FAILURE_REASONS: Record<string, string> = {
  unknown_failure: 'Unknown failure',
  script_failure: 'Script failure',
  api_failure: 'API failure',
  stuck_or_timeout_failure: 'The job got stuck or timed out',
  runner_system_failure: 'Runner system failure',
  missing_dependency_failure: 'An artifact the job needs is missing',
  runner_unsupported: 'No runner supports the requirements of this job',
  stale_schedule: 'The delayed job could not run on time',
  job_execution_timeout: 'The job ran longer than its timeout',
  archived_failure: 'The job is archived and can’t be run',
  unmet_prerequisites: 'The job’s prerequisites were not met',
  scheduler_failure: 'The job could not be scheduled',
  data_integrity_failure: 'Data integrity failure',
  forward_deployment_failure: 'A newer deployment already ran',
  user_blocked: 'The user who started the job is blocked',
  project_deleted: 'The project was deleted',
  insufficient_bridge_permissions: 'Not allowed to trigger the downstream pipeline',
  downstream_bridge_project_not_found: 'The downstream project was not found',
  invalid_bridge_trigger: 'The downstream pipeline trigger is not valid',
  bridge_pipeline_is_child_pipeline: 'A child pipeline can’t trigger another child pipeline',
  downstream_pipeline_creation_failed: 'The downstream pipeline could not be created',
  secrets_provider_not_found: 'The secrets provider was not found',
  reached_max_descendant_pipelines_depth: 'Too many nested downstream pipelines',
  ip_restriction_failure: 'The job was refused by an IP restriction',
  reached_max_pipeline_hierarchy_size: 'The pipeline hierarchy is too large',
  config_error: 'The CI/CD configuration has errors',
};

/** The text Outpost's embedded instance means by `runner_unsupported`. */
export const SANDBOX_UNAVAILABLE_TEXT = 'The job sandbox is not available on this machine';

/**
 * `failure_reason` → a sentence for the job screen. `embedded` (the active profile is Outpost's own
 * instance) reads `runner_unsupported` as the missing job sandbox. Unknown reasons are humanised
 * (`some_new_reason` → "Some new reason").
 */
export function failureReasonText(reason: string, embedded: boolean): string {
  if (reason === 'runner_unsupported' && embedded) return SANDBOX_UNAVAILABLE_TEXT;
  const known = FAILURE_REASONS[reason];
  if (known) return known;
  const words = reason.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
