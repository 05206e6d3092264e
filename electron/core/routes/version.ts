/** `GET /version` (doc/api/version.md): `{version, revision}` of the instance. */
import type { FastifyInstance } from 'fastify';

/** The GitLab API version the core follows, with Outpost's suffix. */
export const CORE_VERSION = '13.10.0-outpost';

export async function versionRoutes(app: FastifyInstance): Promise<void> {
  app.get('/version', async () => ({ version: CORE_VERSION, revision: 'outpost', kas: { enabled: false } }));
}
