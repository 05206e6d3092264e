import { describe, expect, it } from 'vitest';
import { GITLAB_NEEDS_URL, suggestNameFromSource, toImportUrl } from './import-source.js';

describe('toImportUrl', () => {
  it('turns absolute local paths into file:// URLs', () => {
    expect(toImportUrl('/srv/git/app.git')).toEqual({ ok: true, url: 'file:///srv/git/app.git' });
    expect(toImportUrl('/home/me/my repo')).toEqual({ ok: true, url: 'file:///home/me/my%20repo' });
    expect(toImportUrl('C:\\repos\\app')).toEqual({ ok: true, url: 'file:///C:/repos/app' });
  });

  it('passes URLs through', () => {
    expect(toImportUrl('file:///srv/git/app')).toEqual({ ok: true, url: 'file:///srv/git/app' });
    expect(toImportUrl('https://gitlab.com/gitlab-org/gitlab.git')).toEqual({
      ok: true,
      url: 'https://gitlab.com/gitlab-org/gitlab.git',
    });
  });

  it('refuses what cannot be resolved', () => {
    expect(toImportUrl('')).toMatchObject({ ok: false });
    expect(toImportUrl('relative/path')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/absolute/),
    });
    expect(toImportUrl('~/code/app')).toMatchObject({ ok: false, error: expect.stringMatching(/full path/) });
    expect(toImportUrl('javascript://alert(1)')).toMatchObject({ ok: false });
  });
});

/** GitLab imports only http(s):// and git:// URLs (app/models/project.rb VALID_IMPORT_PROTOCOLS). */
describe('toImportUrl for GitLab', () => {
  it('passes http(s) and git URLs', () => {
    expect(toImportUrl('https://github.com/org/app.git', 'gitlab')).toEqual({
      ok: true,
      url: 'https://github.com/org/app.git',
    });
    expect(toImportUrl('git://git.example.com/app.git', 'gitlab')).toMatchObject({ ok: true });
  });

  it('refuses local paths, file:// and ssh:// with what GitLab needs', () => {
    for (const input of [
      '/srv/git/app.git',
      'C:\\repos\\app',
      'file:///srv/git/app',
      'ssh://git@host/app.git',
    ]) {
      expect(toImportUrl(input, 'gitlab')).toEqual({ ok: false, error: GITLAB_NEEDS_URL });
    }
  });
});

describe('suggestNameFromSource', () => {
  it('uses the last segment without .git', () => {
    expect(suggestNameFromSource('/srv/git/outpost.git/')).toBe('outpost');
    expect(suggestNameFromSource('file:///home/me/my%20repo')).toBe('my repo');
    expect(suggestNameFromSource('C:\\repos\\app')).toBe('app');
    expect(suggestNameFromSource('')).toBe('');
  });
});
