/**
 * The core's built-in runner (issue 28): its local executor (runner/pipeline-runner.ts) shown as one
 * instance runner in GitLab's runner shape (doc/api/runners.md; lib/api/ci/runners.rb; entities
 * Entities::Ci::Runner and Entities::Ci::RunnerDetails), with the settings an administrator may change.
 *
 * Stored in `application_settings` under `outpost_runner_*` keys (read fresh on each use, so a pause takes
 * effect at the scheduler's next pass): `paused` (boolean, default false), `description` (string, default
 * "Outpost local executor"), `maximum_timeout` (seconds ≥ 600 or null, GitLab's lower bound
 * `Ci::Runner` validates: "maximum_timeout needs to be at least 10 minutes"), `maintenance_note` (string ≤
 * 1024). Fixed for this runner: id 1, `runner_type` `instance_type`, `is_shared` true, `run_untagged` true,
 * `locked` false, `access_level` `not_protected`, `tag_list` [] (the executor takes every job).
 *
 * Status: the runner lives inside the core, so while the core answers it is `online` and `contacted_at` is
 * now (GitLab's `online` means contacted within the last 2 hours, Ci::Runner::ONLINE_CONTACT_TIMEOUT);
 * `offline`, `stale` and `never_contacted` never apply. Pausing does not change `status` (GitLab 16.0+,
 * where `paused`/`active` are separate fields from `status`).
 */
import os from 'node:os';
import { getApplicationSetting, setApplicationSetting } from '../../db/application-settings.js';
import { nowIso } from '../../db/database.js';
import type { Db } from '../../db/database.js';
import type { ServiceContext } from '../context.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import { requireAdmin } from '../access/project-access.js';

/** The built-in runner's id (the same `runner.id` the job presenter shows, entities/jobs.ts LOCAL_RUNNER). */
export const LOCAL_RUNNER_ID = 1;

/** Default description (the `runner_description` the executor stamps on the jobs it runs). */
export const LOCAL_RUNNER_DEFAULT_DESCRIPTION = 'Outpost local executor';

/** GitLab's lower bound of `maximum_timeout`, seconds (Ci::Runner validation, doc/api/runners.md). */
export const MIN_MAXIMUM_TIMEOUT_SECONDS = 600;

/** Outpost's version, reported as the runner's `version` (package.json of the app). */
export const OUTPOST_RUNNER_VERSION = '0.1.0';

/** The message of `DELETE /runners/1` (403). */
export const DELETE_REFUSED =
  'The built-in runner of Outpost cannot be removed; pause it to stop new jobs from starting';

const KEYS = {
  paused: 'outpost_runner_paused',
  description: 'outpost_runner_description',
  maximumTimeout: 'outpost_runner_maximum_timeout',
  maintenanceNote: 'outpost_runner_maintenance_note',
} as const;

/** What an administrator may change. */
export interface LocalRunnerSettings {
  paused: boolean;
  description: string;
  /** Seconds, or null for no runner-wide cap. */
  maximumTimeout: number | null;
  maintenanceNote: string | null;
}

/** The stored settings (defaults where never set). Pure read. */
export function localRunnerSettings(db: Db): LocalRunnerSettings {
  return {
    paused: getApplicationSetting<boolean>(db, KEYS.paused) ?? false,
    description: getApplicationSetting<string>(db, KEYS.description) ?? LOCAL_RUNNER_DEFAULT_DESCRIPTION,
    maximumTimeout: getApplicationSetting<number | null>(db, KEYS.maximumTimeout) ?? null,
    maintenanceNote: getApplicationSetting<string | null>(db, KEYS.maintenanceNote) ?? null,
  };
}

/** GitLab's runner status values (doc/api/runners.md, `status` filter of `GET /runners/all`). */
export const RUNNER_STATUSES = ['online', 'offline', 'stale', 'never_contacted'] as const;
/** GitLab's runner types. */
export const RUNNER_TYPES = ['instance_type', 'group_type', 'project_type'] as const;

/** Entities::Ci::Runner (list form). */
export interface RunnerJson {
  id: number;
  description: string;
  ip_address: string | null;
  active: boolean;
  paused: boolean;
  is_shared: boolean;
  runner_type: 'instance_type';
  name: string;
  online: boolean;
  status: 'online';
}

/** Entities::Ci::RunnerDetails. */
export interface RunnerDetailsJson extends RunnerJson {
  tag_list: string[];
  run_untagged: boolean;
  locked: boolean;
  maximum_timeout: number | null;
  access_level: 'not_protected';
  version: string;
  revision: string;
  platform: string;
  architecture: string;
  contacted_at: string;
  maintenance_note: string | null;
  projects: never[];
  groups: never[];
}

/** The list form of the built-in runner. */
export function presentLocalRunner(s: LocalRunnerSettings): RunnerJson {
  return {
    id: LOCAL_RUNNER_ID,
    description: s.description,
    ip_address: '127.0.0.1',
    active: !s.paused,
    paused: s.paused,
    is_shared: true,
    runner_type: 'instance_type',
    name: 'outpost-local',
    online: true,
    status: 'online',
  };
}

/** Go's GOARCH names of Node's `process.arch` (GitLab Runner reports GOARCH). */
function goArch(): string {
  const map: Record<string, string> = { x64: 'amd64', ia32: '386', arm64: 'arm64', arm: 'arm' };
  return map[process.arch] ?? process.arch;
}

/** The details form of the built-in runner (`contacted_at` is `now`: see the file comment). */
export function presentLocalRunnerDetails(s: LocalRunnerSettings, now = nowIso()): RunnerDetailsJson {
  return {
    ...presentLocalRunner(s),
    tag_list: [],
    run_untagged: true,
    locked: false,
    maximum_timeout: s.maximumTimeout,
    access_level: 'not_protected',
    version: OUTPOST_RUNNER_VERSION,
    revision: 'outpost',
    platform: os.platform(),
    architecture: goArch(),
    contacted_at: now,
    maintenance_note: s.maintenanceNote,
    projects: [],
    groups: [],
  };
}

/** Filters of `GET /runners/all`. */
export interface RunnerFilter {
  type?: string;
  status?: string;
  paused?: boolean;
  tagList?: readonly string[];
}

/**
 * Whether the built-in runner passes `f` (lib/api/ci/runners.rb `filter_runners`): `type` must be
 * `instance_type`, `status` `online` (the deprecated `active`/`paused` values of `status` compare with
 * the pause), `paused` the pause, and `tag_list` only matches when empty (the runner has no tags).
 */
export function localRunnerMatches(s: LocalRunnerSettings, f: RunnerFilter): boolean {
  if (f.type !== undefined && f.type !== 'instance_type') return false;
  if (f.status !== undefined) {
    if (f.status === 'active' && s.paused) return false;
    if (f.status === 'paused' && !s.paused) return false;
    if (!['active', 'paused', 'online'].includes(f.status)) return false;
  }
  if (f.paused !== undefined && f.paused !== s.paused) return false;
  if (f.tagList && f.tagList.length > 0) return false;
  return true;
}

/** @throws NotFoundError `404 Runner Not Found` for any id but the built-in runner's. */
export function requireLocalRunner(id: number): void {
  if (id !== LOCAL_RUNNER_ID) throw new NotFoundError('Runner', '404 Runner Not Found');
}

/** A change from `PUT /runners/:id`. */
export interface RunnerChange {
  description?: string;
  /** `paused` (GitLab 14.8+), or the inverse of the deprecated `active`. */
  paused?: boolean;
  maximumTimeout?: number | null;
  maintenanceNote?: string;
  tagList?: readonly string[];
  runUntagged?: boolean;
  locked?: boolean;
  accessLevel?: string;
}

/**
 * Apply `PUT /runners/1` (administrators; GitLab: `authenticate_update_runner!`, instance runners need an
 * administrator). Tags, `run_untagged`, `locked` and `access_level` are fixed for the built-in runner: a
 * different value is 400 with the field named. On resume the scheduler is asked to start pending jobs.
 * @throws ForbiddenError for non-administrators; ValidationError 400 `{"message":{field:[error]}}`.
 */
export function updateLocalRunner(ctx: ServiceContext, change: RunnerChange): LocalRunnerSettings {
  requireAdmin(ctx);
  const errors: Record<string, string[]> = {};
  if (change.tagList && change.tagList.length > 0)
    errors.tag_list = ['cannot be set on the built-in runner: it takes every job'];
  if (change.runUntagged === false)
    errors.run_untagged = ['cannot be turned off on the built-in runner: it has no tags'];
  if (change.locked === true) errors.locked = ['cannot be set on an instance runner'];
  if (change.accessLevel !== undefined && change.accessLevel !== 'not_protected')
    errors.access_level = ['cannot be changed on the built-in runner'];
  if (
    change.maximumTimeout !== undefined &&
    change.maximumTimeout !== null &&
    change.maximumTimeout < MIN_MAXIMUM_TIMEOUT_SECONDS
  )
    errors.maximum_timeout = ['needs to be at least 10 minutes'];
  if (change.maintenanceNote !== undefined && change.maintenanceNote.length > 1024)
    errors.maintenance_note = ['is too long (maximum is 1024 characters)'];
  if (Object.keys(errors).length > 0) throw new ValidationError('Invalid runner', errors);
  const before = localRunnerSettings(ctx.db);
  const at = nowIso();
  if (change.description !== undefined)
    setApplicationSetting(ctx.db, KEYS.description, change.description, at);
  if (change.paused !== undefined) setApplicationSetting(ctx.db, KEYS.paused, change.paused, at);
  if (change.maximumTimeout !== undefined)
    setApplicationSetting(ctx.db, KEYS.maximumTimeout, change.maximumTimeout, at);
  if (change.maintenanceNote !== undefined)
    setApplicationSetting(ctx.db, KEYS.maintenanceNote, change.maintenanceNote, at);
  const after = localRunnerSettings(ctx.db);
  if (before.paused && !after.paused) ctx.ci?.schedule();
  return after;
}

/**
 * `DELETE /runners/1`. GitLab removes a registered runner (204; its jobs keep their history); the built-in
 * runner is the core's own executor and cannot be unregistered.
 * @throws ForbiddenError `403 Forbidden - <DELETE_REFUSED>` (administrators too; non-administrators get
 *   the plain 403 first).
 */
export function deleteLocalRunner(ctx: ServiceContext): never {
  requireAdmin(ctx);
  throw new ForbiddenError(DELETE_REFUSED);
}
