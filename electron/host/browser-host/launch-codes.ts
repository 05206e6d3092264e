/**
 * One-time launch codes of the browser host (issue 25, "The launch secret stays off command lines").
 * The per-launch secret never leaves the host process on a command line: the address a browser is
 * opened at (and the one `npm start` prints) carries only a code, `GET /launch?code=<code>`, which the
 * host exchanges once for an HttpOnly, SameSite=Strict cookie holding the secret, then redirects to `/`.
 * A code is single-use and short-lived; a used, expired or unknown code gets a page saying so, never the
 * cookie. `/proc/<pid>/cmdline` is world-readable (proc(5)), so anything on a command line is public to
 * every local user.
 */
import { createHash, randomBytes } from 'node:crypto';

/** Path of the exchange. */
export const LAUNCH_PATH = '/launch';
/** Query parameter carrying the code. */
export const LAUNCH_CODE_PARAM = 'code';
/** Default lifetime of a code handed to the app window (ms): it is used within seconds of the launch. */
export const DEFAULT_LAUNCH_CODE_TTL_MS = 60_000;
/**
 * Lifetime of the code in the address `npm start` prints (ms): long enough to copy it into a browser by
 * hand (`--no-open`, no display); it still opens the app only once. The terminal is the user's own.
 */
export const PRINTED_LAUNCH_CODE_TTL_MS = 10 * 60_000;

/**
 * Name of the session cookie on the host's `port`. Cookies are not kept apart by port (RFC 6265 §8.5),
 * so two hosts on one machine (two data dirs) each need their own name, or one would sign the other out.
 */
export function sessionCookieName(port: number): string {
  return `outpost-session-${port}`;
}

/**
 * The `Set-Cookie` value carrying the session: HttpOnly (page scripts can't read it), SameSite=Strict
 * (no other site's page or navigation sends it), Path=/, no Max-Age (it ends with the browser session;
 * a new launch has a new secret anyway). Not `Secure`: the host speaks plain HTTP on loopback.
 */
export function sessionCookie(port: number, secret: string): string {
  return `${sessionCookieName(port)}=${secret}; Path=/; HttpOnly; SameSite=Strict`;
}

/** What redeeming a code gave. */
export type RedeemOutcome = 'ok' | 'used' | 'expired' | 'unknown';

/** The live codes of one host. */
export interface LaunchCodes {
  /** A new code (32 random bytes, base64url), valid once for `ttlMs` (default 60 s). */
  issue(ttlMs?: number): string;
  /**
   * Uses `code`: `ok` the first time within its lifetime (it can never be used again), `used` after
   * that, `expired` after its lifetime, `unknown` for anything else (another launch's code, garbage).
   */
  redeem(code: unknown): RedeemOutcome;
  /** Resolves when `code` is redeemed, or with false when it expires unused (or is unknown). */
  settled(code: string): Promise<boolean>;
}

interface Entry {
  expiresAt: number;
  used: boolean;
  /** Forget the entry after this (used and expired codes are remembered a while, to say so). */
  forgetAt: number;
  settle?: (redeemed: boolean) => void;
  timer?: NodeJS.Timeout;
}

/** Codes are kept by hash, so the table holds nothing a heap dump could replay. */
const keyOf = (code: string): string => createHash('sha256').update(code).digest('base64url');

/**
 * The code table of one host. `now` is injectable for tests (ms clock). Codes are looked up by their
 * SHA-256, so the lookup's timing says nothing about a code's bytes.
 */
export function createLaunchCodes(now: () => number = Date.now): LaunchCodes {
  const entries = new Map<string, Entry>();
  const prune = () => {
    const t = now();
    for (const [key, entry] of entries) if (t >= entry.forgetAt) entries.delete(key);
  };
  const settle = (entry: Entry, redeemed: boolean) => {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = undefined;
    const done = entry.settle;
    entry.settle = undefined;
    done?.(redeemed);
  };
  return {
    issue(ttlMs = DEFAULT_LAUNCH_CODE_TTL_MS) {
      prune();
      const code = randomBytes(32).toString('base64url');
      const expiresAt = now() + ttlMs;
      entries.set(keyOf(code), { expiresAt, used: false, forgetAt: expiresAt + 10 * 60_000 });
      return code;
    },
    redeem(code) {
      prune();
      if (typeof code !== 'string' || code.length === 0 || code.length > 200) return 'unknown';
      const entry = entries.get(keyOf(code));
      if (!entry) return 'unknown';
      if (entry.used) return 'used';
      if (now() >= entry.expiresAt) {
        settle(entry, false);
        return 'expired';
      }
      entry.used = true;
      settle(entry, true);
      return 'ok';
    },
    settled(code) {
      const entry = entries.get(keyOf(code));
      if (!entry) return Promise.resolve(false);
      if (entry.used) return Promise.resolve(true);
      return new Promise((resolve) => {
        const previous = entry.settle;
        entry.settle = (redeemed) => {
          previous?.(redeemed);
          resolve(redeemed);
        };
        if (!entry.timer) {
          entry.timer = setTimeout(() => settle(entry, false), Math.max(0, entry.expiresAt - now()));
          entry.timer.unref();
        }
      });
    },
  };
}
