import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BridgeError } from '../bridge-error.js';
import { createKeyFileCipher, VAULT_KEY_FILE } from './key-file-cipher.js';
import type { SecretCipher } from './secret-cipher.js';
import { openTokenVault, VAULT_FILE } from './token-vault.js';

const TOKEN = 'glpat-vault-test-token-0123456789';
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-vault-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('key-file cipher', () => {
  it('creates a 32-byte key with mode 0600 and reuses it', async () => {
    const a = await createKeyFileCipher(dir);
    const key = await readFile(join(dir, VAULT_KEY_FILE));
    expect(key).toHaveLength(32);
    expect((await stat(join(dir, VAULT_KEY_FILE))).mode & 0o777).toBe(0o600);
    const b = await createKeyFileCipher(dir);
    expect(b.decrypt(a.encrypt(TOKEN))).toBe(TOKEN);
    expect(await readFile(join(dir, VAULT_KEY_FILE))).toEqual(key);
  });

  it('uses a fresh IV per secret and never contains the plaintext', async () => {
    const cipher = await createKeyFileCipher(dir);
    const one = cipher.encrypt(TOKEN);
    const two = cipher.encrypt(TOKEN);
    expect(one.equals(two)).toBe(false);
    expect(one.toString('latin1')).not.toContain(TOKEN);
  });

  it('rejects tampered, truncated and foreign ciphertexts', async () => {
    const cipher = await createKeyFileCipher(dir);
    const buf = cipher.encrypt(TOKEN);
    const tampered = Buffer.from(buf);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] as number) ^ 1;
    expect(() => cipher.decrypt(tampered)).toThrow();
    expect(() => cipher.decrypt(buf.subarray(0, 10))).toThrow();
    const other = await createKeyFileCipher(join(dir, 'other'));
    expect(() => other.decrypt(buf)).toThrow();
  });

  it('refuses a damaged key file instead of replacing it', async () => {
    await writeFile(join(dir, VAULT_KEY_FILE), 'short');
    await expect(createKeyFileCipher(dir)).rejects.toThrow(/damaged/);
  });
});

describe('token vault', () => {
  it('round-trips per profile, persists encrypted with mode 0600', async () => {
    const cipher = await createKeyFileCipher(dir);
    const vault = await openTokenVault({ hostDir: dir, cipher, cipherId: 'key-file' });
    expect(await vault.get('embedded')).toBeNull();
    await vault.set('embedded', TOKEN);
    await vault.set('remote-1', 'other-token-value');
    expect(vault.has('embedded')).toBe(true);

    const file = await readFile(join(dir, VAULT_FILE), 'utf8');
    expect(file).not.toContain(TOKEN);
    expect((await stat(join(dir, VAULT_FILE))).mode & 0o777).toBe(0o600);

    const reopened = await openTokenVault({
      hostDir: dir,
      cipher: await createKeyFileCipher(dir),
      cipherId: 'key-file',
    });
    expect(await reopened.get('embedded')).toBe(TOKEN);
    expect(await reopened.get('remote-1')).toBe('other-token-value');
    await reopened.delete('remote-1');
    expect(reopened.has('remote-1')).toBe(false);
    const again = await openTokenVault({ hostDir: dir, cipher, cipherId: 'key-file' });
    expect(await again.get('remote-1')).toBeNull();
    expect(await again.get('__proto__')).toBeNull();
  });

  it('never stores plaintext when the cipher is unavailable', async () => {
    const unavailable: SecretCipher = {
      isAvailable: () => false,
      encrypt: () => {
        throw new Error('unavailable');
      },
      decrypt: () => {
        throw new Error('unavailable');
      },
    };
    const vault = await openTokenVault({ hostDir: dir, cipher: unavailable, cipherId: 'safe-storage' });
    await expect(vault.set('embedded', TOKEN)).rejects.toThrow(/never stores tokens in plaintext/);
    await expect(stat(join(dir, VAULT_FILE))).rejects.toThrow();
  });

  it('explains entries from another shell or an altered vault, without the token', async () => {
    const cipher = await createKeyFileCipher(dir);
    const vault = await openTokenVault({ hostDir: dir, cipher, cipherId: 'key-file' });
    await vault.set('embedded', TOKEN);
    const asElectron = await openTokenVault({ hostDir: dir, cipher, cipherId: 'safe-storage' });
    await expect(asElectron.get('embedded')).rejects.toThrow(/another Outpost shell/);

    const raw = JSON.parse(await readFile(join(dir, VAULT_FILE), 'utf8')) as {
      secrets: Record<string, { data: string }>;
    };
    (raw.secrets.embedded as { data: string }).data = Buffer.from(
      'garbage-garbage-garbage-garbage-x',
    ).toString('base64');
    await writeFile(join(dir, VAULT_FILE), JSON.stringify(raw));
    const altered = await openTokenVault({ hostDir: dir, cipher, cipherId: 'key-file' });
    const err = await altered.get('embedded').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect(String((err as Error).message)).not.toContain(TOKEN);
  });

  it('keeps every write when many happen at once', async () => {
    const cipher = await createKeyFileCipher(dir);
    const vault = await openTokenVault({ hostDir: dir, cipher, cipherId: 'key-file' });
    await Promise.all(Array.from({ length: 20 }, (_, i) => vault.set(`p${i}`, `token-${i}`)));
    const reopened = await openTokenVault({ hostDir: dir, cipher, cipherId: 'key-file' });
    for (let i = 0; i < 20; i++) expect(await reopened.get(`p${i}`)).toBe(`token-${i}`);
  });
});
