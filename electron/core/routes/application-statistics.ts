/**
 * `GET /application/statistics` (doc/api/statistics.md; lib/api/statistics.rb), administrators only
 * (403 `403 Forbidden` for others, 401 anonymous): `forks`, `issues`, `merge_requests`, `notes`,
 * `snippets`, `ssh_keys`, `milestones`, `users`, `projects`, `groups`, `active_users`, each a string with
 * thousands separators (`"1,234"`). See services/admin/application-statistics.ts.
 */
import type { FastifyInstance } from 'fastify';
import { applicationStatistics } from '../services/admin/application-statistics.js';

export async function applicationStatisticsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/application/statistics', { config: { admin: true } }, async (req) =>
    applicationStatistics(req.svc),
  );
}
