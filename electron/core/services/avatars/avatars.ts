/**
 * Avatars of users, groups and projects (GitLab's AvatarUploader; doc/api/projects.md "Upload a project
 * avatar", doc/api/groups.md, doc/api/users.md, `PUT /user/avatar`):
 * - accepted: images only — `png jpg jpeg gif bmp tiff ico webp` by extension (GitLab's SAFE_IMAGE_EXT),
 *   and the bytes must be that kind of image (checked by signature; Outpost is stricter here: GitLab
 *   trusts the extension), at most 200 KB (204,800 bytes; GitLab's `file_size: { maximum: 200.kilobytes }`);
 * - stored under the data dir at `<dataDir>/uploads/-/system/<kind>/avatar/<id>/<file>`: directories
 *   0700, the file 0600, written to a temporary name and renamed, the previous avatar removed;
 * - served at the `avatar_url` the JSON returns: `<external_url>/uploads/-/system/<kind>/avatar/<id>/<file>`
 *   (routes/avatars.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findAvatarName, setAvatarName } from '../../db/avatars.js';
import { findNamespaceById } from '../../db/namespaces.js';
import { findUserById } from '../../db/users.js';
import { canReadNamespace, findReadableProject } from '../access/project-access.js';
import type { AvatarKind } from '../../db/avatars.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError, ValidationError } from '../errors.js';

export type { AvatarKind } from '../../db/avatars.js';
export { avatarUrl } from '../../entities/avatar-url.js';

/** GitLab's avatar size limit: 200 KB. */
export const AVATAR_MAX_BYTES = 200 * 1024;

/** Extensions GitLab accepts for avatars, in its order (its error message lists them). */
export const AVATAR_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'tiff', 'ico', 'webp'] as const;

const FORMAT_ERROR = `file format is not supported. Please try one of the following supported formats: ${AVATAR_EXTENSIONS.join(', ')}`;

/** An uploaded file as the multipart parser gives it. */
export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/** A checked avatar, ready to store. */
export interface Avatar {
  /** The file name it is stored and served under (the upload's, made safe). */
  name: string;
  contentType: string;
  data: Buffer;
}

/** The image type of `data` by its signature, or null. Pure. */
export function imageType(data: Buffer): { ext: string; contentType: string } | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => data[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { ext: 'png', contentType: 'image/png' };
  if (starts(0xff, 0xd8, 0xff)) return { ext: 'jpeg', contentType: 'image/jpeg' };
  const head = data.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return { ext: 'gif', contentType: 'image/gif' };
  if (head.startsWith('BM') && data.length > 26) return { ext: 'bmp', contentType: 'image/bmp' };
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a))
    return { ext: 'tiff', contentType: 'image/tiff' };
  if (starts(0x00, 0x00, 0x01, 0x00)) return { ext: 'ico', contentType: 'image/vnd.microsoft.icon' };
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP')
    return { ext: 'webp', contentType: 'image/webp' };
  return null;
}

/** Extensions each detected type may be named with. */
const EXT_OF_TYPE: Record<string, readonly string[]> = { jpeg: ['jpg', 'jpeg'] };

/**
 * Check an upload as GitLab does (extension, 200 KB) and that its bytes are the image its name says.
 * Pure.
 * @throws ValidationError 400 `{"message":{"avatar":["file format is not supported. Please try one of the
 *   following supported formats: png, jpg, jpeg, gif, bmp, tiff, ico, webp"]}}` or
 *   `{"message":{"avatar":["is too big (should be at most 200 KB)"]}}`.
 */
export function checkAvatar(file: UploadedFile): Avatar {
  const base = path.basename(file.filename.replaceAll('\\', '/'));
  const ext = path.extname(base).slice(1).toLowerCase();
  const type = imageType(file.data);
  const extOk = (AVATAR_EXTENSIONS as readonly string[]).includes(ext);
  if (!extOk || !type || !(EXT_OF_TYPE[type.ext] ?? [type.ext]).includes(ext))
    throw new ValidationError('Invalid avatar', { avatar: [FORMAT_ERROR] });
  if (file.data.length > AVATAR_MAX_BYTES)
    throw new ValidationError('Invalid avatar', { avatar: ['is too big (should be at most 200 KB)'] });
  const stem = base
    .slice(0, base.length - ext.length - 1)
    .replace(/[^A-Za-z0-9_.-]/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 100);
  return { name: `${stem || 'avatar'}.${ext}`, contentType: type.contentType, data: file.data };
}

function dataDirOf(ctx: ServiceContext): string {
  if (!ctx.dataDir) throw new Error('avatars need the data dir in the service context');
  return ctx.dataDir;
}

/** `<dataDir>/uploads/-/system/<kind>/avatar/<id>`. */
function avatarDir(dataDir: string, kind: AvatarKind, id: number): string {
  return path.join(dataDir, 'uploads', '-', 'system', kind, 'avatar', String(id));
}

/**
 * Store `avatar` as the avatar of a user, group or project that exists, replacing the previous one: the
 * file is written (0600, directories 0700) and renamed into place before the row names it, and the old
 * files are removed after.
 * @returns the stored file name.
 */
export async function storeAvatar(
  ctx: ServiceContext,
  kind: AvatarKind,
  id: number,
  avatar: Avatar,
): Promise<string> {
  const dir = avatarDir(dataDirOf(ctx), kind, id);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const tmp = path.join(dir, `.upload-${randomBytes(6).toString('hex')}`);
  await writeFile(tmp, avatar.data, { mode: 0o600 });
  await rename(tmp, path.join(dir, avatar.name));
  setAvatarName(ctx.db, kind, id, avatar.name);
  for (const entry of await readdir(dir)) {
    if (entry !== avatar.name) await rm(path.join(dir, entry), { force: true });
  }
  return avatar.name;
}

/**
 * The bytes and type of the current avatar of a user, group or project named `name`; null when it has
 * none, another one, or the file is gone (an old URL never serves a replaced image).
 */
export async function readAvatar(
  ctx: ServiceContext,
  kind: AvatarKind,
  id: number,
  name: string,
): Promise<{ data: Buffer; contentType: string } | null> {
  const current = findAvatarName(ctx.db, kind, id);
  if (!current || current !== name) return null;
  let data: Buffer;
  try {
    data = await readFile(path.join(avatarDir(dataDirOf(ctx), kind, id), current));
  } catch {
    return null;
  }
  const type = imageType(data);
  return type ? { data, contentType: type.contentType } : null;
}

/**
 * The avatar `name` of a user, group or project, for the caller: user avatars are public; a group's or a
 * project's needs read access to it (anonymous callers: public ones), as GitLab's UploadsController.
 * @throws NotFoundError (404 `Avatar Not Found`) for an unknown kind, owner, name, or no read access.
 */
export async function avatarForCaller(
  ctx: ServiceContext,
  kind: string,
  id: number,
  name: string,
): Promise<{ data: Buffer; contentType: string }> {
  const user = ctx.actor.user;
  let visible = false;
  if (kind === 'group') {
    const ns = findNamespaceById(ctx.db, id);
    visible = !!ns && ns.kind === 'group' && canReadNamespace(ctx.db, user, ns);
  } else if (kind === 'project') {
    try {
      findReadableProject(ctx, String(id));
      visible = true;
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
    }
  } else if (kind === 'user') {
    visible = !!findUserById(ctx.db, id);
  }
  const found = visible ? await readAvatar(ctx, kind as AvatarKind, id, name) : null;
  if (!found) throw new NotFoundError('Avatar');
  return found;
}
