/**
 * Project and group members (doc/api/members.md). Reading needs read access to the source; adding,
 * changing and removing need Maintainer or above, and only Owners (or administrators) may grant,
 * change or remove the Owner level. A group always keeps at least one Owner.
 */
import { ACCESS_LEVEL_NAMES, AccessLevel, MEMBER_ACCESS_LEVELS } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import {
  countMembers,
  countOwners,
  listMembersOfSources,
  deleteMember,
  findMember,
  insertMember,
  listMembers as listMemberRows,
  updateMember as updateMemberRow,
} from '../../db/members.js';
import type { MemberRow, MemberSource } from '../../db/members.js';
import { findAncestorIds, findNamespaceById } from '../../db/namespaces.js';
import type { NamespaceRow } from '../../db/namespaces.js';
import type { ProjectRow } from '../../db/projects.js';
import { findUserById, findUsersByIds } from '../../db/users.js';
import type { UserRow } from '../../db/users.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { AuditEventInput } from '../audit/record-audit-event.js';
import { isAdmin, namespaceAccessLevel, projectAccessLevel } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { ConflictError, ForbiddenError, NotFoundError, ParameterError, ValidationError } from '../errors.js';

/** A project or a group, as a member source. */
export type MembershipTarget =
  { kind: 'Project'; project: ProjectRow } | { kind: 'Namespace'; group: NamespaceRow };

function sourceId(t: MembershipTarget): number {
  return t.kind === 'Project' ? t.project.id : t.group.id;
}

function sourceType(t: MembershipTarget): MemberSource {
  return t.kind;
}

function actorLevel(ctx: ServiceContext, t: MembershipTarget): number {
  if (isAdmin(ctx.actor.user)) return AccessLevel.Owner;
  return t.kind === 'Project'
    ? projectAccessLevel(ctx.db, ctx.actor.user, t.project)
    : namespaceAccessLevel(ctx.db, ctx.actor.user, t.group);
}

function auditEntity(ctx: ServiceContext, t: MembershipTarget) {
  if (t.kind === 'Namespace') {
    return { entityType: 'Group' as const, entityId: t.group.id, entityPath: t.group.full_path };
  }
  const ns = findNamespaceById(ctx.db, t.project.namespace_id)!;
  return {
    entityType: 'Project' as const,
    entityId: t.project.id,
    entityPath: `${ns.full_path}/${t.project.path}`,
  };
}

/** Records a membership audit event of the group or project `t` whose target is the member `user`. */
function recordMemberAuditEvent(
  ctx: ServiceContext,
  t: MembershipTarget,
  user: UserRow,
  action: AuditEventInput['action'],
  extra: AuditEventInput['extra'],
): void {
  recordAuditEvent(ctx, {
    ...auditEntity(ctx, t),
    targetId: user.id,
    targetType: 'User',
    targetDetails: user.username,
    action,
    extra,
  });
}

function checkLevel(level: number): void {
  if (!(MEMBER_ACCESS_LEVELS as readonly number[]).includes(level)) {
    throw new ParameterError('access_level does not have a valid value');
  }
}

function checkExpiry(expiresAt: string | null | undefined): void {
  if (expiresAt === null || expiresAt === undefined) return;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expiresAt) || Number.isNaN(Date.parse(expiresAt))) {
    throw new ParameterError('expires_at is invalid');
  }
  if (expiresAt < nowIso().slice(0, 10)) {
    throw new ValidationError('Validation failed', { expires_at: ['cannot be a date in the past'] });
  }
}

/** Page of direct members with their users. */
export function listMembers(
  ctx: ServiceContext,
  t: MembershipTarget,
  query: string | undefined,
  limit: number,
  offset: number,
): { total: number; items: { member: MemberRow; user: UserRow }[] } {
  const total = countMembers(ctx.db, sourceType(t), sourceId(t), query);
  const rows = listMemberRows(ctx.db, sourceType(t), sourceId(t), query, limit, offset);
  return { total, items: rows.map((member) => ({ member, user: findUserById(ctx.db, member.user_id)! })) };
}

/**
 * A page of direct and inherited members (`GET …/members/all`, doc/api/members.md §List all members
 * of a group or project including inherited members): the project's own members and those of every
 * ancestor group. A user who is a member at several levels appears once, with their highest access
 * level (the nearest source on a tie). `query` matches username or name (case-insensitive), `userIds`
 * keeps only those users. Ordered by user id.
 */
export function listAllMembers(
  ctx: ServiceContext,
  t: MembershipTarget,
  filter: { query?: string; userIds?: number[] },
  limit: number,
  offset: number,
): { total: number; items: { member: MemberRow; user: UserRow }[] } {
  const nsId =
    t.kind === 'Project'
      ? (() => {
          const ns = findNamespaceById(ctx.db, t.project.namespace_id);
          return ns?.kind === 'group' ? ns.id : null;
        })()
      : t.group.id;
  // Nearest source first: the project, then the group chain upwards.
  const sources: { type: MemberSource; id: number }[] = [
    ...(t.kind === 'Project' ? [{ type: 'Project' as const, id: t.project.id }] : []),
    ...(nsId !== null ? findAncestorIds(ctx.db, nsId).map((id) => ({ type: 'Namespace' as const, id })) : []),
  ];
  const rank = new Map(sources.map((s, i) => [`${s.type}:${s.id}`, i]));
  const best = new Map<number, MemberRow>();
  for (const m of listMembersOfSources(ctx.db, sources)) {
    const prev = best.get(m.user_id);
    const nearer = (a: MemberRow, b: MemberRow) =>
      rank.get(`${a.source_type}:${a.source_id}`)! < rank.get(`${b.source_type}:${b.source_id}`)!;
    if (
      !prev ||
      m.access_level > prev.access_level ||
      (m.access_level === prev.access_level && nearer(m, prev))
    )
      best.set(m.user_id, m);
  }
  const users = findUsersByIds(ctx.db, [...best.keys()]);
  const q = filter.query?.toLowerCase();
  const wanted = filter.userIds ? new Set(filter.userIds) : null;
  const all = [...best.values()]
    .map((member) => ({ member, user: users.get(member.user_id)! }))
    .filter(({ user }) => user !== undefined)
    .filter(({ user }) => !wanted || wanted.has(user.id))
    .filter(
      ({ user }) => !q || user.username.toLowerCase().includes(q) || user.name.toLowerCase().includes(q),
    )
    .sort((a, b) => a.user.id - b.user.id);
  return { total: all.length, items: all.slice(offset, offset + limit) };
}

/**
 * One direct member.
 * @throws NotFoundError('Member')
 */
export function getMember(
  ctx: ServiceContext,
  t: MembershipTarget,
  userId: number,
): { member: MemberRow; user: UserRow } {
  const member = findMember(ctx.db, sourceType(t), sourceId(t), userId);
  if (!member) throw new NotFoundError('Member');
  return { member, user: findUserById(ctx.db, userId)! };
}

/**
 * Add a member (`POST …/members`).
 * @throws ForbiddenError; NotFoundError('User'); ConflictError('Member already exists'); ParameterError for a bad level.
 */
export function addMember(
  ctx: ServiceContext,
  t: MembershipTarget,
  input: { user_id: number; access_level: number; expires_at?: string | null },
): { member: MemberRow; user: UserRow } {
  checkLevel(input.access_level);
  checkExpiry(input.expires_at);
  const mine = actorLevel(ctx, t);
  if (mine < AccessLevel.Maintainer) throw new ForbiddenError();
  if (input.access_level > mine)
    throw new ForbiddenError('You cannot grant an access level higher than your own');
  const user = findUserById(ctx.db, input.user_id);
  if (!user) throw new NotFoundError('User');
  if (findMember(ctx.db, sourceType(t), sourceId(t), user.id))
    throw new ConflictError('Member already exists');
  const at = nowIso();
  return ctx.db.transaction(() => {
    const id = insertMember(ctx.db, {
      source_type: sourceType(t),
      source_id: sourceId(t),
      user_id: user.id,
      access_level: input.access_level,
      expires_at: input.expires_at ?? null,
      created_by_id: ctx.actor.user?.id ?? null,
      created_at: at,
    });
    recordMemberAuditEvent(
      ctx,
      t,
      user,
      {
        add: 'user_access',
        as: ACCESS_LEVEL_NAMES[input.access_level] ?? String(input.access_level),
      },
      { event_name: 'member_created' },
    );
    const member = findMember(ctx.db, sourceType(t), sourceId(t), user.id)!;
    return { member: { ...member, id }, user };
  })();
}

/**
 * Change a member's access level or expiry (`PUT …/members/:user_id`).
 * @throws NotFoundError('Member'); ForbiddenError; ValidationError when the last group Owner would be demoted.
 */
export function updateMember(
  ctx: ServiceContext,
  t: MembershipTarget,
  userId: number,
  input: { access_level: number; expires_at?: string | null },
): { member: MemberRow; user: UserRow } {
  checkLevel(input.access_level);
  checkExpiry(input.expires_at);
  const { member, user } = getMember(ctx, t, userId);
  const mine = actorLevel(ctx, t);
  if (mine < AccessLevel.Maintainer) throw new ForbiddenError();
  if (
    (member.access_level === AccessLevel.Owner || input.access_level === AccessLevel.Owner) &&
    mine < AccessLevel.Owner
  ) {
    throw new ForbiddenError();
  }
  if (
    t.kind === 'Namespace' &&
    member.access_level === AccessLevel.Owner &&
    input.access_level !== AccessLevel.Owner &&
    countOwners(ctx.db, 'Namespace', t.group.id) <= 1
  ) {
    throw new ValidationError('Validation failed', {
      access_level: ['A group must have at least one owner'],
    });
  }
  const expiresAt = input.expires_at === undefined ? member.expires_at : input.expires_at;
  return ctx.db.transaction(() => {
    updateMemberRow(ctx.db, member.id, input.access_level, expiresAt, nowIso());
    // GitLab (AuditEventService#for_member :update) audits a changed role or expiry date, both in one event.
    if (member.access_level !== input.access_level || member.expires_at !== expiresAt) {
      recordMemberAuditEvent(
        ctx,
        t,
        user,
        {
          change: 'access_level',
          from: ACCESS_LEVEL_NAMES[member.access_level] ?? null,
          to: ACCESS_LEVEL_NAMES[input.access_level] ?? null,
        },
        { event_name: 'member_updated', expiry_from: member.expires_at, expiry_to: expiresAt },
      );
    }
    return { member: findMember(ctx.db, sourceType(t), sourceId(t), userId)!, user };
  })();
}

/**
 * Remove a member (`DELETE …/members/:user_id`). Members may remove themselves.
 * @throws NotFoundError('Member'); ForbiddenError; ValidationError for the last group Owner.
 */
export function removeMember(ctx: ServiceContext, t: MembershipTarget, userId: number): void {
  const { member, user } = getMember(ctx, t, userId);
  const self = ctx.actor.user?.id === userId;
  const mine = actorLevel(ctx, t);
  if (!self && mine < AccessLevel.Maintainer) throw new ForbiddenError();
  if (!self && member.access_level === AccessLevel.Owner && mine < AccessLevel.Owner)
    throw new ForbiddenError();
  if (
    t.kind === 'Namespace' &&
    member.access_level === AccessLevel.Owner &&
    countOwners(ctx.db, 'Namespace', t.group.id) <= 1
  ) {
    throw new ValidationError('Validation failed', { base: ['A group must have at least one owner'] });
  }
  ctx.db.transaction(() => {
    deleteMember(ctx.db, member.id);
    recordMemberAuditEvent(ctx, t, user, { remove: 'user_access' }, { event_name: 'member_destroyed' });
  })();
}
