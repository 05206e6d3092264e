/**
 * Encrypts tokens at rest. Implemented by Electron's safeStorage (electron/main/safe-storage-cipher.ts)
 * and by a key file for the browser host (./key-file-cipher.ts). Implementations must throw rather
 * than ever return plaintext when encryption is unavailable.
 */
export interface SecretCipher {
  /** True when `encrypt`/`decrypt` can run. */
  isAvailable(): boolean;
  /** Ciphertext of `plain`. Throws when encryption is unavailable. */
  encrypt(plain: string): Buffer;
  /** Plaintext of a buffer made by `encrypt`. Throws when it was tampered with or made by another key. */
  decrypt(buf: Buffer): string;
}
