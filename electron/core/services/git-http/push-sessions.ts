/**
 * Pushes in flight: the core opens a session when `POST …/git-receive-pack` starts, the pre-receive
 * hook's call to `POST /api/v4/internal/allowed` names it by id (GitLab's internal API identifies the
 * push by `gl_id`/`gl_repository`; here a random id the hook receives in `OUTPOST_PUSH_ID`), and the
 * post-receive work reads what the hook accepted once receive-pack has exited. In memory only: a push
 * never outlives the HTTP request that carries it.
 */
import { randomUUID } from 'node:crypto';
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';
import type { CheckedChange } from './ref-changes.js';

/** One push being received. */
export interface PushSession {
  readonly id: string;
  /** The pusher's context (actor = the token's user). */
  readonly ctx: ServiceContext;
  readonly project: ProjectRow;
  /** Absolute path of the bare repository. */
  readonly repoPath: string;
  /** The repository had no branch before this push (the first branch pushed becomes the default). */
  readonly wasEmpty: boolean;
  /** The ref updates the pre-receive check accepted; null until the hook has asked. */
  accepted: CheckedChange[] | null;
  /** `git push -o …` values, in order. */
  pushOptions: string[];
}

/** The open push sessions of one core. */
export class PushSessions {
  private readonly sessions = new Map<string, PushSession>();

  /** Open a session with a fresh random id. */
  open(init: Omit<PushSession, 'id' | 'accepted' | 'pushOptions'>): PushSession {
    const session: PushSession = { ...init, id: randomUUID(), accepted: null, pushOptions: [] };
    this.sessions.set(session.id, session);
    return session;
  }

  /** The open session with `id`, or undefined (unknown, finished, or not a string). */
  get(id: unknown): PushSession | undefined {
    return typeof id === 'string' ? this.sessions.get(id) : undefined;
  }

  /** Forget a finished push. */
  close(id: string): void {
    this.sessions.delete(id);
  }
}
