import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SecretCipher } from './secret-cipher.js';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Format byte, so the layout can change later: v1 = AES-256-GCM, `1 | iv(12) | tag(16) | ciphertext`. */
const FORMAT_V1 = 1;

/** Name of the key file inside `<appData>/host`. */
export const VAULT_KEY_FILE = 'vault.key';

/**
 * Loads `<hostDir>/vault.key` (32 random bytes), creating it with mode 0600 on first use
 * (exclusive create, so two processes racing end up with the same key).
 * Errors: throws when the file exists but is not exactly 32 bytes (it never overwrites a key).
 */
export async function loadOrCreateVaultKey(hostDir: string): Promise<Buffer> {
  const keyPath = join(hostDir, VAULT_KEY_FILE);
  await mkdir(hostDir, { recursive: true, mode: 0o700 });
  try {
    await writeFile(keyPath, randomBytes(KEY_BYTES), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  await chmod(keyPath, 0o600);
  const key = await readFile(keyPath);
  if (key.length !== KEY_BYTES) {
    throw new Error(
      `The vault key ${keyPath} is damaged (expected ${KEY_BYTES} bytes). Move it away to start over.`,
    );
  }
  return key;
}

/**
 * A `SecretCipher` for the browser host: AES-256-GCM under the key in `<hostDir>/vault.key`,
 * a random 12-byte IV per secret, the 16-byte auth tag checked on decrypt.
 * Errors: `decrypt` throws on a short, tampered or foreign buffer.
 */
export async function createKeyFileCipher(hostDir: string): Promise<SecretCipher> {
  const key = await loadOrCreateVaultKey(hostDir);
  return {
    isAvailable: () => true,
    encrypt(plain: string): Buffer {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([FORMAT_V1]), iv, cipher.getAuthTag(), body]);
    },
    decrypt(buf: Buffer): string {
      if (buf.length < 1 + IV_BYTES + TAG_BYTES || buf[0] !== FORMAT_V1) {
        throw new Error('Not a vault ciphertext.');
      }
      const iv = buf.subarray(1, 1 + IV_BYTES);
      const tag = buf.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(buf.subarray(1 + IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
