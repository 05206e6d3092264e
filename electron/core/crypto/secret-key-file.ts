/**
 * The core secret key file: `<dataDir>/core_secret.key`, 32 random bytes, created with mode 0600 on first
 * start and read on every later start. Losing it makes the stored cluster tokens and CI/CD variable
 * values unreadable, so it is never regenerated over an existing file.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { SECRET_KEY_BYTES } from './secret-box.js';

export const SECRET_KEY_FILE = 'core_secret.key';

/**
 * Read the key from `<dataDir>/core_secret.key`, creating it (exclusively, mode 0600) when missing.
 * @throws when the file exists with the wrong length or can't be read or created.
 */
export function loadOrCreateSecretKeySync(dataDir: string): Buffer {
  const file = path.join(dataDir, SECRET_KEY_FILE);
  let fd: number | null = null;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  if (fd !== null) {
    const key = randomBytes(SECRET_KEY_BYTES);
    try {
      writeSync(fd, key);
    } finally {
      closeSync(fd);
    }
    chmodSync(file, 0o600);
    return key;
  }
  const key = readFileSync(file);
  if (key.length === 0) {
    // A start that crashed between creating and writing the file: nothing can have been sealed with it yet.
    const fresh = randomBytes(SECRET_KEY_BYTES);
    writeFileSync(file, fresh, { mode: 0o600 });
    chmodSync(file, 0o600);
    return fresh;
  }
  if (key.length !== SECRET_KEY_BYTES) {
    throw new Error(`${file} must hold exactly ${SECRET_KEY_BYTES} bytes (found ${key.length}).`);
  }
  return key;
}
