import { describe, expect, it } from 'vitest';
import { cloneCommands, cloneDirectory } from './clone-commands.js';

const url = 'http://127.0.0.1:3555/platform/web-shop.git';

describe('cloneCommands', () => {
  it('clones into the folder git creates', () => {
    expect(cloneCommands(url, 'main').clone).toEqual([`git clone ${url}`, 'cd web-shop']);
  });

  it('pushes an existing folder to the default branch', () => {
    expect(cloneCommands(url, 'trunk').pushFolder).toEqual([
      'git init --initial-branch=trunk',
      `git remote add origin ${url}`,
      'git add .',
      'git commit -m "Initial commit"',
      'git push --set-upstream origin trunk',
    ]);
  });

  it('uses main for a project without a default branch', () => {
    expect(cloneCommands(url, null).pushFolder[0]).toBe('git init --initial-branch=main');
    expect(cloneCommands(url, '').pushFolder.at(-1)).toBe('git push --set-upstream origin main');
  });

  it('re-points an existing repository and pushes every branch and tag', () => {
    expect(cloneCommands(url, 'main').pushRepository).toEqual([
      'git remote rename origin old-origin',
      `git remote add origin ${url}`,
      'git push --set-upstream origin --all',
      'git push --set-upstream origin --tags',
    ]);
  });
});

describe('cloneDirectory', () => {
  it.each([
    [url, 'web-shop'],
    ['https://gitlab.example.com/group/sub/app.git', 'app'],
    ['https://gitlab.example.com/group/app/', 'app'],
    ['', 'repository'],
  ])('%s → %s', (input, expected) => {
    expect(cloneDirectory(input)).toBe(expected);
  });
});
