/** The `/api/v4` route tree: one plugin per API area. */
import type { FastifyInstance } from 'fastify';
import { groupsRoutes } from './groups.js';
import { membersRoutes } from './members.js';
import { namespacesRoutes } from './namespaces.js';
import { personalAccessTokensRoutes } from './personal-access-tokens.js';
import { projectsRoutes } from './projects.js';
import { usersRoutes } from './users.js';
import { versionRoutes } from './version.js';

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(versionRoutes);
  await app.register(usersRoutes);
  await app.register(personalAccessTokensRoutes);
  await app.register(groupsRoutes);
  await app.register(projectsRoutes);
  await app.register(membersRoutes);
  await app.register(namespacesRoutes);
}
