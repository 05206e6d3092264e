/**
 * Creating a user (doc/api/users.md §User creation: `POST /users`, administrators only at the route;
 * GitLab's Users::CreateService). The user's personal namespace is created with them and the change is
 * audited in the same transaction.
 */
import { nowIso } from '../../db/database.js';
import { findNamespaceByFullPath, insertNamespace } from '../../db/namespaces.js';
import { findUserByEmail, findUserById, findUserByUsername, insertUser } from '../../db/users.js';
import type { UserRow } from '../../db/users.js';
import { defaultProjectsLimit } from '../admin/gitlab-settings.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { ServiceContext } from '../context.js';
import { ConflictError, ValidationError } from '../errors.js';
import { hashPasswordSync } from './credentials.js';
import { pathProblem } from './namespace-path.js';

export interface CreateUserInput {
  username: string;
  name: string;
  email: string;
  password?: string;
  admin?: boolean;
  can_create_group?: boolean;
  projects_limit?: number;
  external?: boolean;
  note?: string;
  bio?: string;
  location?: string;
  organization?: string;
  job_title?: string;
}

/**
 * Create a user and their personal namespace (`POST /users`, admin only at the route). Unset
 * `projects_limit` takes the instance's `default_projects_limit` setting.
 * @throws ValidationError (400, field errors) for bad username/email/password; ConflictError (409)
 *   `Email has already been taken` / `Username has already been taken`.
 */
export function createUser(ctx: ServiceContext, input: CreateUserInput): UserRow {
  const errors: Record<string, string[]> = {};
  const usernameProblem = pathProblem(input.username);
  if (usernameProblem) errors.username = [usernameProblem];
  if (!/^[^\s@]+@[^\s@]+$/.test(input.email)) errors.email = ['is invalid'];
  if (input.password !== undefined && input.password.length < 8)
    errors.password = ['is too short (minimum is 8 characters)'];
  if (input.name.trim() === '') errors.name = ["can't be blank"];
  if (Object.keys(errors).length) throw new ValidationError('Validation failed', errors);
  if (findUserByEmail(ctx.db, input.email)) throw new ConflictError('Email has already been taken');
  if (findUserByUsername(ctx.db, input.username) || findNamespaceByFullPath(ctx.db, input.username)) {
    throw new ConflictError('Username has already been taken');
  }
  const at = nowIso();
  return ctx.db.transaction(() => {
    const id = insertUser(ctx.db, {
      username: input.username,
      name: input.name,
      email: input.email,
      password_digest: input.password ? hashPasswordSync(input.password) : null,
      is_admin: input.admin ? 1 : 0,
      can_create_group: input.can_create_group === false ? 0 : 1,
      projects_limit: input.projects_limit ?? defaultProjectsLimit(ctx.db),
      external: input.external ? 1 : 0,
      note: input.note ?? null,
      bio: input.bio ?? '',
      location: input.location ?? null,
      organization: input.organization ?? null,
      job_title: input.job_title ?? '',
      created_at: at,
    });
    insertNamespace(ctx.db, {
      name: input.username,
      path: input.username,
      full_path: input.username,
      kind: 'user',
      parent_id: null,
      owner_id: id,
      description: '',
      visibility: 'public',
      created_at: at,
    });
    const user = findUserById(ctx.db, id)!;
    recordAuditEvent(
      { ...ctx, actor: ctx.actor.user ? ctx.actor : { ...ctx.actor, user } },
      {
        entityType: 'User',
        entityId: id,
        entityPath: user.username,
        targetId: id,
        targetType: 'User',
        targetDetails: user.username,
        action: { add: 'user' },
        extra: { event_name: 'user_created', custom_message: `User ${user.username} created` },
      },
    );
    return user;
  })();
}
