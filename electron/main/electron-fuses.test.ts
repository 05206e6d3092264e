/**
 * The Electron fuses of the packaged app (electron-builder.yml `electronFuses`, electron-builder's
 * FuseOptionsV1; Electron's docs/tutorial/fuses.md). The schema check in
 * scripts/electron-builder-config.test.ts proves the keys are known; this proves their values.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '..', '..');
const config = parse(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as {
  electronFuses?: Record<string, unknown>;
};

describe('electron-builder electronFuses', () => {
  it.each([
    ['runAsNode', false],
    ['enableCookieEncryption', true],
    ['enableNodeOptionsEnvironmentVariable', false],
    ['enableNodeCliInspectArguments', false],
    ['enableEmbeddedAsarIntegrityValidation', true],
    ['onlyLoadAppFromAsar', true],
    ['grantFileProtocolExtraPrivileges', false],
  ])('%s is %s', (fuse, value) => {
    expect(config.electronFuses?.[fuse]).toBe(value);
  });

  it('sets no fuse this test does not know (a new one is a deliberate choice)', () => {
    expect(Object.keys(config.electronFuses ?? {}).sort()).toEqual(
      [
        'enableCookieEncryption',
        'enableEmbeddedAsarIntegrityValidation',
        'enableNodeCliInspectArguments',
        'enableNodeOptionsEnvironmentVariable',
        'grantFileProtocolExtraPrivileges',
        'onlyLoadAppFromAsar',
        'runAsNode',
      ].sort(),
    );
  });
});
