import type { SafeStorage } from 'electron';
import type { SecretCipher } from '../host/vault/secret-cipher.js';

/** The parts of Electron's safeStorage the cipher uses (injected, so tests need no Electron). */
export type SafeStorageLike = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'> &
  Partial<Pick<SafeStorage, 'getSelectedStorageBackend'>>;

/**
 * A `SecretCipher` over Electron's safeStorage (Keychain, DPAPI, libsecret/kwallet).
 * Unavailable, and refusing to encrypt, when safeStorage is unavailable or, on Linux, when it fell
 * back to the `basic_text` backend (a hard-coded key: no better than plaintext). Never stores plaintext.
 * Errors: `encrypt`/`decrypt` throw a clear Error when unavailable; `decrypt` throws on foreign data.
 */
export function createSafeStorageCipher(safeStorage: SafeStorageLike): SecretCipher {
  const isAvailable = (): boolean => {
    if (!safeStorage.isEncryptionAvailable()) return false;
    const backend = safeStorage.getSelectedStorageBackend?.();
    return backend !== 'basic_text' && backend !== 'unknown';
  };
  const unavailable = (): Error =>
    new Error(
      'Secure storage is not available (no OS keychain or secret service), and Outpost never stores tokens in plaintext. ' +
        'Install and unlock a keyring (e.g. GNOME Keyring or KWallet), or use the browser host.',
    );
  return {
    isAvailable,
    encrypt(plain) {
      if (!isAvailable()) throw unavailable();
      return safeStorage.encryptString(plain);
    },
    decrypt(buf) {
      if (!safeStorage.isEncryptionAvailable()) throw unavailable();
      return safeStorage.decryptString(buf);
    },
  };
}
