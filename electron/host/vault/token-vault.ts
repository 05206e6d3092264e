import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../atomic-write.js';
import { BridgeError } from '../bridge-error.js';
import type { SecretCipher } from './secret-cipher.js';

/** Name of the vault file inside `<appData>/host`. */
export const VAULT_FILE = 'vault.json';

/** On disk: `{ version: 1, secrets: { [profileId]: { cipher, data: base64 } } }`, mode 0600. */
interface VaultFile {
  version: 1;
  secrets: Record<string, { cipher: string; data: string }>;
}

/** Tokens per connection profile, encrypted at rest. Tokens are never logged. */
export interface TokenVault {
  /** The token of `profileId`, or null when none is stored. Throws a BridgeError when it can't be decrypted. */
  get(profileId: string): Promise<string | null>;
  /** True when a token is stored for `profileId` (no decryption). */
  has(profileId: string): boolean;
  /** Encrypts and stores `token`. Throws when the cipher is unavailable (never stores plaintext). */
  set(profileId: string, token: string): Promise<void>;
  /** Forgets the token of `profileId` (no-op when none). */
  delete(profileId: string): Promise<void>;
}

/** Options of `openTokenVault`. */
export interface TokenVaultOptions {
  /** `<appData>/host`. */
  hostDir: string;
  cipher: SecretCipher;
  /**
   * Names the cipher in each entry ('safe-storage' in Electron, 'key-file' in the browser host), so a
   * token stored by the other shell gives a clear message instead of a decryption failure.
   */
  cipherId: string;
}

/**
 * Opens `<hostDir>/vault.json` (an empty vault when missing). Writes are serialized and atomic
 * (temp file + rename, mode 0600).
 * Errors: throws when vault.json exists but is not valid JSON of the expected shape.
 */
export async function openTokenVault({ hostDir, cipher, cipherId }: TokenVaultOptions): Promise<TokenVault> {
  const filePath = join(hostDir, VAULT_FILE);
  const state = await readVaultFile(filePath);
  let writing: Promise<void> = Promise.resolve();

  const persist = (): Promise<void> => {
    const snapshot = JSON.stringify(state, null, 2);
    writing = writing.catch(() => undefined).then(() => writeFileAtomic(filePath, snapshot, 0o600));
    return writing;
  };

  return {
    async get(profileId) {
      const entry = Object.hasOwn(state.secrets, profileId) ? state.secrets[profileId] : undefined;
      if (!entry) return null;
      if (entry.cipher !== cipherId) {
        throw new BridgeError(
          'internal',
          `The token of this profile was saved by another Outpost shell (${entry.cipher}); add the token again here.`,
        );
      }
      try {
        return cipher.decrypt(Buffer.from(entry.data, 'base64'));
      } catch {
        throw new BridgeError(
          'internal',
          'The stored token could not be decrypted (the vault key changed or the vault was altered); add the token again.',
        );
      }
    },
    has(profileId) {
      return Object.hasOwn(state.secrets, profileId);
    },
    async set(profileId, token) {
      if (!cipher.isAvailable()) {
        throw new BridgeError(
          'internal',
          'Secure storage is not available on this system, and Outpost never stores tokens in plaintext.',
        );
      }
      const data = cipher.encrypt(token).toString('base64');
      state.secrets[profileId] = { cipher: cipherId, data };
      await persist();
    },
    async delete(profileId) {
      if (!Object.hasOwn(state.secrets, profileId)) return;
      delete state.secrets[profileId];
      await persist();
    },
  };
}

async function readVaultFile(filePath: string): Promise<VaultFile> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, secrets: {} };
    throw err;
  }
  const parsed = JSON.parse(text) as Partial<VaultFile>;
  if (parsed.version !== 1 || typeof parsed.secrets !== 'object' || parsed.secrets === null) {
    throw new Error(`${filePath} is not an Outpost vault (version 1).`);
  }
  const secrets: VaultFile['secrets'] = Object.create(null);
  for (const [id, entry] of Object.entries(parsed.secrets)) {
    if (entry && typeof entry.cipher === 'string' && typeof entry.data === 'string') secrets[id] = entry;
  }
  return { version: 1, secrets };
}
