/**
 * What a connected instance offers, and what each screen needs (architecture.md, "Instances differ, and
 * the app knows how"). Pure: no Node or DOM imports. The host learns an instance's capabilities
 * (electron/host/capabilities/) and keeps them in the profile; the renderer decides every screen from them
 * with {@link decideFeature}, never by sending a request that is known to fail.
 *
 * Sources, GitLab's docs (gitlab-org/gitlab `doc/`): api/version.md (`GET /version`), api/metadata.md
 * (`GET /metadata`, 15.2; `enterprise` 15.6), api/personal_access_tokens.md ("Self-inform",
 * `GET /personal_access_tokens/self`, 15.5), api/users.md with lib/api/users.rb (`GET /user` exposes
 * `is_admin` only to administrators, whatever Admin Mode says), administration/settings/sign_in_restrictions.md
 * ("Admin Mode": API access of administrators needs a token with the `admin_mode` scope; the scope and the
 * API side arrived in 15.8, gitlab-org/gitlab!107875 and !107925).
 */

/** Where the profile points: Outpost's embedded core, another Outpost core reached over HTTP, or GitLab. */
export type InstanceKind = 'outpost-embedded' | 'outpost' | 'gitlab';

/** Community or Enterprise Edition; `unknown` when neither `/metadata` nor the version string tells. */
export type InstanceEdition = 'ce' | 'ee' | 'unknown';

/**
 * Admin Mode as it bears on this token (sign_in_restrictions.md, "Admin Mode"):
 * - `not-admin`: the user is not an administrator; Admin Mode does not apply.
 * - `not-applicable`: before GitLab 15.8 (no `admin_mode` scope yet), or an Outpost core.
 * - `token-has-admin_mode`: administrator and the token carries `admin_mode`; admin endpoints work.
 * - `token-lacks-admin_mode`: administrator on 15.8+ and the token lacks `admin_mode`: when Admin Mode is
 *   enabled on the instance, every admin endpoint answers 403. Whether it is enabled can't be read
 *   without an admin call that would fail, so Outpost says "may be blocked" and does not probe.
 * - `unknown`: administrator on 15.8+ but the token's scopes could not be read.
 */
export type AdminModeState =
  'not-admin' | 'not-applicable' | 'token-has-admin_mode' | 'token-lacks-admin_mode' | 'unknown';

/** What is known of the token the profile uses (never the token itself). */
export interface TokenFacts {
  /** Scopes (`api`, `read_api`, `admin_mode`, …), or null when they could not be read. */
  scopes: string[] | null;
  /** `YYYY-MM-DD` the token expires, null when it never expires or when unknown (see `known`). */
  expiresAt: string | null;
  /** The token's name as the instance keeps it, when known. */
  name: string | null;
  /** True when `GET /personal_access_tokens/self` answered; false: scopes and expiry are unknown. */
  known: boolean;
  /** Why the token's facts are unknown, as a sentence; null when known. */
  unknownReason: string | null;
}

/** The signed-in user, as `GET /user` tells. */
export interface UserFacts {
  username: string;
  /** `is_admin` of `GET /user` (lib/api/users.rb exposes it to administrators only; absent means false). */
  isAdmin: boolean;
}

/** What the host learned of an instance, kept in the profile store with the time it was learned. */
export interface InstanceCapabilities {
  kind: InstanceKind;
  /** ISO 8601 time of the detection. */
  detectedAt: string;
  /** The version string as the instance reports it (`18.6.0-ee`, `13.10.0-outpost`); null when unknown. */
  version: string | null;
  /** The revision (`GET /version`), null when unknown. */
  revision: string | null;
  edition: InstanceEdition;
  /** How the edition was learned: `/metadata` `enterprise`, the `-ee` suffix, or the instance is Outpost. */
  editionSource: 'metadata' | 'version-suffix' | 'outpost' | 'unknown';
  /** True for GitLab.com (the host name is `gitlab.com`). */
  gitlabCom: boolean;
  /** The GitLab agent server for Kubernetes (`/metadata` `kas`, 15.2+); null when not read. */
  kas: { enabled: boolean; externalUrl: string | null; version: string | null } | null;
  /** The token's user; null when `GET /user` did not answer with one. */
  user: UserFacts | null;
  token: TokenFacts;
  adminMode: AdminModeState;
  /** Sentences about what could not be learned (a field missing, an endpoint refused). */
  notes: string[];
}

/** A version as numbers: `18.6.0-ee` → { major: 18, minor: 6, patch: 0 }. */
export interface VersionNumbers {
  major: number;
  minor: number;
  patch: number;
}

/**
 * Parses the numbers at the start of a GitLab version string (`13.10.0-ee`, `15.2-pre`, `18.6.1`).
 * Returns null for anything that does not start with `<major>.<minor>`.
 */
export function parseVersion(version: string | null | undefined): VersionNumbers | null {
  if (typeof version !== 'string') return null;
  const match = /^(\d{1,4})\.(\d{1,4})(?:\.(\d{1,6}))?/.exec(version.trim());
  if (!match) return null;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3] ?? 0) };
}

/** True when `version` is at least `minimum` (`'15.8'`); false when `version` can't be parsed. */
export function versionAtLeast(version: string | null | undefined, minimum: string): boolean {
  const have = parseVersion(version);
  const need = parseVersion(minimum);
  if (!have || !need) return false;
  if (have.major !== need.major) return have.major > need.major;
  if (have.minor !== need.minor) return have.minor > need.minor;
  return have.patch >= need.patch;
}

/** `18.6` of `18.6.1-ee`; the raw string when it can't be parsed. */
export function shortVersion(version: string): string {
  const parsed = parseVersion(version);
  return parsed ? `${parsed.major}.${parsed.minor}` : version;
}

/** The first GitLab version whose API admits the `admin_mode` scope (gitlab-org/gitlab!107925). */
export const ADMIN_MODE_MIN_VERSION = '15.8';
/** `GET /metadata` exists from this version on (api/metadata.md). */
export const METADATA_MIN_VERSION = '15.2';
/** `GET /metadata` carries `enterprise` from this version on (api/metadata.md). */
export const METADATA_ENTERPRISE_MIN_VERSION = '15.6';
/** `GET /personal_access_tokens/self` exists from this version on (api/personal_access_tokens.md). */
export const TOKEN_SELF_MIN_VERSION = '15.5';

/**
 * The capabilities of Outpost's embedded core: every capability (the profile is "Outpost embedded").
 * `detectedAt` is the epoch: nothing was detected, it is known by construction.
 */
export const EMBEDDED_CAPABILITIES: Readonly<InstanceCapabilities> = Object.freeze({
  kind: 'outpost-embedded',
  detectedAt: new Date(0).toISOString(),
  version: null,
  revision: 'outpost',
  edition: 'unknown',
  editionSource: 'outpost',
  gitlabCom: false,
  kas: null,
  user: null,
  token: { scopes: null, expiresAt: null, name: null, known: false, unknownReason: null },
  adminMode: 'not-applicable',
  notes: [],
} satisfies InstanceCapabilities);

/** Every feature whose availability depends on the instance. */
export type FeatureId =
  | 'alerts'
  | 'shard-usage'
  | 'storage-move-progress'
  | 'job-sandbox'
  | 'admin-area'
  | 'application-statistics'
  | 'audit-events'
  | 'audit-events-keyset'
  | 'merge-detailed-status'
  | 'merge-request-diffs'
  | 'merge-request-draft-notes'
  | 'auto-merge'
  | 'tag-release-notes'
  | 'releases-api'
  | 'instance-clusters'
  | 'project-delayed-deletion'
  | 'protected-branch-role-edit'
  | 'import-local-path'
  | 'runners'
  | 'instance-jobs';

/** What one screen or call needs of the instance. */
export interface FeatureRequirement {
  /** The feature's name as the screen shows it ("Alerts", "Shard usage"). */
  title: string;
  /** True when `title` is a plural ("Alerts are …"); default singular ("Shard usage is …"). */
  plural?: boolean;
  /** The call it depends on (`GET /projects/:id/alert_management/alerts`). */
  endpoint: string;
  /** Served only by Outpost's core; `gitlabOffers` says what GitLab offers instead. */
  outpostOnly?: { gitlabOffers: string };
  /** First GitLab version that has it (`'15.6'`). */
  minVersion?: string;
  /** First GitLab version that no longer has it (`'14.0'`); `instead` says what replaced it. */
  removedIn?: { version: string; instead: string };
  /** Needs GitLab Enterprise Edition (a licensed tier); `why` names the tier. */
  enterprise?: { why: string };
  /** Needs an instance administrator (and, on 15.8+, a token with `admin_mode` when Admin Mode is on). */
  admin?: boolean;
  /** The GitLab doc or source this requirement is taken from. */
  source: string;
}

/**
 * The requirement table: what each feature needs of the instance. Later screens add rows here; the
 * decisions come only from {@link decideFeature}.
 */
export const FEATURE_REQUIREMENTS: Readonly<Record<FeatureId, FeatureRequirement>> = Object.freeze({
  alerts: {
    title: 'Alerts',
    plural: true,
    // Read and changed through GraphQL on GitLab and on the embedded core alike (electron/core/graphql/).
    endpoint:
      'POST /api/graphql (project.alertManagementAlerts, alertManagementAlertStatusCounts, alertManagementHttpIntegrations)',
    // alertManagementAlerts and updateAlertStatus arrived in 13.0 (gitlab-org/gitlab!30140, !30576), the
    // httpIntegration* mutations in 13.6 (!45842); Project.alertManagementHttpIntegrations, which the
    // Integrations tab reads, is the newest field the screens use and is taken as the floor (GitLab's own
    // integrations UI queries it from 13.11, gitlab-org/gitlab#321674).
    minVersion: '13.11',
    source:
      'doc/operations/incident_management/alerts.md (Developer role reads the alert list); doc/api/graphql/reference (Project.alertManagementAlerts, alertManagementAlertStatusCounts, alertManagementHttpIntegrations; Mutation.updateAlertStatus, httpIntegrationCreate). GitLab has no alert list in REST.',
  },
  'shard-usage': {
    title: 'Shard usage',
    endpoint: 'GET /admin/repository_storages',
    outpostOnly: {
      gitlabOffers:
        'GitLab does not report repositories and bytes per shard over its API. Its storage weights are under Admin > Settings > Repository > Repository storage, and Gitaly reports disk use in its Prometheus metrics.',
    },
    source: 'doc/api/project_repository_storage_moves.md (moves only; no usage endpoint)',
  },
  'storage-move-progress': {
    title: 'Storage move progress',
    endpoint: 'GET /project_repository_storage_moves/:id/progress',
    outpostOnly: {
      gitlabOffers:
        'GitLab reports only the state of a move (scheduled, started, finished, failed), not bytes copied; the state is shown in the list.',
    },
    source: 'doc/api/project_repository_storage_moves.md ("state")',
  },
  'job-sandbox': {
    title: 'Job sandbox status',
    endpoint: 'GET /ci/job_sandbox',
    outpostOnly: {
      gitlabOffers:
        "GitLab's jobs run on its runners, whose isolation is set by each runner's executor (doc/runner/executors).",
    },
    source: 'Outpost extension (electron/core); GitLab runs jobs on runners, doc/ci/runners',
  },
  'admin-area': {
    title: 'Admin area',
    endpoint: 'GET /application/settings and the other admin endpoints',
    admin: true,
    source:
      'doc/api/settings.md ("administrator access"); doc/administration/settings/sign_in_restrictions.md ("Admin Mode")',
  },
  'application-statistics': {
    title: 'Instance statistics',
    plural: true,
    endpoint: 'GET /application/statistics',
    admin: true,
    source:
      'doc/api/statistics.md "Get current application statistics" (administrators; counts as strings with thousands separators, approximate from 10,000); lib/api/statistics.rb',
  },
  'audit-events': {
    title: 'Audit events',
    plural: true,
    endpoint: 'GET /audit_events',
    admin: true,
    enterprise: {
      why: 'Instance audit events are a GitLab Premium feature (Enterprise Edition with a license).',
    },
    source: 'doc/api/audit_events.md (Tier: Premium, Ultimate)',
  },
  'audit-events-keyset': {
    title: 'Keyset pagination of audit events',
    endpoint: 'GET /audit_events?pagination=keyset&order_by=id&sort=desc',
    minVersion: '15.11',
    source:
      'doc/api/audit_events.md ("Support for keyset pagination introduced in GitLab 15.11"; offset pagination deprecated in 17.8, removed in 19.0); doc/api/rest/index.md#keyset-based-pagination',
  },
  'merge-detailed-status': {
    title: 'Detailed merge status',
    endpoint: 'GET /projects/:id/merge_requests/:iid (detailed_merge_status)',
    minVersion: '15.6',
    source: 'doc/api/merge_requests.md ("detailed_merge_status", introduced in 15.6)',
  },
  'merge-request-diffs': {
    title: 'Paginated merge request diffs',
    endpoint: 'GET /projects/:id/merge_requests/:iid/diffs',
    minVersion: '15.7',
    source: 'doc/api/merge_requests.md ("List merge request diffs", 15.7; /changes deprecated)',
  },
  'auto-merge': {
    title: 'Auto-merge',
    endpoint: 'PUT /projects/:id/merge_requests/:iid/merge (auto_merge)',
    minVersion: '17.11',
    source: 'doc/api/merge_requests.md ("auto_merge" 17.11; merge_when_pipeline_succeeds before)',
  },
  'merge-request-draft-notes': {
    title: 'Reviews with pending comments',
    plural: true,
    endpoint:
      'GET/POST/PUT/DELETE /projects/:id/merge_requests/:iid/draft_notes, PUT …/draft_notes/:id/publish, POST …/draft_notes/bulk_publish',
    // The list and single reads came first; create, publish and bulk_publish (gitlab-org/gitlab#396965)
    // complete the set the review bar uses in 16.0.
    minVersion: '16.0',
    source: 'doc/api/draft_notes.md; lib/api/draft_notes.rb; gitlab-org/gitlab#396965 (bulk publish)',
  },
  'tag-release-notes': {
    title: 'Tag release notes',
    endpoint: 'POST/PUT /projects/:id/repository/tags/:tag/release',
    removedIn: { version: '14.0', instead: 'The Releases API (POST/PUT /projects/:id/releases).' },
    source: 'doc/api/tags.md (release endpoints removed in 14.0); doc/api/releases/index.md',
  },
  'releases-api': {
    title: 'The Releases API',
    endpoint: 'GET/POST/PUT/DELETE /projects/:id/releases[/:tag_name]',
    minVersion: '11.7',
    source: 'doc/api/releases/index.md ("Introduced in GitLab 11.7"); lib/api/releases.rb',
  },
  'instance-clusters': {
    title: 'Instance clusters',
    plural: true,
    endpoint: 'GET /admin/clusters',
    minVersion: '13.2',
    admin: true,
    source:
      'doc/api/instance_clusters.md (13.2; certificate-based, deprecated in 14.5); lib/api/admin/instance_clusters.rb (paginated; ensure_feature_enabled! answers 404 unless certificate-based clusters are enabled); doc/user/infrastructure/clusters/index.md (the certificate_based_clusters flag is disabled by default in 17.0)',
  },
  'project-delayed-deletion': {
    title: 'Delayed project deletion',
    endpoint: 'DELETE /projects/:id (marks the project for deletion)',
    minVersion: '18.0',
    source:
      'doc/api/projects.md "Delete a project" (18.0: all tiers mark the project for deletion; marked_for_deletion_on; permanently_remove and full_path delete at once); doc/administration/settings/visibility_and_access_controls.md (deletion_adjourned_period)',
  },
  'protected-branch-role-edit': {
    title: 'Editing the roles of a protected branch in place',
    endpoint: 'PATCH /projects/:id/protected_branches/:name (allowed_to_push, allowed_to_merge)',
    enterprise: {
      why: 'allowed_to_push and allowed_to_merge are GitLab Premium parameters; the Community Edition ignores them (lib/api/protected_branches.rb declares only allow_force_push, the rest is optional_params_ee).',
    },
    source: 'doc/api/protected_branches.md ("Update a protected branch"); lib/api/protected_branches.rb',
  },
  'import-local-path': {
    title: 'Importing a repository from this computer',
    endpoint: 'POST /projects (import_url file://…)',
    outpostOnly: {
      gitlabOffers:
        'GitLab imports a repository by URL: POST /projects with an http://, https:// or git:// import_url the GitLab server can reach (doc/user/project/import/repo_by_url.md), when the administrator has enabled "Repository by URL" among the import sources.',
    },
    source:
      'doc/api/projects.md (import_url on "Create a project"); doc/user/project/import/repo_by_url.md; app/models/project.rb (VALID_IMPORT_PROTOCOLS http, https, git)',
  },
  runners: {
    title: 'Runners',
    plural: true,
    endpoint: 'GET /runners/all, GET/PUT/DELETE /runners/:id, GET /runners/:id/jobs',
    // The screen pauses and filters with `paused` (introduced in 14.8; `active` before, deprecated).
    minVersion: '14.8',
    admin: true,
    source:
      'doc/api/runners.md ("List all runners", administrators; "Update runner\'s details": `paused` introduced in GitLab 14.8, `active` deprecated); lib/api/ci/runners.rb',
  },
  'instance-jobs': {
    title: 'The instance job list',
    endpoint: 'GET /jobs?scope[]=…',
    admin: true,
    outpostOnly: {
      gitlabOffers:
        "GitLab has no REST list of every project's jobs (gitlab-org/gitlab#323316 asks for one); its Admin > CI/CD > Jobs page reads them through GraphQL (Query.jobs). Each runner's jobs are listed in its drawer (GET /runners/:id/jobs).",
    },
    source: 'doc/api/jobs.md (project and pipeline jobs only); gitlab-org/gitlab#323316 "Global jobs API"',
  },
} satisfies Record<FeatureId, FeatureRequirement>);

/** Why a feature is not available. */
export type UnavailableReason = 'outpost-only' | 'version' | 'removed' | 'edition' | 'admin';

/** The decision for one feature on one instance. */
export type FeatureAvailability =
  | {
      status: 'available';
      /** A caveat to show beside the feature (Admin Mode may block it), or null. */
      caveat: string | null;
    }
  | {
      status: 'unavailable';
      reason: UnavailableReason;
      /** A heading: "Alerts are not available on GitLab 18.6". */
      title: string;
      /** Why, in a sentence or two. */
      explanation: string;
      /** What the instance offers instead, or null. */
      alternative: string | null;
    }
  | {
      status: 'unknown';
      /** Why it can't be decided yet (the instance was not checked, its version is unknown). */
      explanation: string;
    };

/**
 * What the instance is called in sentences: "GitLab 18.6", "GitLab.com", "GitLab (version unknown)",
 * "the embedded instance", "Outpost 13.10".
 */
export function instanceName(caps: InstanceCapabilities): string {
  if (caps.kind === 'outpost-embedded') return 'the embedded instance';
  if (caps.kind === 'outpost') return caps.version ? `Outpost ${shortVersion(caps.version)}` : 'Outpost';
  if (caps.gitlabCom) return 'GitLab.com';
  return caps.version ? `GitLab ${shortVersion(caps.version)}` : 'GitLab (version unknown)';
}

/** The Admin Mode sentence shown for admin features when the token lacks `admin_mode`. */
export const ADMIN_MODE_EXPLANATION =
  'The token lacks the admin_mode scope. When Admin Mode is enabled on this instance (GitLab 15.8+), GitLab refuses every admin endpoint to such a token with 403, even for an administrator. To fix it, create a personal access token with the api and admin_mode scopes (User settings > Access tokens) and give it to this profile (Edit instance > Token).';

/**
 * Decides whether `feature` can be used on the instance described by `caps` (null: not detected yet).
 * Order: Outpost instances have every capability; then Outpost-only, removed, minimum version, edition,
 * administrator. A version that can't be read makes a version rule `unknown`, never a guess. Pure.
 */
export function decideFeature(feature: FeatureId, caps: InstanceCapabilities | null): FeatureAvailability {
  const need = FEATURE_REQUIREMENTS[feature];
  if (!caps) {
    return {
      status: 'unknown',
      explanation: `Outpost has not yet learned what this instance offers, so it does not call ${need.endpoint} yet.`,
    };
  }
  if (caps.kind !== 'gitlab') return { status: 'available', caveat: null };
  const name = instanceName(caps);
  const notAvailable = (
    reason: UnavailableReason,
    explanation: string,
    alternative: string | null,
  ): FeatureAvailability => ({
    status: 'unavailable',
    reason,
    title: `${need.title} ${need.plural ? 'are' : 'is'} not available on ${name}`,
    explanation,
    alternative,
  });

  if (need.outpostOnly) {
    return notAvailable(
      'outpost-only',
      `${need.title} ${need.plural ? 'come' : 'comes'} from an Outpost extension (${need.endpoint}) that GitLab does not have, so Outpost does not ask ${name} for it.`,
      need.outpostOnly.gitlabOffers,
    );
  }
  const versionRule = need.removedIn?.version ?? need.minVersion;
  if (versionRule !== undefined && parseVersion(caps.version) === null) {
    return {
      status: 'unknown',
      explanation: `${need.title} depends on the GitLab version, and ${name} did not tell its version.`,
    };
  }
  if (need.removedIn && versionAtLeast(caps.version, need.removedIn.version)) {
    return notAvailable(
      'removed',
      `GitLab removed ${need.endpoint} in ${need.removedIn.version}.`,
      need.removedIn.instead,
    );
  }
  if (need.minVersion && !versionAtLeast(caps.version, need.minVersion)) {
    return notAvailable(
      'version',
      `${need.endpoint} arrived in GitLab ${need.minVersion}; this instance runs ${caps.version}.`,
      null,
    );
  }
  if (need.enterprise) {
    if (caps.edition === 'ce') {
      return notAvailable(
        'edition',
        `${need.enterprise.why} ${name} is the Community Edition.`,
        'Upgrade to GitLab Enterprise Edition with a Premium or Ultimate license.',
      );
    }
  }
  if (need.admin) {
    if (caps.user && !caps.user.isAdmin) {
      return notAvailable(
        'admin',
        `${need.title} needs an instance administrator; ${caps.user.username} is not one on ${name}.`,
        'Use a token of an administrator account for this profile.',
      );
    }
    if (caps.adminMode === 'token-lacks-admin_mode') {
      return { status: 'available', caveat: ADMIN_MODE_EXPLANATION };
    }
    if (caps.adminMode === 'unknown') {
      return {
        status: 'available',
        caveat:
          'Outpost could not read the token’s scopes. If Admin Mode is enabled on this instance, admin endpoints need a token with the admin_mode scope.',
      };
    }
  }
  return { status: 'available', caveat: null };
}

/** Whole days from `now` to the end of `date` (`YYYY-MM-DD`, UTC); negative once past. */
export function daysUntil(date: string, now: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return null;
  const end = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((end - today) / 86_400_000);
}

/**
 * The instance details line of the switcher, e.g. "GitLab 18.6 EE · administrator · Admin Mode: token
 * lacks admin_mode · token expires in 12 days". Parts that are unknown say so or are left out (the
 * token's expiry when its facts could not be read). Pure; `now` for the expiry.
 */
export function describeInstance(caps: InstanceCapabilities, now: Date): string {
  if (caps.kind === 'outpost-embedded') return 'Outpost embedded · every capability';
  const parts: string[] = [];
  if (caps.kind === 'outpost') {
    parts.push(caps.version ? `Outpost (GitLab ${shortVersion(caps.version)} API)` : 'Outpost');
  } else {
    const edition = caps.edition === 'ee' ? ' EE' : caps.edition === 'ce' ? ' CE' : '';
    const version = caps.version ? ` ${shortVersion(caps.version)}` : ' (version unknown)';
    parts.push(caps.gitlabCom ? `GitLab.com${version}${edition}` : `GitLab${version}${edition}`);
  }
  if (caps.user) parts.push(caps.user.isAdmin ? 'administrator' : 'not an administrator');
  const adminMode: Partial<Record<AdminModeState, string>> = {
    'token-has-admin_mode': 'Admin Mode: token has admin_mode',
    'token-lacks-admin_mode': 'Admin Mode: token lacks admin_mode',
    unknown: 'Admin Mode: unknown',
  };
  const adminModeText = adminMode[caps.adminMode];
  if (adminModeText) parts.push(adminModeText);
  if (caps.token.known) {
    if (caps.token.expiresAt === null) parts.push('token never expires');
    else {
      const days = daysUntil(caps.token.expiresAt, now);
      if (days !== null) {
        if (days > 1) parts.push(`token expires in ${days} days`);
        else if (days === 1) parts.push('token expires tomorrow');
        else if (days === 0) parts.push('token expires today');
        else parts.push(`token expired ${-days === 1 ? 'yesterday' : `${-days} days ago`}`);
      }
    }
  }
  return parts.join(' · ');
}

/**
 * Loose check of stored capabilities (profiles.json is a file a user could edit): the fields the
 * renderer relies on have the right types. Returns the value when it passes, else null.
 */
export function asInstanceCapabilities(value: unknown): InstanceCapabilities | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<InstanceCapabilities>;
  const kinds: readonly string[] = ['outpost-embedded', 'outpost', 'gitlab'];
  const editions: readonly string[] = ['ce', 'ee', 'unknown'];
  const modes: readonly string[] = [
    'not-admin',
    'not-applicable',
    'token-has-admin_mode',
    'token-lacks-admin_mode',
    'unknown',
  ];
  const ok =
    typeof v.kind === 'string' &&
    kinds.includes(v.kind) &&
    typeof v.detectedAt === 'string' &&
    (v.version === null || typeof v.version === 'string') &&
    typeof v.edition === 'string' &&
    editions.includes(v.edition) &&
    typeof v.gitlabCom === 'boolean' &&
    typeof v.adminMode === 'string' &&
    modes.includes(v.adminMode) &&
    !!v.token &&
    typeof v.token === 'object' &&
    typeof v.token.known === 'boolean' &&
    (v.token.scopes === null ||
      (Array.isArray(v.token.scopes) && v.token.scopes.every((scope) => typeof scope === 'string'))) &&
    (v.token.expiresAt === null || typeof v.token.expiresAt === 'string') &&
    (v.user === null ||
      (!!v.user &&
        typeof v.user === 'object' &&
        typeof v.user.username === 'string' &&
        typeof v.user.isAdmin === 'boolean')) &&
    Array.isArray(v.notes) &&
    v.notes.every((note) => typeof note === 'string');
  return ok ? (value as InstanceCapabilities) : null;
}
