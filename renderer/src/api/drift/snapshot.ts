/**
 * Configuration drift (issue 29): what one instance's configuration looks like, read for comparison with
 * other instances. Three parts, each read only when the instance's capabilities allow it
 * (`decideFeature('admin-area', caps)`: every call below is an administrator's):
 * - instance CI/CD variables, `GET /admin/ci/variables` (doc/api/instance_level_ci_variables.md,
 *   "List all instance variables": `[{variable_type, key, value, protected, masked, raw, description}]`;
 *   `raw` arrived in 15.7 and `description` in 16.8, so both may be absent);
 * - plan limits, `GET /application/plan_limits?plan_name=` (doc/api/plan_limits.md) for the plans the
 *   instance's edition has ({@link planNamesToProbe}, as the Plan limits screen picks them; 404 = no
 *   such plan);
 * - a chosen set of application settings, `GET /application/settings` (doc/api/settings.md).
 * Variable values are compared by their SHA-256 digest (WebCrypto `crypto.subtle.digest`); the values
 * stay in memory for copying and are shown only when the administrator reveals them.
 */
import {
  ADMIN_MODE_EXPLANATION,
  decideFeature,
  type InstanceCapabilities,
} from '../../../../shared/instance-capabilities.js';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import { planNamesToProbe } from '../admin/plan-limits/plan-names.js';
import { ApiError } from '../api-error.js';
import { capabilitiesOf } from '../capabilities/capabilities.js';
import { apiRequest, isSuccess } from '../client.js';
import { describeError } from '../describe-error.js';

/** One instance CI/CD variable as drift compares it. */
export interface DriftCiVariable {
  key: string;
  variable_type: 'env_var' | 'file';
  protected: boolean;
  masked: boolean;
  /** `raw` (GitLab 15.7+), null when the instance does not report it. */
  raw: boolean | null;
  /** The value itself: never shown unless revealed, sent only when copied. */
  value: string;
  /** Lower-case hex SHA-256 of the UTF-8 value. */
  digest: string;
}

/** A part of a snapshot: its value, or why it could not be read (a sentence). */
export type SnapshotPart<T> = { kind: 'value'; value: T } | { kind: 'unavailable'; why: string };

/** What drift knows of one instance's configuration. */
export type ConfigSnapshot =
  | {
      kind: 'compared';
      profileId: string;
      ciVariables: SnapshotPart<DriftCiVariable[]>;
      /** Limits by plan name; plans the instance lacks (404) are absent. */
      planLimits: SnapshotPart<Record<string, Record<string, unknown>>>;
      /** Only {@link DRIFT_SETTING_KEYS} the instance reports. */
      settings: SnapshotPart<Record<string, unknown>>;
      /** Requests this read sent. */
      requests: number;
    }
  | {
      /** Nothing was (or could be) read: not an administrator, Admin Mode, not checked yet. */
      kind: 'not-comparable';
      profileId: string;
      title: string;
      why: string;
      requests: number;
    };

/**
 * The application settings drift compares (doc/api/settings.md; all are administrator-writable through
 * `PUT /application/settings`). Only keys present on both instances are compared: older instances lack
 * `default_branch_protection_defaults` (17.0), `require_admin_approval_after_user_signup` (13.5) etc.
 */
export const DRIFT_SETTING_KEYS: readonly string[] = [
  'signup_enabled',
  'require_admin_approval_after_user_signup',
  'send_user_confirmation_email',
  'default_project_visibility',
  'default_group_visibility',
  'default_snippet_visibility',
  'restricted_visibility_levels',
  'default_branch_name',
  'default_branch_protection',
  'default_branch_protection_defaults',
  'default_projects_limit',
  'max_attachment_size',
  'max_import_size',
  'max_artifacts_size',
  'default_artifacts_expire_in',
  'password_authentication_enabled_for_web',
  'user_default_external',
  'session_expire_delay',
  'gravatar_enabled',
];

/** Pages of `GET /admin/ci/variables` read at most (100 each; GitLab caps instance variables far lower). */
export const MAX_VARIABLE_PAGES = 10;

/** Lower-case hex SHA-256 of `text` (UTF-8), through WebCrypto. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether `profile`'s instance can be compared, decided from its capabilities alone (no request): null
 * when it can, else the honest state to show (title and sentence).
 */
export function whyNotComparable(caps: InstanceCapabilities | null): { title: string; why: string } | null {
  const decision = decideFeature('admin-area', caps);
  if (decision.status === 'unknown') return { title: 'Not checked yet', why: decision.explanation };
  if (decision.status === 'unavailable') return { title: decision.title, why: decision.explanation };
  return null;
}

/** Thrown inside a read when the instance refuses with 403 because of Admin Mode: no further reads. */
class AdminModeRefusal extends Error {}

/**
 * Reads `profile`'s configuration for drift ({@link ConfigSnapshot}). Sends nothing when the capabilities
 * say the token can't read admin endpoints. Otherwise `GET /application/settings` first: a 403 to an
 * administrator whose token lacks `admin_mode` is Admin Mode, and then nothing else is asked (every
 * admin endpoint would answer the same). Never throws: each part records its own failure.
 */
export async function readConfigSnapshot(profile: ProfileSummary): Promise<ConfigSnapshot> {
  const caps = capabilitiesOf(profile);
  const blocked = whyNotComparable(caps);
  if (blocked) return { kind: 'not-comparable', profileId: profile.id, ...blocked, requests: 0 };
  let requests = 0;
  const get = async <T>(path: string, query?: Record<string, string | number>) => {
    requests += 1;
    const response = await apiRequest<T>(
      query
        ? { method: 'GET', path, query, profileId: profile.id }
        : { method: 'GET', path, profileId: profile.id },
    );
    if (
      response.status === 403 &&
      caps?.kind === 'gitlab' &&
      (caps.adminMode === 'token-lacks-admin_mode' || caps.adminMode === 'unknown')
    )
      throw new AdminModeRefusal();
    return response;
  };
  try {
    const settings = await readSettings(get);
    const ciVariables = await readVariables(get);
    const planLimits = await readPlanLimits(get, caps);
    return { kind: 'compared', profileId: profile.id, ciVariables, planLimits, settings, requests };
  } catch (error) {
    if (error instanceof AdminModeRefusal) {
      return {
        kind: 'not-comparable',
        profileId: profile.id,
        title: 'Admin Mode blocks this token',
        why: `The instance refused GET /application/settings with 403. ${ADMIN_MODE_EXPLANATION}`,
        requests,
      };
    }
    throw error;
  }
}

type Getter = <T>(
  path: string,
  query?: Record<string, string | number>,
) => Promise<{ status: number; headers: Record<string, string>; body: T }>;

function refused(path: string, status: number, body: unknown): { kind: 'unavailable'; why: string } {
  return { kind: 'unavailable', why: `GET ${path}: ${new ApiError(status, body).message}` };
}

async function readSettings(get: Getter): Promise<SnapshotPart<Record<string, unknown>>> {
  try {
    const response = await get<Record<string, unknown>>('/application/settings');
    if (!isSuccess(response.status)) return refused('/application/settings', response.status, response.body);
    const body = response.body ?? {};
    const picked: Record<string, unknown> = {};
    for (const key of DRIFT_SETTING_KEYS) if (key in body) picked[key] = body[key];
    return { kind: 'value', value: picked };
  } catch (error) {
    if (error instanceof AdminModeRefusal) throw error;
    return { kind: 'unavailable', why: describeError(error) };
  }
}

interface WireVariable {
  key: string;
  variable_type?: 'env_var' | 'file';
  value: string | null;
  protected?: boolean;
  masked?: boolean;
  raw?: boolean;
}

async function readVariables(get: Getter): Promise<SnapshotPart<DriftCiVariable[]>> {
  try {
    const all: WireVariable[] = [];
    for (let page = 1; page <= MAX_VARIABLE_PAGES; page += 1) {
      const response = await get<WireVariable[]>('/admin/ci/variables', { per_page: 100, page });
      if (!isSuccess(response.status)) return refused('/admin/ci/variables', response.status, response.body);
      if (Array.isArray(response.body)) all.push(...response.body);
      const next = response.headers['x-next-page'];
      if (!next || !Array.isArray(response.body) || response.body.length === 0) break;
    }
    const variables = await Promise.all(
      all.map(async (variable) => {
        const value = variable.value ?? '';
        return {
          key: variable.key,
          variable_type: variable.variable_type ?? 'env_var',
          protected: variable.protected ?? false,
          masked: variable.masked ?? false,
          raw: typeof variable.raw === 'boolean' ? variable.raw : null,
          value,
          digest: await sha256Hex(value),
        } satisfies DriftCiVariable;
      }),
    );
    return { kind: 'value', value: variables.sort((a, b) => a.key.localeCompare(b.key)) };
  } catch (error) {
    if (error instanceof AdminModeRefusal) throw error;
    return { kind: 'unavailable', why: describeError(error) };
  }
}

async function readPlanLimits(
  get: Getter,
  caps: InstanceCapabilities | null,
): Promise<SnapshotPart<Record<string, Record<string, unknown>>>> {
  try {
    const plans: Record<string, Record<string, unknown>> = {};
    for (const plan of planNamesToProbe(caps)) {
      const response = await get<Record<string, unknown>>('/application/plan_limits', { plan_name: plan });
      if (response.status === 404) continue; // the instance has no such plan (doc/api/plan_limits.md)
      if (!isSuccess(response.status))
        return refused('/application/plan_limits', response.status, response.body);
      plans[plan] = response.body ?? {};
    }
    return { kind: 'value', value: plans };
  } catch (error) {
    if (error instanceof AdminModeRefusal) throw error;
    return { kind: 'unavailable', why: describeError(error) };
  }
}
