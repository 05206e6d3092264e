/**
 * Token → user answers kept for a short while (issue 17): every API request presented a token and paid
 * two lookups (the token by digest, its user) before the route ran; a client polling a list paid them
 * each time for the same answer.
 *
 * Only successful authentications are kept (an unknown, revoked or expired token, or the token of a
 * blocked, banned or deactivated user, is looked up again every time), keyed by the token's SHA-256
 * digest (the plaintext token is never kept), and an entry is used only while all of these hold:
 * - the database's write generation (db/write-generation.ts) is the one the entry was read at: any write
 *   anywhere — a token revoked, rotated or given other scopes, a user blocked, banned, deactivated,
 *   deleted or made (no longer) an administrator, by this core or by another process — drops it at once;
 * - the token has not expired since (its `expires_at` is compared with today's date on every use);
 * - it is younger than {@link ACTOR_CACHE_MAX_AGE_MS} and than the token's next `last_used_at` update
 *   (GitLab records use at most every 10 minutes: that write still happens on time).
 * Sudo is not part of an entry: the sudo user is looked up per request (http/sudo.ts), with the cached
 * caller's current administrator flag and scopes.
 */
import type { TokenRow, UserRow } from '../db/users.js';

/** Longest an entry is used, even with no write at all. */
export const ACTOR_CACHE_MAX_AGE_MS = 60_000;
/** Tokens kept per core (least recently used dropped first). */
export const ACTOR_CACHE_MAX_ENTRIES = 1_024;
/** How often GitLab records a token's use (authenticate-token.ts). */
const LAST_USED_INTERVAL_MS = 10 * 60_000;

/** A successful authentication. */
export interface AuthenticatedToken {
  user: UserRow;
  token: TokenRow;
  /** The token's scopes, parsed once. */
  scopes: readonly string[];
}

interface Entry extends AuthenticatedToken {
  generation: string;
  /** Date.now() after which the entry is not used. */
  until: number;
}

/** The bounded token-digest → authentication map; pure (time and generation are passed in), unit-tested. */
export class ActorCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    readonly maxEntries = ACTOR_CACHE_MAX_ENTRIES,
    readonly maxAgeMs = ACTOR_CACHE_MAX_AGE_MS,
  ) {}

  /**
   * The authentication kept for `digest`, if it was read at `generation`, is younger than its limit at
   * `nowMs`, and its token is not expired on `today` (`YYYY-MM-DD`); else undefined (and dropped).
   */
  get(digest: string, generation: string, nowMs: number, today: string): AuthenticatedToken | undefined {
    const entry = this.entries.get(digest);
    if (!entry) return undefined;
    const expires = entry.token.expires_at;
    if (entry.generation !== generation || nowMs >= entry.until || (expires !== null && expires <= today)) {
      this.entries.delete(digest);
      return undefined;
    }
    // Most recently used last. A lone entry already is (and deleting it would shrink the map's table
    // only to grow it again, on every request of a single-token client).
    if (this.entries.size > 1) {
      this.entries.delete(digest);
      this.entries.set(digest, entry);
    }
    return entry;
  }

  /** Keep a successful authentication read at `generation` (at `nowMs`). */
  set(digest: string, generation: string, auth: AuthenticatedToken, nowMs: number): void {
    const lastUsed = auth.token.last_used_at ? Date.parse(auth.token.last_used_at) : Number.NaN;
    const nextUseRecord = Number.isNaN(lastUsed) ? nowMs : lastUsed + LAST_USED_INTERVAL_MS;
    const until = Math.min(nowMs + this.maxAgeMs, nextUseRecord);
    if (until <= nowMs) return;
    this.entries.delete(digest);
    this.entries.set(digest, { ...auth, generation, until });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
