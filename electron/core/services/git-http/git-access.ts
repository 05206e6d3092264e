/**
 * Who may fetch and push over git's smart HTTP, as GitLab decides it (doc/topics/git/troubleshooting_git.md,
 * doc/user/profile/personal_access_tokens.md "Personal access token scopes", doc/user/permissions.md;
 * `Gitlab::Auth.find_for_git_client`, `Gitlab::GitAccess#check_download_access!`/`#check_push_access!`,
 * `Repositories::GitHttpClientController`):
 * - HTTP Basic with any username and a personal access token as the password. A presented but unknown,
 *   revoked or expired token, or a token of a blocked or banned user, is 401, even on a public project
 *   (`personal_access_token_check` needs `can?(:log_in)`, which GlobalPolicy prevents for `blocked`).
 * - A deactivated user may still log in (to reactivate), so their token authenticates, and then
 *   `GitAccess#check_active_user!` refuses every request, before any project lookup, with 403 and
 *   `Gitlab::Auth::UserAccessDeniedReason`'s sentence (GlobalPolicy: `deactivated` prevents
 *   `access_git`).
 * - Fetch (`git-upload-pack`): public projects anonymously; internal to any signed-in user; private to
 *   Reporter or above (`requireCodeRead`). Token scopes `read_repository`, `write_repository` or `api`.
 * - Push (`git-receive-pack`): signed in, Developer or above (`requirePushAccess`), scopes
 *   `write_repository` or `api` (`read_api` is never enough for git).
 * - Anonymous callers get 401 + `WWW-Authenticate: Basic realm="GitLab"` for anything they can't do, so
 *   git asks for credentials; a signed-in caller gets 404 for a project they can't see (its existence is
 *   not leaked) and 403 with GitLab's sentence for one they see but may not fetch from or push to.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import type { Db } from '../../db/database.js';
import type { ProjectRow } from '../../db/projects.js';
import type { GitService } from '../../git/smart-http.js';
import { repositoryExists } from '../../git/repository.js';
import {
  canReadProject,
  findProjectByIdOrPath,
  isAdmin,
  projectAccessLevel,
} from '../access/project-access.js';
import type { Actor, ServiceContext } from '../context.js';
import { ForbiddenError } from '../errors.js';
import { projectRepositoryPath } from '../projects/projects-service.js';
import { requireCodeRead } from '../refs/project-repository.js';
import { authenticateToken } from '../users/authenticate-token.js';

/** GitLab's sentences (Gitlab::GitAccess ERROR_MESSAGES, Gitlab::Checks::PushCheck). */
export const GIT_ACCESS_MESSAGES = {
  unauthorized:
    "HTTP Basic: Access denied. If a password was provided for Git authentication, the password was incorrect or you're required to use a token instead of a password. If a token was provided, it was either incorrect, expired, or improperly scoped.",
  projectNotFound:
    "The project you were looking for could not be found or you don't have permission to view it.",
  noRepo: 'A repository for this project does not exist yet.',
  download: 'You are not allowed to download code from this project.',
  authDownload: 'You are not allowed to download code.',
  authUpload: 'You are not allowed to upload code.',
  pushCode: 'You are not allowed to push code to this project.',
  archived: "You can't push code to an archived project.",
} as const;

/** GitLab's refusal for a deactivated user (UserAccessDeniedReason, `:deactivated`); `url` is the instance's. */
export function deactivatedMessage(url: string): string {
  return `Your account has been deactivated by your administrator. Please log back in from a web browser to reactivate your account at ${url}`;
}

/** Token scopes that grant each service over git (doc/user/profile/personal_access_tokens.md). */
export const GIT_SCOPES: Record<GitService, readonly string[]> = {
  'git-upload-pack': ['read_repository', 'write_repository', 'api'],
  'git-receive-pack': ['write_repository', 'api'],
};

/** A refused git request: HTTP status and GitLab's sentence (sent as `text/plain`, as GitLab does). */
export class GitAccessError extends Error {
  constructor(
    readonly status: 401 | 403 | 404,
    message: string,
  ) {
    super(message);
    this.name = 'GitAccessError';
  }
}

/**
 * The caller of a git request from its `Authorization` header: anonymous without Basic credentials, the
 * token's user and scopes with a valid token as the Basic password (the username is not checked).
 * @throws GitAccessError 401 for a presented but refused token or a malformed header.
 */
export function authenticateGitClient(db: Db, authorization: unknown, ipAddress: string | null): Actor {
  if (typeof authorization !== 'string' || authorization.trim() === '')
    return { user: null, scopes: [], ipAddress };
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization.trim());
  if (!m) throw new GitAccessError(401, GIT_ACCESS_MESSAGES.unauthorized);
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const password = colon >= 0 ? decoded.slice(colon + 1) : '';
  if (!password) throw new GitAccessError(401, GIT_ACCESS_MESSAGES.unauthorized);
  const result = authenticateToken(db, password);
  // A deactivated user's token still authenticates; authorizeGitRequest then refuses with 403.
  if ('refused' in result && result.refused === 'blocked' && result.user?.state === 'deactivated')
    return { user: result.user, scopes: [], ipAddress };
  if ('refused' in result) throw new GitAccessError(401, GIT_ACCESS_MESSAGES.unauthorized);
  return { user: result.user, scopes: JSON.parse(result.token.scopes) as string[], ipAddress };
}

/** A project a git request may use, and its repository on disk. */
export interface GitTarget {
  project: ProjectRow;
  /** Absolute path of the bare repository. */
  repoPath: string;
}

/**
 * Check that the context's actor may run `service` on the project at `fullPath` (`group/sub/project`,
 * without `.git`), in GitLab's order: project visible, scopes, code read or push access, repository exists.
 * @throws GitAccessError 401 (anonymous and not allowed), 404 (not visible), 403 (visible, not allowed;
 *   or a deactivated user, whatever the project).
 */
export async function authorizeGitRequest(
  ctx: ServiceContext,
  fullPath: string,
  service: GitService,
): Promise<GitTarget> {
  const user = ctx.actor.user;
  if (user && user.state !== 'active') {
    if (user.state === 'deactivated') throw new GitAccessError(403, deactivatedMessage(ctx.externalUrl()));
    throw new GitAccessError(401, GIT_ACCESS_MESSAGES.unauthorized);
  }
  const anonymousRefusal = () => new GitAccessError(401, GIT_ACCESS_MESSAGES.unauthorized);
  const project = fullPath.includes('/') ? findProjectByIdOrPath(ctx.db, fullPath) : undefined;
  if (!project || !canReadProject(ctx.db, user, project)) {
    if (!user) throw anonymousRefusal();
    throw new GitAccessError(404, GIT_ACCESS_MESSAGES.projectNotFound);
  }
  if (service === 'git-upload-pack') {
    if (user && !GIT_SCOPES[service].some((s) => ctx.actor.scopes.includes(s)))
      throw new GitAccessError(403, GIT_ACCESS_MESSAGES.authDownload);
    try {
      requireCodeRead(ctx, project);
    } catch (err) {
      if (!(err instanceof ForbiddenError)) throw err;
      if (!user) throw anonymousRefusal();
      throw new GitAccessError(403, GIT_ACCESS_MESSAGES.download);
    }
  } else {
    if (!user) throw anonymousRefusal();
    if (!GIT_SCOPES[service].some((s) => ctx.actor.scopes.includes(s)))
      throw new GitAccessError(403, GIT_ACCESS_MESSAGES.authUpload);
    if (!isAdmin(user) && projectAccessLevel(ctx.db, user, project) < AccessLevel.Developer)
      throw new GitAccessError(403, GIT_ACCESS_MESSAGES.pushCode);
    if (project.archived === 1) throw new GitAccessError(403, GIT_ACCESS_MESSAGES.archived);
  }
  const repoPath = projectRepositoryPath(ctx, project);
  if (!(await repositoryExists(repoPath))) throw new GitAccessError(404, GIT_ACCESS_MESSAGES.noRepo);
  return { project, repoPath };
}
