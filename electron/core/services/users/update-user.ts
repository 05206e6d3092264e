/** `PUT /users/:id` (doc/api/users.md §User modification; GitLab's Users::UpdateService). */
import { nowIso } from '../../db/database.js';
import { findNamespaceByFullPath, findUserNamespace, updateNamespace } from '../../db/namespaces.js';
import {
  findUserByEmail,
  findUserById,
  findUserByUsername,
  updateUser as updateUserRow,
} from '../../db/users.js';
import type { UserChanges, UserRow } from '../../db/users.js';
import type { ServiceContext } from '../context.js';
import { ConflictError, ValidationError } from '../errors.js';
import type { CreateUserInput } from './create-user.js';
import { hashPasswordSync } from './credentials.js';
import { pathProblem } from './namespace-path.js';
import { auditUser, loadUser } from './user-admin.js';

/** What `PUT /users/:id` may change: every attribute a user is created with, plus GitLab's profile fields. */
export interface UpdateUserInput extends Partial<CreateUserInput> {
  public_email?: string;
  skype?: string;
  linkedin?: string;
  twitter?: string;
  website_url?: string;
}

/**
 * Change a user's attributes (`PUT /users/:id`). A new username renames the personal namespace.
 * Each changed attribute is audited as change/from/to (a password change as "Changed password", no value).
 * @throws NotFoundError('User'); ConflictError 409 `Email has already been taken` /
 *   `Username has already been taken`; ValidationError 400 with field errors.
 */
export function updateUserByAdmin(ctx: ServiceContext, id: number, input: UpdateUserInput): UserRow {
  const user = loadUser(ctx, id);
  if (input.email !== undefined) {
    const other = findUserByEmail(ctx.db, input.email);
    if (other && other.id !== user.id) throw new ConflictError('Email has already been taken');
  }
  if (input.username !== undefined) {
    const other = findUserByUsername(ctx.db, input.username);
    const ns = findNamespaceByFullPath(ctx.db, input.username);
    if ((other && other.id !== user.id) || (ns && !(ns.kind === 'user' && ns.owner_id === user.id)))
      throw new ConflictError('Username has already been taken');
  }
  const errors: Record<string, string[]> = {};
  if (input.username !== undefined) {
    const problem = pathProblem(input.username);
    if (problem) errors.username = [problem];
  }
  if (input.email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(input.email)) errors.email = ['is invalid'];
  if (input.name !== undefined && input.name.trim() === '') errors.name = ["can't be blank"];
  if (input.password !== undefined && input.password.length < 8)
    errors.password = ['is too short (minimum is 8 characters)'];
  if (input.projects_limit !== undefined && input.projects_limit < 0)
    errors.projects_limit = ['must be greater than or equal to 0'];
  if (Object.keys(errors).length) throw new ValidationError('Validation failed', errors);

  const changes: UserChanges = {};
  const plain = [
    'username',
    'name',
    'email',
    'note',
    'bio',
    'location',
    'organization',
    'job_title',
    'public_email',
    'skype',
    'linkedin',
    'twitter',
    'website_url',
    'projects_limit',
  ] as const;
  for (const k of plain) {
    const v = input[k];
    if (v !== undefined && v !== user[k]) (changes as Record<string, unknown>)[k] = v;
  }
  const flags = { admin: 'is_admin', can_create_group: 'can_create_group', external: 'external' } as const;
  for (const [k, col] of Object.entries(flags) as [
    keyof typeof flags,
    (typeof flags)[keyof typeof flags],
  ][]) {
    const v = input[k];
    if (v !== undefined && (v ? 1 : 0) !== user[col]) changes[col] = v ? 1 : 0;
  }
  const passwordDigest = input.password !== undefined ? hashPasswordSync(input.password) : undefined;
  const at = nowIso();
  return ctx.db.transaction(() => {
    updateUserRow(
      ctx.db,
      user.id,
      passwordDigest ? { ...changes, password_digest: passwordDigest } : changes,
      at,
    );
    if (changes.username !== undefined) {
      const ns = findUserNamespace(ctx.db, user.id);
      if (ns)
        updateNamespace(
          ctx.db,
          ns.id,
          { name: changes.username, path: changes.username, full_path: changes.username },
          at,
        );
    }
    const after = findUserById(ctx.db, user.id)!;
    for (const [k, to] of Object.entries(changes)) {
      const from = user[k as keyof UserRow];
      auditUser(
        ctx,
        after,
        { change: k === 'is_admin' ? 'admin' : k, from, to: to as string | number },
        `user_${k}_updated`,
      );
    }
    if (passwordDigest)
      auditUser(ctx, after, { custom_message: 'Changed password' }, 'user_password_updated');
    return after;
  })();
}
