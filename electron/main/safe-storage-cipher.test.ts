import { describe, expect, it } from 'vitest';
import { createSafeStorageCipher, type SafeStorageLike } from './safe-storage-cipher.js';

function fakeSafeStorage(available: boolean, backend?: string): SafeStorageLike {
  // Stands in for Electron's safeStorage, which cannot run outside Electron.
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain: string) => Buffer.from(`enc:${Buffer.from(plain).toString('base64')}`),
    decryptString: (buf: Buffer) => Buffer.from(buf.toString().slice(4), 'base64').toString(),
    ...(backend ? { getSelectedStorageBackend: () => backend as never } : {}),
  };
}

describe('safeStorage cipher', () => {
  it('encrypts and decrypts when available', () => {
    const cipher = createSafeStorageCipher(fakeSafeStorage(true, 'gnome_libsecret'));
    expect(cipher.isAvailable()).toBe(true);
    expect(cipher.decrypt(cipher.encrypt('tok'))).toBe('tok');
  });

  it('refuses (never plaintext) when unavailable or on the basic_text backend', () => {
    for (const storage of [fakeSafeStorage(false), fakeSafeStorage(true, 'basic_text')]) {
      const cipher = createSafeStorageCipher(storage);
      expect(cipher.isAvailable()).toBe(false);
      expect(() => cipher.encrypt('tok')).toThrow(/never stores tokens in plaintext/);
    }
  });
});
