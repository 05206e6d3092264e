import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SecretBox, SecretBoxError } from './secret-box.js';
import { SECRET_KEY_FILE, loadOrCreateSecretKeySync } from './secret-key-file.js';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed', () => {
    for (const text of ['', 'kube-token-123', 'ünïcødé ✓ multi\nline', 'x'.repeat(10_000)]) {
      expect(box.open(box.seal(text, 'p'), 'p')).toBe(text);
    }
  });

  it('never shows the plaintext and uses a fresh IV every time', () => {
    const a = box.seal('the-plaintext-secret', 'p');
    const b = box.seal('the-plaintext-secret', 'p');
    expect(a).not.toBe(b);
    expect(a.startsWith('v1:')).toBe(true);
    expect(a).not.toContain('the-plaintext-secret');
    expect(Buffer.from(a.slice(3), 'base64').toString('latin1')).not.toContain('the-plaintext-secret');
  });

  it('refuses another purpose, another key, tampering and unsealed text', () => {
    const sealed = box.seal('secret', 'clusters.platform_token');
    expect(() => box.open(sealed, 'ci_instance_variables.value')).toThrow(SecretBoxError);
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'clusters.platform_token')).toThrow(
      /core secret key/,
    );
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw.writeUInt8(raw.readUInt8(raw.length - 1) ^ 1, raw.length - 1);
    expect(() => box.open(`v1:${raw.toString('base64')}`, 'clusters.platform_token')).toThrow(SecretBoxError);
    expect(() => box.open('secret', 'clusters.platform_token')).toThrow('Not a sealed value.');
    expect(() => box.open('v1:AAAA', 'clusters.platform_token')).toThrow('truncated');
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('loadOrCreateSecretKeySync', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('creates a 32-byte key file with mode 0600 once, then reads the same key', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'outpost-key-'));
    const key = loadOrCreateSecretKeySync(dir);
    const file = path.join(dir, SECRET_KEY_FILE);
    expect(key).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file).equals(key)).toBe(true);
    expect(loadOrCreateSecretKeySync(dir).equals(key)).toBe(true);
  });

  it('replaces an empty key file (a crash before the write) but refuses a wrong-sized one', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'outpost-key-'));
    const file = path.join(dir, SECRET_KEY_FILE);
    writeFileSync(file, '');
    expect(loadOrCreateSecretKeySync(dir)).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, 'short');
    expect(() => loadOrCreateSecretKeySync(dir)).toThrow(/exactly 32 bytes \(found 5\)/);
  });
});
