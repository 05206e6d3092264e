/**
 * Test-only: the rule set of the GitLab behaviour proxy (./proxy.ts). Outpost's embedded core answers
 * the v4 API as the newest GitLab would, plus Outpost's own extensions; each rule here makes it answer
 * as one GitLab version does (./profiles.ts), and cites the GitLab doc page or source file it is
 * written from. Pure: a request goes in, and either an answer (the proxy answers without asking the
 * core) or null (forward) comes out; after forwarding, the response may be rewritten in place.
 *
 * Paths are API paths below `/api/v4` (`/projects/1/merge_requests/2`), without the query.
 */
import type { GitLabProfile } from './profiles.js';

/** A request as the rules see it. */
export interface RuleRequest {
  method: string;
  /** Path below `/api/v4`, no query (`/version`). */
  path: string;
  /** JSON body of the request, when it had one. */
  body?: unknown;
}

/** An answer the proxy gives itself. */
export interface RuleAnswer {
  status: number;
  headers?: Record<string, string>;
  /** JSON body (a string is sent as text/plain). */
  body: unknown;
}

/** A forwarded response, rewritable by the rules (lower-case header names). */
export interface RuleResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON body; undefined when the response was not JSON (it is then passed through untouched). */
  body?: unknown;
}

/** One behaviour of a GitLab version. */
export interface Rule {
  /** Short id, used in test names and in the proxy's log. */
  id: string;
  /** The GitLab doc page or source file the behaviour is taken from. */
  source: string;
  /** Answers the request instead of the core, or null to let it through. */
  answer?(req: RuleRequest, profile: GitLabProfile): RuleAnswer | null;
  /** Rewrites the request body before it is forwarded (returns the new body). */
  rewriteRequest?(req: RuleRequest, profile: GitLabProfile): unknown;
  /** Rewrites a forwarded response in place. */
  rewriteResponse?(req: RuleRequest, res: RuleResponse, profile: GitLabProfile): void;
}

/** Compares version strings by their numbers: true when `version` ≥ `minimum` (`'15.2'`). */
export function atLeast(version: string, minimum: string): boolean {
  const a = /^(\d+)\.(\d+)(?:\.(\d+))?/.exec(version);
  const b = /^(\d+)\.(\d+)(?:\.(\d+))?/.exec(minimum);
  if (!a || !b) return false;
  for (let i = 1; i <= 3; i++) {
    const x = Number(a[i] ?? 0);
    const y = Number(b[i] ?? 0);
    if (x !== y) return x > y;
  }
  return true;
}

/** GitLab's 404 of an unknown route (Grape's `route_not_found`, lib/api/api.rb): `{"error":"404 Not Found"}`. */
export const ROUTE_NOT_FOUND: RuleAnswer = { status: 404, body: { error: '404 Not Found' } };
/** GitLab's `not_found!` (lib/api/helpers.rb): `{"message":"404 Not Found"}`. */
export const NOT_FOUND: RuleAnswer = { status: 404, body: { message: '404 Not Found' } };
/** GitLab's `forbidden!` (lib/api/helpers.rb, `authenticated_as_admin!`): `{"message":"403 Forbidden"}`. */
export const FORBIDDEN: RuleAnswer = { status: 403, body: { message: '403 Forbidden' } };

const PROJECT = String.raw`/projects/[^/]+`;
const MR = String.raw`${PROJECT}/merge_requests/\d+`;

/** Matches `path` against an anchored pattern. */
function is(path: string, pattern: string): boolean {
  return new RegExp(`^${pattern}$`).test(path);
}

/**
 * Admin endpoints: guarded by `authenticated_as_admin!` in GitLab (lib/api/admin/*.rb,
 * lib/api/settings.rb, lib/api/admin/plan_limits.rb, lib/api/project_repository_storage_moves.rb,
 * ee/lib/api/audit_events.rb, ee/lib/api/license.rb).
 */
export function isAdminEndpoint(path: string): boolean {
  return (
    path.startsWith('/admin/') ||
    path.startsWith('/application/') ||
    path === '/audit_events' ||
    path.startsWith('/audit_events/') ||
    path === '/project_repository_storage_moves' ||
    path.startsWith('/project_repository_storage_moves/') ||
    path === '/license' ||
    path === '/licenses'
  );
}

/** Drops the counting headers (X-Total, X-Total-Pages) and the `rel="last"` link of a list response. */
function dropCounts(res: RuleResponse): void {
  delete res.headers['x-total'];
  delete res.headers['x-total-pages'];
  const link = res.headers.link;
  if (link !== undefined) {
    const kept = link
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '' && !/rel="last"/.test(part));
    if (kept.length > 0) res.headers.link = kept.join(', ');
    else delete res.headers.link;
  }
}

/** Removes `field` from a merge request body or from each merge request of a list. */
function stripField(body: unknown, field: string): void {
  const items = Array.isArray(body) ? body : [body];
  for (const item of items) {
    if (item !== null && typeof item === 'object') delete (item as Record<string, unknown>)[field];
  }
}

/**
 * Every rule, in the order they are tried. The first `answer` that is not null wins; every
 * `rewriteRequest` and `rewriteResponse` applies. Order follows GitLab: a route that is not mounted
 * (removed, EE-only on CE, Outpost-only) is 404 before anything else; a mounted admin route checks the
 * administrator first (`before { authenticated_as_admin! }`) and its feature flag after
 * (lib/api/admin/instance_clusters.rb), so Admin Mode's 403 comes before the clusters' 404.
 */
export const RULES: readonly Rule[] = [
  {
    id: 'version-answer',
    source:
      'doc/api/version.md (GET /version: version and revision; the core would answer revision "outpost")',
    answer: (req, p) => (req.method === 'GET' && req.path === '/version' ? p.answers['/version']! : null),
  },
  {
    id: 'metadata-before-15.2',
    source: 'doc/api/metadata.md ("Introduced in GitLab 15.2"); enterprise field from 15.6',
    answer: (req, p) => {
      if (req.method !== 'GET' || req.path !== '/metadata') return null;
      if (!atLeast(p.version, '15.2')) return ROUTE_NOT_FOUND;
      return p.answers['/metadata'] ?? ROUTE_NOT_FOUND;
    },
  },
  {
    id: 'license-ee-only',
    source:
      'doc/api/license.md (Tier: Premium, Ultimate; GitLab Self-Managed): ee/lib/api/license.rb is mounted only in EE, so CE answers 404',
    answer: (req, p) => {
      if (req.path !== '/license' && req.path !== '/licenses') return null;
      if (p.edition === 'ce' || p.gitlabCom) return ROUTE_NOT_FOUND;
      return null; // EE: the admin rules below decide; otherwise the core's own answer (404 if none)
    },
  },
  {
    id: 'user-answer',
    source: 'doc/api/users.md ("List current user"; is_admin only for administrators, lib/api/users.rb)',
    answer: (req, p) => (req.method === 'GET' && req.path === '/user' ? p.answers['/user']! : null),
  },
  {
    id: 'token-self-before-15.5',
    source: 'doc/api/personal_access_tokens.md ("Self-inform", introduced in GitLab 15.5)',
    answer: (req, p) => {
      if (req.method !== 'GET' || req.path !== '/personal_access_tokens/self') return null;
      if (!atLeast(p.version, '15.5')) return ROUTE_NOT_FOUND;
      return p.answers['/personal_access_tokens/self'] ?? ROUTE_NOT_FOUND;
    },
  },
  {
    id: 'outpost-only-endpoints',
    source:
      'Outpost extensions GitLab does not have: GET /admin/repository_storages and /project_repository_storage_moves/:id/progress (doc/api/project_repository_storage_moves.md lists neither), GET /ci/job_sandbox (electron/core; GitLab jobs run on runners), REST /projects/:id/alert_management/* (GitLab serves alerts over GraphQL only, doc/api/graphql/reference "Project.alertManagementAlerts")',
    answer: (req) =>
      req.path === '/admin/repository_storages' ||
      is(req.path, String.raw`/project_repository_storage_moves/\d+/progress`) ||
      req.path === '/ci/job_sandbox' ||
      is(req.path, String.raw`${PROJECT}/alert_management(/.*)?`)
        ? ROUTE_NOT_FOUND
        : null,
  },
  {
    id: 'tag-release-removed-14.0',
    source:
      'doc/api/tags.md and doc/update/removals.md: "Create/Update a release" on /projects/:id/repository/tags/:tag_name/release were removed in GitLab 14.0 (use the Releases API)',
    answer: (req, p) =>
      atLeast(p.version, '14.0') && is(req.path, String.raw`${PROJECT}/repository/tags/[^/]+/release`)
        ? ROUTE_NOT_FOUND
        : null,
  },
  {
    id: 'merge-request-diffs-before-15.7',
    source: 'doc/api/merge_requests.md ("List merge request diffs", introduced in GitLab 15.7)',
    answer: (req, p) => (!atLeast(p.version, '15.7') && is(req.path, `${MR}/diffs`) ? ROUTE_NOT_FOUND : null),
  },
  {
    id: 'audit-events-ee-only',
    source:
      'doc/api/audit_events.md (Tier: Premium, Ultimate; instance audit events, GitLab Self-Managed): ee/lib/api/audit_events.rb is not mounted in CE',
    answer: (req, p) =>
      p.edition === 'ce' && (req.path === '/audit_events' || req.path.startsWith('/audit_events/'))
        ? ROUTE_NOT_FOUND
        : null,
  },
  {
    id: 'admin-needs-administrator',
    source:
      'lib/api/helpers.rb `authenticated_as_admin!`: `forbidden!` (403 "403 Forbidden") unless the user can administer; GitLab.com users are never instance administrators',
    answer: (req, p) => (!p.admin && isAdminEndpoint(req.path) ? FORBIDDEN : null),
  },
  {
    id: 'admin-mode-403',
    source:
      'doc/administration/settings/sign_in_restrictions.md ("Admin Mode": with Admin Mode on, API requests of administrators need a token with the admin_mode scope, 15.8+); lib/api/helpers.rb `authenticated_as_admin!` answers 403 "403 Forbidden"',
    answer: (req, p) => (p.adminModeBlocks && isAdminEndpoint(req.path) ? FORBIDDEN : null),
  },
  {
    id: 'certificate-clusters-off',
    source:
      'doc/user/infrastructure/clusters/index.md (certificate-based clusters deprecated 14.5, behind the certificate_based_clusters ops flag, off on GitLab.com); gitlab-org/gitlab!96007 (removal for self-managed planned for 17.0); lib/api/admin/instance_clusters.rb `ensure_feature_enabled!` answers 404 when the flag is off. 13.10 and 16.11 play an instance whose administrator keeps the flag on.',
    answer: (req, p) =>
      (p.gitlabCom || atLeast(p.version, '17.0')) && is(req.path, '/admin/clusters(/.*)?') ? NOT_FOUND : null,
  },
  {
    id: 'auto-merge-param-before-17.11',
    source:
      'doc/api/merge_requests.md ("Merge a merge request": auto_merge introduced in 17.11, merge_when_pipeline_succeeds before); Grape drops undeclared parameters (`declared_params`), so an older GitLab ignores auto_merge and merges at once',
    rewriteRequest: (req, p) => {
      if (atLeast(p.version, '17.11') || req.method !== 'PUT' || !is(req.path, `${MR}/merge`))
        return req.body;
      if (req.body === null || typeof req.body !== 'object') return req.body;
      const { auto_merge: _dropped, ...rest } = req.body as Record<string, unknown>;
      return rest;
    },
  },
  {
    id: 'detailed-merge-status-before-15.6',
    source: 'doc/api/merge_requests.md ("detailed_merge_status", introduced in GitLab 15.6)',
    rewriteResponse: (req, res, p) => {
      if (atLeast(p.version, '15.6') || !is(req.path, `${PROJECT}/merge_requests(/\\d+(/merge)?)?`)) return;
      stripField(res.body, 'detailed_merge_status');
    },
  },
  {
    id: 'auto-merge-field-before-17.11',
    source: 'doc/api/merge_requests.md (auto_merge, 17.11; merge_when_pipeline_succeeds before)',
    rewriteResponse: (req, res, p) => {
      if (atLeast(p.version, '17.11') || !is(req.path, `${PROJECT}/merge_requests(/\\d+(/merge)?)?`)) return;
      stripField(res.body, 'auto_merge');
    },
  },
  {
    id: 'no-counts-over-10000',
    source:
      'doc/api/rest/index.md ("Other pagination headers": for performance reasons, if a query returns more than 10,000 records, GitLab does not return x-total, x-total-pages and the rel="last" link); gitlab-org/gitlab-foss!23931',
    rewriteResponse: (_req, res) => {
      const total = Number(res.headers['x-total']);
      if (Number.isFinite(total) && total > 10_000) dropCounts(res);
    },
  },
  {
    id: 'audit-events-no-counts-18',
    source:
      'doc/api/audit_events.md (instance audit events paginate by keyset on 18.x; doc/api/rest/index.md "Keyset-based pagination": no x-total or x-total-pages)',
    rewriteResponse: (req, res, p) => {
      if (atLeast(p.version, '18.0') && req.method === 'GET' && req.path === '/audit_events') dropCounts(res);
    },
  },
];

/** GitLab's throttle answer (lib/gitlab/rack_attack.rb, doc/administration/settings/user_and_ip_rate_limits.md). */
export function rateLimited(retryAfterSeconds: number): RuleAnswer {
  return {
    status: 429,
    headers: { 'retry-after': String(retryAfterSeconds) },
    body: 'Retry later\n',
  };
}

/** What the rules decided for a request: an answer and the rule that gave it, or forward. */
export type RequestDecision = { answer: RuleAnswer; rule: string } | { forwardBody: unknown };

/** Applies the request side of the rules: the first answer, or the (rewritten) body to forward. */
export function decideRequest(req: RuleRequest, profile: GitLabProfile, rules = RULES): RequestDecision {
  for (const rule of rules) {
    const answer = rule.answer?.(req, profile) ?? null;
    if (answer) return { answer, rule: rule.id };
  }
  let body = req.body;
  for (const rule of rules) {
    if (rule.rewriteRequest) body = rule.rewriteRequest({ ...req, body }, profile);
  }
  return { forwardBody: body };
}

/** Applies the response side of the rules to a forwarded response, in place. */
export function rewriteResponse(
  req: RuleRequest,
  res: RuleResponse,
  profile: GitLabProfile,
  rules = RULES,
): RuleResponse {
  for (const rule of rules) rule.rewriteResponse?.(req, res, profile);
  return res;
}
