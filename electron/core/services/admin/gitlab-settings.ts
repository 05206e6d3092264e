/**
 * The GitLab 13.10 application settings a client may `PUT /application/settings` and reads back from
 * `GET /application/settings` (doc/api/settings.md, "List of settings that can be accessed via API
 * calls"; GitLab's `ApplicationSetting` defaults), each typed and validated with zod (setting-schema.ts)
 * and stored as given. Secrets (`akismet_api_key`, `recaptcha_private_key`, `recaptcha_site_key`,
 * `slack_app_secret`, `external_auth_client_key*`, `asset_proxy_secret_key`, `eks_secret_access_key`,
 * `elasticsearch_aws_secret_access_key`, `spam_check_endpoint`'s keys…) are not accepted: Outpost keeps no
 * third-party credentials in settings, and GitLab never returns most of them either.
 *
 * Settings with behaviour in Outpost ({@link SETTINGS_WITH_BEHAVIOUR}); every other one is stored and read
 * back only (an Outpost instance has no sign-up page, mail, Gravatar, Akismet, reCAPTCHA, Prometheus,
 * Elasticsearch, Kubernetes integration or housekeeping schedule for them to drive).
 */
import type { Db } from '../../db/database.js';
import {
  boolSetting,
  enumSetting,
  intChoiceSetting,
  intListSetting,
  intSetting,
  listSetting,
  numberSetting,
  optionalIntSetting,
  readSettings,
  textSetting,
  urlSetting,
  validateSettings,
} from './setting-schema.js';
import type { SettingSpecs, SettingValue } from './setting-schema.js';

const VISIBILITIES = ['private', 'internal', 'public'] as const;
const INT_MAX = 2_147_483_647;
/** GitLab's import sources (13.10). */
const IMPORT_SOURCES = [
  'github',
  'bitbucket',
  'bitbucket_server',
  'gitlab',
  'google_code',
  'fogbugz',
  'git',
  'gitlab_project',
  'gitea',
  'manifest',
  'phabricator',
] as const;

/** The settings that take effect in Outpost, and where. */
export const SETTINGS_WITH_BEHAVIOUR: Readonly<Record<string, string>> = {
  default_projects_limit: "a new user's projects_limit when POST /users gives none",
  default_project_visibility:
    "a new project's visibility when none is given (lowered to its group's when the group's is lower)",
  default_group_visibility:
    "a new group's visibility when none is given (lowered to its parent's when the parent's is lower)",
  default_branch_name: "a new project's default branch when none is given (null or empty: main)",
  admin_mode:
    "on: an administrator's token acts as an administrator only when it has the admin_mode scope (http/auth.ts)",
};

/** Every GitLab setting of this module: schema and GitLab's default (Outpost's where noted). */
export const GITLAB_SETTINGS: SettingSpecs = {
  admin_mode: boolSetting(false),
  abuse_notification_email: textSetting(null),
  after_sign_out_path: urlSetting(null),
  after_sign_up_text: textSetting(null, 10_000),
  akismet_enabled: boolSetting(false),
  allow_group_owners_to_manage_ldap: boolSetting(true),
  allow_local_requests_from_system_hooks: boolSetting(true),
  archive_builds_in_human_readable: textSetting(null),
  asset_proxy_enabled: boolSetting(false),
  asset_proxy_url: urlSetting(null),
  asset_proxy_allowlist: listSetting([]),
  authorized_keys_enabled: boolSetting(true),
  auto_devops_domain: textSetting(null),
  auto_devops_enabled: boolSetting(true),
  check_namespace_plan: boolSetting(false),
  commit_email_hostname: textSetting(null),
  container_expiration_policies_enable_historic_entries: boolSetting(false),
  container_registry_token_expire_delay: intSetting(5, 1, INT_MAX),
  default_artifacts_expire_in: textSetting('30 days'),
  // Outpost's default is main (GitLab 13.10's null means master).
  default_branch_name: textSetting('main'),
  default_ci_config_path: textSetting(null),
  default_group_visibility: enumSetting('private', VISIBILITIES),
  default_project_creation: intSetting(2, 0, 2, 'is not included in the list'),
  default_project_visibility: enumSetting('private', VISIBILITIES),
  default_projects_limit: intSetting(100_000, 0, INT_MAX),
  default_snippet_visibility: enumSetting('private', VISIBILITIES),
  diff_max_patch_bytes: intSetting(204_800, 102_400, 1_048_576),
  disable_feed_token: boolSetting(false),
  disabled_oauth_sign_in_sources: listSetting([]),
  dns_rebinding_protection_enabled: boolSetting(true),
  domain_allowlist: listSetting([]),
  domain_denylist_enabled: boolSetting(false),
  domain_denylist: listSetting([]),
  dsa_key_restriction: intSetting(0, -1, 16_384),
  ecdsa_key_restriction: intSetting(0, -1, 521),
  ed25519_key_restriction: intSetting(0, -1, 256),
  rsa_key_restriction: intSetting(0, -1, 16_384),
  eks_integration_enabled: boolSetting(false),
  email_additional_text: textSetting(null, 10_000),
  email_author_in_body: boolSetting(false),
  enabled_git_access_protocol: enumSetting('', ['', 'ssh', 'http']),
  enforce_namespace_storage_limit: boolSetting(false),
  enforce_terms: boolSetting(false),
  external_authorization_service_enabled: boolSetting(false),
  external_authorization_service_default_label: textSetting(null),
  external_authorization_service_timeout: numberSetting(0.5, 0.001, 10),
  external_authorization_service_url: urlSetting(null),
  file_template_project_id: optionalIntSetting(null, 1, INT_MAX),
  first_day_of_week: intChoiceSetting(0, [0, 1, 6]),
  gitaly_timeout_default: intSetting(55, 0, 86_400),
  gitaly_timeout_fast: intSetting(10, 0, 86_400),
  gitaly_timeout_medium: intSetting(30, 0, 86_400),
  grafana_enabled: boolSetting(false),
  grafana_url: textSetting('/-/grafana'),
  gravatar_enabled: boolSetting(true),
  hashed_storage_enabled: boolSetting(true),
  help_page_hide_commercial_content: boolSetting(false),
  help_page_support_url: urlSetting(null),
  help_page_documentation_base_url: textSetting(null),
  help_page_text: textSetting(null, 10_000),
  help_text: textSetting(null, 10_000),
  hide_third_party_offers: boolSetting(false),
  home_page_url: urlSetting(null),
  housekeeping_bitmaps_enabled: boolSetting(true),
  housekeeping_enabled: boolSetting(true),
  housekeeping_full_repack_period: intSetting(50, 1, INT_MAX),
  housekeeping_gc_period: intSetting(200, 1, INT_MAX),
  housekeeping_incremental_repack_period: intSetting(10, 1, INT_MAX),
  html_emails_enabled: boolSetting(true),
  import_sources: listSetting([...IMPORT_SOURCES], { values: IMPORT_SOURCES }),
  invisible_captcha_enabled: boolSetting(false),
  issues_create_limit: intSetting(300, 0, INT_MAX),
  local_markdown_version: intSetting(0, 0, INT_MAX),
  max_artifacts_size: intSetting(100, 1, INT_MAX),
  max_attachment_size: intSetting(10, 1, INT_MAX),
  max_import_size: intSetting(50, 0, INT_MAX),
  max_pages_size: intSetting(100, 0, 1_048_576),
  max_personal_access_token_lifetime: optionalIntSetting(null, 1, 365),
  metrics_method_call_threshold: intSetting(10, 0, INT_MAX),
  minimum_password_length: intSetting(8, 8, 128),
  mirror_available: boolSetting(true),
  notify_on_unknown_sign_in: boolSetting(true),
  outbound_local_requests_allowlist_raw: textSetting(null, 10_000),
  outbound_local_requests_whitelist: listSetting([]),
  pages_domain_verification_enabled: boolSetting(true),
  password_authentication_enabled_for_git: boolSetting(true),
  // Outpost: the embedded core has no web sign-in form (the app authenticates with tokens).
  password_authentication_enabled_for_web: boolSetting(false),
  performance_bar_allowed_group_id: optionalIntSetting(null, 1, INT_MAX),
  personal_access_token_prefix: textSetting(null, 20),
  plantuml_enabled: boolSetting(false),
  plantuml_url: urlSetting(null),
  polling_interval_multiplier: numberSetting(1, 0, 100),
  project_export_enabled: boolSetting(true),
  prometheus_metrics_enabled: boolSetting(true),
  protected_ci_variables: boolSetting(true),
  push_event_activities_limit: intSetting(3, 0, INT_MAX),
  push_event_hooks_limit: intSetting(3, 0, INT_MAX),
  raw_blob_request_limit: intSetting(300, 0, INT_MAX),
  recaptcha_enabled: boolSetting(false),
  receive_max_input_size: optionalIntSetting(null, 0, INT_MAX),
  repository_checks_enabled: boolSetting(true),
  require_admin_approval_after_user_signup: boolSetting(true),
  require_two_factor_authentication: boolSetting(false),
  restricted_visibility_levels: listSetting([], { values: VISIBILITIES }),
  send_user_confirmation_email: boolSetting(false),
  session_expire_delay: intSetting(10_080, 1, 525_600),
  shared_runners_enabled: boolSetting(true),
  shared_runners_text: textSetting(null, 10_000),
  sign_in_text: textSetting(null, 10_000),
  // Outpost: there is no sign-up page; stored for clients that set it.
  signup_enabled: boolSetting(false),
  snippet_size_limit: intSetting(52_428_800, 1, INT_MAX),
  snowplow_enabled: boolSetting(false),
  terminal_max_session_time: intSetting(0, 0, INT_MAX),
  terms: textSetting(null, 100_000),
  throttle_authenticated_api_enabled: boolSetting(false),
  throttle_authenticated_api_period_in_seconds: intSetting(3600, 1, INT_MAX),
  throttle_authenticated_api_requests_per_period: intSetting(7200, 1, INT_MAX),
  throttle_authenticated_web_enabled: boolSetting(false),
  throttle_authenticated_web_period_in_seconds: intSetting(3600, 1, INT_MAX),
  throttle_authenticated_web_requests_per_period: intSetting(7200, 1, INT_MAX),
  throttle_unauthenticated_enabled: boolSetting(false),
  throttle_unauthenticated_period_in_seconds: intSetting(3600, 1, INT_MAX),
  throttle_unauthenticated_requests_per_period: intSetting(3600, 1, INT_MAX),
  time_tracking_limit_to_hours: boolSetting(false),
  two_factor_grace_period: intSetting(48, 0, INT_MAX),
  unique_ips_limit_enabled: boolSetting(false),
  unique_ips_limit_per_user: intSetting(10, 1, INT_MAX),
  unique_ips_limit_time_window: intSetting(3600, 1, INT_MAX),
  // Outpost never reports usage anywhere; stored only.
  usage_ping_enabled: boolSetting(false),
  user_default_external: boolSetting(false),
  user_default_internal_regex: textSetting(null),
  user_oauth_applications: boolSetting(true),
  user_show_add_ssh_key_message: boolSetting(true),
  // Outpost never calls home for version checks; stored only.
  version_check_enabled: boolSetting(false),
  web_ide_clientside_preview_enabled: boolSetting(false),
  wiki_page_max_content_bytes: intSetting(52_428_800, 1024, INT_MAX),
  elasticsearch_namespace_ids: intListSetting([]),
  elasticsearch_project_ids: intListSetting([]),
};

/**
 * GitLab's deprecated names still accepted on PUT and still returned in 13.10 (each the same stored
 * value as its current name).
 */
export const SETTING_ALIASES: Readonly<Record<string, string>> = {
  domain_whitelist: 'domain_allowlist',
  domain_blacklist_enabled: 'domain_denylist_enabled',
  domain_blacklist: 'domain_denylist',
  asset_proxy_whitelist: 'asset_proxy_allowlist',
  allow_local_requests_from_hooks_and_services: 'allow_local_requests_from_web_hooks_and_services',
};

/** Every setting of this module, stored or default. */
export function gitlabSettings(db: Db): Record<string, SettingValue> {
  return readSettings(db, GITLAB_SETTINGS);
}

/** `settings` plus the deprecated names GitLab 13.10 still returns, each with its current name's value. */
export function withSettingAliases<T extends Record<string, unknown>>(
  settings: T,
): T & Record<string, unknown> {
  const out: Record<string, unknown> = { ...settings };
  for (const [alias, key] of Object.entries(SETTING_ALIASES)) if (key in out) out[alias] = out[key];
  return out as T & Record<string, unknown>;
}

/** One setting of this module: stored or default. */
export function gitlabSetting(db: Db, key: keyof typeof GITLAB_SETTINGS & string): SettingValue {
  return readSettings(db, { [key]: GITLAB_SETTINGS[key]! })[key]!;
}

/** The stored `default_projects_limit` (a new user's `projects_limit` when none is given). */
export function defaultProjectsLimit(db: Db): number {
  return gitlabSetting(db, 'default_projects_limit') as number;
}

/** The stored `default_branch_name`, `main` when it is null or empty. */
export function defaultBranchName(db: Db): string {
  const name = gitlabSetting(db, 'default_branch_name');
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : 'main';
}

/**
 * The visibility a new project or group gets when the request gives none: the stored
 * `default_project_visibility` / `default_group_visibility`, lowered to `ceiling` (the visibility of its
 * group or parent group) when that is lower, so the default never makes a creation fail.
 */
export function defaultVisibility(
  db: Db,
  kind: 'project' | 'group',
  ceiling: (typeof VISIBILITIES)[number] | null,
): (typeof VISIBILITIES)[number] {
  const v = gitlabSetting(db, `default_${kind}_visibility`) as (typeof VISIBILITIES)[number];
  if (ceiling && VISIBILITIES.indexOf(ceiling) < VISIBILITIES.indexOf(v)) return ceiling;
  return v;
}

/**
 * The request with deprecated names turned into current ones (a current name wins over its alias).
 * Pure.
 */
export function resolveSettingAliases(params: Record<string, unknown>): Record<string, unknown> {
  const out = { ...params };
  for (const [alias, key] of Object.entries(SETTING_ALIASES)) {
    if (out[alias] !== undefined && out[key] === undefined) out[key] = out[alias];
    delete out[alias];
  }
  return out;
}

/** Validate the settings of this module present in `params` (resolve aliases first). Pure. */
export function validateGitlabSettings(params: Record<string, unknown>) {
  return validateSettings(GITLAB_SETTINGS, params);
}
