/**
 * Token and password primitives. Personal access tokens look like GitLab's (`glpat-` + 20 characters)
 * and are stored only as SHA-256 hex digests; passwords as scrypt digests.
 */
import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A new random personal access token (`glpat-` + 20 URL-safe characters, 120 bits). */
export function generateToken(): string {
  const bytes = randomBytes(20);
  let s = '';
  for (const b of bytes) s += TOKEN_ALPHABET[b & 63];
  return `glpat-${s}`;
}

/** SHA-256 hex digest under which a token is stored and looked up. */
export function digestToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** `scrypt$<salt b64>$<hash b64>` for a password. */
export function hashPasswordSync(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Constant-time check of a password against a digest from `hashPasswordSync`. */
export function verifyPasswordSync(password: string, digest: string): boolean {
  const [kind, saltB64, hashB64] = digest.split('$');
  if (kind !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const actual = scryptSync(password, Buffer.from(saltB64, 'base64'), expected.length);
  return timingSafeEqual(expected, actual);
}
