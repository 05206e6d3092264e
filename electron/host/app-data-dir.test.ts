import { describe, expect, it } from 'vitest';
import { coreDataDir, findDataDirArg, hostDataDir, resolveAppDataDir } from './app-data-dir.js';

describe('resolveAppDataDir', () => {
  const home = '/home/ada';
  it('follows XDG on Linux', () => {
    expect(resolveAppDataDir(undefined, { platform: 'linux', env: {}, homedir: home })).toBe(
      '/home/ada/.local/share/outpost',
    );
    expect(
      resolveAppDataDir(undefined, { platform: 'linux', env: { XDG_DATA_HOME: '/data' }, homedir: home }),
    ).toBe('/data/outpost');
    // Relative XDG values are invalid per the spec and ignored.
    expect(
      resolveAppDataDir(undefined, { platform: 'linux', env: { XDG_DATA_HOME: 'rel' }, homedir: home }),
    ).toBe('/home/ada/.local/share/outpost');
  });

  it('uses Application Support on macOS and APPDATA on Windows', () => {
    expect(resolveAppDataDir(undefined, { platform: 'darwin', env: {}, homedir: home })).toBe(
      '/home/ada/Library/Application Support/Outpost',
    );
    expect(
      resolveAppDataDir(undefined, { platform: 'win32', env: { APPDATA: '/roaming' }, homedir: home }),
    ).toMatch(/roaming.Outpost$/);
  });

  it('prefers --data-dir, made absolute', () => {
    expect(resolveAppDataDir('/tmp/x', { platform: 'linux', env: {}, homedir: home })).toBe('/tmp/x');
    expect(resolveAppDataDir('rel/dir')).toBe(`${process.cwd()}/rel/dir`);
  });

  it('places the core and host folders inside', () => {
    expect(coreDataDir('/a')).toBe('/a/core');
    expect(hostDataDir('/a')).toBe('/a/host');
  });
});

describe('findDataDirArg', () => {
  it('reads both spellings and ignores a missing value', () => {
    expect(findDataDirArg(['/electron', '.', '--data-dir', '/d'])).toBe('/d');
    expect(findDataDirArg(['--data-dir=/e', '--x'])).toBe('/e');
    expect(findDataDirArg(['--data-dir', '--other'])).toBeUndefined();
    expect(findDataDirArg(['--data-dir='])).toBeUndefined();
    expect(findDataDirArg([])).toBeUndefined();
  });
});
