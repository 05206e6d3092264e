/**
 * The core's secret box: AES-256-GCM sealing for secrets kept at rest in SQLite (cluster API tokens,
 * instance CI/CD variable values). Each seal uses a fresh random 96-bit IV; the 128-bit auth tag makes any
 * tampering (or a wrong key) fail loudly on open. `purpose` is bound as additional authenticated data, so
 * a sealed value can't be moved to another column and opened there.
 *
 * Sealed form (text, safe for a TEXT column): `v1:` + base64(iv ‖ tag ‖ ciphertext).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;

/** Thrown when a sealed value can't be opened (wrong key, wrong purpose, corrupted or not sealed). */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export class SecretBox {
  readonly #key: Buffer;

  /** @throws SecretBoxError unless `key` is exactly 32 bytes. */
  constructor(key: Buffer) {
    if (key.length !== SECRET_KEY_BYTES) {
      throw new SecretBoxError(`The core secret key must be ${SECRET_KEY_BYTES} bytes, got ${key.length}.`);
    }
    this.#key = Buffer.from(key);
  }

  /** Seal `plaintext` for `purpose` (e.g. `clusters.token`). */
  seal(plaintext: string, purpose: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(purpose, 'utf8'));
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64');
  }

  /**
   * Open a value sealed for `purpose`.
   * @throws SecretBoxError when it was sealed with another key or purpose, or was altered.
   */
  open(sealed: string, purpose: string): string {
    if (!sealed.startsWith(VERSION)) throw new SecretBoxError('Not a sealed value.');
    const raw = Buffer.from(sealed.slice(VERSION.length), 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('Sealed value is truncated.');
    const iv = raw.subarray(0, IV_BYTES);
    const tag = raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
    const ct = raw.subarray(IV_BYTES + TAG_BYTES);
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(purpose, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ct), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError(
        'A stored secret could not be decrypted: the core secret key (core_secret.key) does not match the data.',
      );
    }
  }
}
