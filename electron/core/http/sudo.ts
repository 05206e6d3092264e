/**
 * Sudo (doc/api/rest/authentication.md "Sudo"; GitLab 13.10's `API::Helpers#sudo!`): an administrator
 * whose personal access token has the `sudo` scope may run a request as another user by passing that
 * user's id or username as the `sudo` parameter (query string or body) or the `Sudo` header (the
 * parameter wins, as in GitLab). The request then runs with the other user's permissions; the token's
 * scopes still decide which routes it may call.
 *
 * Refusals, in GitLab's order (lib/api/helpers.rb `sudo!`: `unauthorized!` without a user,
 * `forbidden!('Must be admin to use sudo')`, then `validate_access_token!(scopes: [:sudo])`, whose
 * `InsufficientScopeError` API::APIGuard answers as below, then `not_found!("User with ID or username …")`):
 * - anonymous caller: 401 `{"message":"401 Unauthorized"}`;
 * - caller not an administrator: 403 `{"message":"403 Forbidden - Must be admin to use sudo"}`;
 * - token without `sudo`: 403 `{"error":"insufficient_scope", …, "scope":"sudo"}`;
 * - no such user: 404 `{"message":"404 User with ID or username '<id>' Not Found"}` (ids are digits,
 *   usernames match case-insensitively).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { findUserById, findUserByUsernameIgnoringCase } from '../db/users.js';
import type { UserRow } from '../db/users.js';
import { routeConfigOf } from './route-config.js';

/** The sudo identifier of a request: the `sudo` parameter, else the `Sudo` header; null when absent. */
export function sudoIdentifier(req: FastifyRequest): string | null {
  const param = req.gparams?.sudo;
  if (typeof param === 'string' && param !== '') return param;
  if (typeof param === 'number') return String(param);
  const header = req.headers.sudo;
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  return null;
}

/** GitLab's `find_user`: by id when the identifier is all digits, else by username (case-insensitive). */
export function findSudoUser(db: Db, identifier: string): UserRow | undefined {
  if (/^\d+$/.test(identifier)) {
    const id = Number(identifier);
    return Number.isSafeInteger(id) ? findUserById(db, id) : undefined;
  }
  return findUserByUsernameIgnoringCase(db, identifier);
}

/**
 * Switch the request's actor to the sudo user (see the module comment). Runs after parameters are
 * collected (a `preHandler`), so a `sudo` body parameter counts.
 * @returns false after sending the refusal; true when the request goes on (with or without sudo).
 */
export function applySudo(req: FastifyRequest, reply: FastifyReply): boolean {
  // Only the REST API knows sudo (not git over HTTP, not routes that read no token). Decided by the
  // route that matched (its registered pattern), not by the raw URL: the router decodes the path, so
  // `/api/%76%34/user` reaches `/api/v4/user` while its raw URL does not start with `/api/v4/`.
  const config = routeConfigOf(req);
  if (!config.url?.startsWith('/api/v4/') || config.auth === 'none') return true;
  const identifier = sudoIdentifier(req);
  if (identifier === null || !req.svc) return true;
  const actor = req.svc.actor;
  if (!actor.user) {
    void reply.status(401).send({ message: '401 Unauthorized' });
    return false;
  }
  if (actor.user.is_admin !== 1) {
    void reply.status(403).send({ message: '403 Forbidden - Must be admin to use sudo' });
    return false;
  }
  if (!actor.scopes.includes('sudo')) {
    void reply.status(403).send({
      error: 'insufficient_scope',
      error_description: 'The request requires higher privileges than provided by the access token.',
      scope: 'sudo',
    });
    return false;
  }
  const user = findSudoUser(req.svc.db, identifier);
  if (!user) {
    void reply.status(404).send({ message: `404 User with ID or username '${identifier}' Not Found` });
    return false;
  }
  req.svc = { ...req.svc, actor: { ...actor, user } };
  return true;
}
