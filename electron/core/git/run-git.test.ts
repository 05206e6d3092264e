import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitError, GitInvalidArgumentError, runGit } from './run-git.js';

describe('runGit', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-run-git-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('runs git and resolves to its output', async () => {
    await runGit(['init', '--bare', '-q', path.join(dir, 'ok.git')]);
    expect(
      (await runGit(['rev-parse', '--is-bare-repository'], { gitDir: path.join(dir, 'ok.git') })).trim(),
    ).toBe('true');
  });

  it.each([
    ['an argument', ['init', '--bare', '-q', path.join('x', 'nul\0.git')], {}],
    ['the git dir', ['rev-parse', 'HEAD'], { gitDir: '/tmp/a\0b' }],
    ['an environment value', ['version'], { env: { GIT_AUTHOR_NAME: 'a\0b' } }],
  ])(
    'refuses a NUL byte in %s without spawning git (a GitError, answered 400)',
    async (_what, args, opts) => {
      const before = Date.now();
      const err = await runGit(args, opts).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GitInvalidArgumentError);
      expect(err).toBeInstanceOf(GitError);
      expect((err as GitError).exitCode).toBe(null);
      expect((err as GitError).args.join(' ')).not.toContain('\0');
      expect(Date.now()).toBeGreaterThanOrEqual(before);
    },
  );

  it('creates nothing when the argument with a NUL byte names a path', async () => {
    const target = path.join(dir, 'made\0.git');
    await expect(runGit(['init', '--bare', '-q', target])).rejects.toBeInstanceOf(GitInvalidArgumentError);
    await expect(stat(path.join(dir, 'made'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
