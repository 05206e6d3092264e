/** The URL of an uploaded avatar (GitLab's upload path for AvatarUploader). Pure: used by presenters. */
import type { AvatarKind } from '../db/avatars.js';

/**
 * `<baseUrl>/uploads/-/system/<kind>/avatar/<id>/<name>` (served by routes/avatars.ts), or null when there
 * is no avatar.
 */
export function avatarUrl(
  baseUrl: string,
  kind: AvatarKind,
  id: number,
  name: string | null | undefined,
): string | null {
  return name ? `${baseUrl}/uploads/-/system/${kind}/avatar/${id}/${encodeURIComponent(name)}` : null;
}
