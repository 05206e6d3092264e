/**
 * Application settings (doc/api/settings.md), the part Outpost has: `GET /application/settings` and
 * `PUT /application/settings` with `repository_storages_weighted[NAME]=WEIGHT` (integers 0–100; an
 * unknown shard is 400 `{"message":{"repository_storages_weighted":["can't include: NAME"]}}`), and the
 * security settings of services/admin/instance-settings.ts (`default_branch_protection`,
 * `allow_local_requests_from_web_hooks_and_services`, and Outpost's job sandbox and runner limits). The
 * other fields returned are fixed facts of an Outpost instance; other settings sent to PUT are ignored.
 * Plus the Outpost extension `GET /admin/repository_storages`: every shard with its path, weight,
 * repository count and bytes (docs/compatibility.md). Administrators only.
 */
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../services/access/project-access.js';
import type { ServiceContext } from '../services/context.js';
import { ParameterError } from '../services/errors.js';
import { instanceSettings, updateInstanceSettings } from '../services/admin/instance-settings.js';
import { shardUsage, storageWeights, updateStorageWeights } from '../services/storage-moves/shards.js';

function presentSettings(ctx: ServiceContext, weights: Record<string, number>) {
  return {
    id: 1,
    default_projects_limit: 100000,
    signup_enabled: false,
    password_authentication_enabled_for_web: false,
    default_branch_name: 'main',
    default_project_visibility: 'private',
    max_attachment_size: 100,
    repository_storages_weighted: weights,
    external_url: ctx.externalUrl(),
    ...instanceSettings(ctx.db),
  };
}

export async function applicationSettingsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/application/settings', async (req) => {
    requireAdmin(req.svc);
    return presentSettings(req.svc, storageWeights(req.svc));
  });

  app.put('/application/settings', async (req) => {
    requireAdmin(req.svc);
    const raw = req.gparams.repository_storages_weighted;
    if (raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw)))
      throw new ParameterError('repository_storages_weighted is invalid');
    // One transaction: a bad value anywhere stores nothing.
    const weights = req.svc.db.transaction(() => {
      updateInstanceSettings(req.svc.db, req.gparams);
      return raw === undefined
        ? storageWeights(req.svc)
        : updateStorageWeights(req.svc, raw as Record<string, unknown>);
    })();
    return presentSettings(req.svc, weights);
  });

  /** Outpost extension: shard usage for the storage screen's chart. */
  app.get('/admin/repository_storages', async (req) => {
    requireAdmin(req.svc);
    return shardUsage(req.svc);
  });
}
