/**
 * Application settings (doc/api/settings.md): `GET /application/settings` and `PUT /application/settings`
 * with `repository_storages_weighted[NAME]=WEIGHT` (integers 0–100; an unknown shard is 400
 * `{"message":{"repository_storages_weighted":["can't include: NAME"]}}`), the security settings of
 * services/admin/instance-settings.ts (`default_branch_protection`, with its GitLab 17.0 object form
 * `default_branch_protection_defaults` read and written in step: services/admin/branch-protection-defaults.ts;
 * `allow_local_requests_from_web_hooks_and_services`, and Outpost's job sandbox and runner limits), and
 * every other GitLab 13.10 setting of services/admin/gitlab-settings.ts (typed, stored, read back; the
 * few with behaviour are listed there). PUT is all or nothing: every bad value is reported at once in
 * `400 {"message":{"<key>":["<error>"]}}` and nothing of the request is stored. Unknown keys are ignored,
 * as Grape does.
 * Plus the Outpost extension `GET /admin/repository_storages`: every shard with its path, weight,
 * repository count and bytes (docs/compatibility.md). Administrators only: the whole file is one admin route
 * group (http/admin-guard.ts `adminRouteGroup`), refused with 403 before any parameter is read.
 */
import type { FastifyInstance } from 'fastify';
import { adminRouteGroup } from '../http/admin-guard.js';
import type { ServiceContext } from '../services/context.js';
import { ParameterError, ValidationError } from '../services/errors.js';
import {
  gitlabSettings,
  resolveSettingAliases,
  validateGitlabSettings,
  withSettingAliases,
} from '../services/admin/gitlab-settings.js';
import { branchProtectionDefaults, levelOfDefaults } from '../services/admin/branch-protection-defaults.js';
import {
  instanceSetting,
  instanceSettings,
  validateInstanceSettings,
} from '../services/admin/instance-settings.js';
import { storeSettings } from '../services/admin/setting-schema.js';
import { shardUsage, storageWeights, updateStorageWeights } from '../services/storage-moves/shards.js';

function presentSettings(ctx: ServiceContext, weights: Record<string, number>) {
  return withSettingAliases({
    id: 1,
    ...gitlabSettings(ctx.db),
    repository_storages: Object.keys(weights).filter((name) => (weights[name] ?? 0) > 0),
    repository_storages_weighted: weights,
    external_url: ctx.externalUrl(),
    ...instanceSettings(ctx.db),
    // GitLab 17.0+'s object form of the integer above (services/admin/branch-protection-defaults.ts).
    default_branch_protection_defaults: branchProtectionDefaults(
      instanceSetting(ctx.db, 'default_branch_protection'),
    ),
  });
}

export async function applicationSettingsRoutes(app: FastifyInstance): Promise<void> {
  // Every route here is administrator-only (401 anonymous, 403 anyone else, sudo included).
  adminRouteGroup(app);

  app.get('/application/settings', async (req) => {
    return presentSettings(req.svc, storageWeights(req.svc));
  });

  app.put('/application/settings', async (req) => {
    const raw = req.gparams.repository_storages_weighted;
    if (raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw)))
      throw new ParameterError('repository_storages_weighted is invalid');
    // One transaction: a bad value anywhere stores nothing.
    const weights = req.svc.db.transaction(() => {
      const params = resolveSettingAliases(req.gparams);
      // `default_branch_protection_defaults` (17.0) wins over the deprecated integer, kept in step with it.
      const defaults =
        params.default_branch_protection_defaults === undefined
          ? null
          : levelOfDefaults(
              params.default_branch_protection_defaults,
              instanceSetting(req.svc.db, 'default_branch_protection'),
            );
      if (defaults && 'level' in defaults) params.default_branch_protection = defaults.level;
      const own = validateInstanceSettings(params);
      const gitlab = validateGitlabSettings(params);
      const errors: Record<string, string[]> = { ...own.errors, ...gitlab.errors };
      if (defaults && 'error' in defaults) errors.default_branch_protection_defaults = [defaults.error];
      if (Object.keys(errors).length > 0) throw new ValidationError('Invalid application settings', errors);
      storeSettings(req.svc.db, { ...gitlab.values, ...own.values });
      return raw === undefined
        ? storageWeights(req.svc)
        : updateStorageWeights(req.svc, raw as Record<string, unknown>);
    })();
    return presentSettings(req.svc, weights);
  });

  /** Outpost extension: shard usage for the storage screen's chart. */
  app.get('/admin/repository_storages', async (req) => {
    return shardUsage(req.svc);
  });
}
