/**
 * Avatars (services/avatars/avatars.ts), registered at the root (not under /api/v4):
 * - `GET /uploads/-/system/:kind/avatar/:id/:filename` (kind `user`, `group`, `project`): the image at the
 *   `avatar_url` the JSON gives, as GitLab serves uploads. User avatars are public; a group's or project's
 *   needs read access to it (anonymous callers: public ones only), as GitLab's UploadsController. 404
 *   when there is no such avatar (also for a replaced one's old URL).
 * - `PUT /api/v4/user/avatar` (multipart `avatar`, GitLab 14.0's endpoint): the caller's own avatar;
 *   200 `{"avatar_url": …}`; 400 `{"error":"avatar is missing"}` without a file.
 * Plus {@link uploadedAvatar} for the create/update routes of projects, groups and users that take an
 * `avatar` file.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { avatarForCaller, avatarUrl, checkAvatar, storeAvatar } from '../services/avatars/avatars.js';
import type { Avatar } from '../services/avatars/avatars.js';
import { requireUser } from '../services/context.js';
import { NotFoundError, ParameterError } from '../services/errors.js';

/**
 * The `avatar` file of a multipart request, checked (format, 200 KB); undefined when the request has no
 * `avatar`. Call it before changing anything, so a bad avatar leaves the request without effect.
 * @throws ValidationError 400 for a file that is not an accepted image or is too big; ParameterError 400
 *   `avatar is invalid` for an `avatar` sent as a plain field rather than a file.
 */
export function uploadedAvatar(req: FastifyRequest): Avatar | undefined {
  const file = req.uploadedFiles?.get('avatar');
  if (file) return checkAvatar(file);
  if (req.gparams.avatar !== undefined) throw new ParameterError('avatar is invalid');
  return undefined;
}

export async function avatarRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/uploads/-/system/:kind/avatar/:id/:filename',
    { config: { auth: 'optional' } },
    async (req, reply) => {
      const { kind, id, filename } = req.params as { kind: string; id: string; filename: string };
      const n = /^\d{1,15}$/.test(id) ? Number(id) : NaN;
      if (!Number.isSafeInteger(n)) throw new NotFoundError('Avatar');
      const found = await avatarForCaller(req.svc, kind, n, filename);
      return reply
        .header('Content-Type', found.contentType)
        .header('Content-Disposition', 'inline')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=60')
        .send(found.data);
    },
  );

  app.put('/api/v4/user/avatar', async (req) => {
    const user = requireUser(req.svc);
    const avatar = uploadedAvatar(req);
    if (!avatar) throw new ParameterError('avatar is missing');
    const name = await storeAvatar(req.svc, 'user', user.id, avatar);
    return { avatar_url: avatarUrl(req.svc.externalUrl(), 'user', user.id, name) };
  });
}
