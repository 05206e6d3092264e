/**
 * The real `git` client against a listening core, for the smart HTTP tests: an isolated HOME (no user
 * config, no credential helper), no system config, no prompts, a fixed identity. Runs git asynchronously:
 * the core answering it lives in the same process, so a synchronous spawn would deadlock.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** What a git command printed and how it exited. */
export interface GitRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A sandbox for git client commands (its own HOME). */
export interface GitClient {
  home: string;
  /** Run `git <args>` in `cwd`; never throws for a non-zero exit. */
  run(cwd: string, ...args: string[]): Promise<GitRun>;
  /** As `run`, throwing with git's stderr on a non-zero exit; resolves to trimmed stdout. */
  ok(cwd: string, ...args: string[]): Promise<string>;
  /** A fresh temp directory to clone into or work in. */
  tempDir(prefix?: string): Promise<string>;
}

/** Make a git client sandbox under a fresh temp HOME. */
export async function makeGitClient(): Promise<GitClient> {
  const home = await mkdtemp(path.join(os.tmpdir(), 'outpost-git-home-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    LANG: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '',
    GIT_AUTHOR_NAME: 'Grace Hopper',
    GIT_AUTHOR_EMAIL: 'grace@example.com',
    GIT_COMMITTER_NAME: 'Grace Hopper',
    GIT_COMMITTER_EMAIL: 'grace@example.com',
  };
  await writeFile(
    path.join(home, '.gitconfig'),
    '[init]\n\tdefaultBranch = main\n[advice]\n\tdetachedHead = false\n',
  );
  const run = (cwd: string, ...args: string[]) =>
    new Promise<GitRun>((resolve) => {
      execFile('git', args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
        const code = err
          ? typeof (err as { code?: unknown }).code === 'number'
            ? (err as { code: number }).code
            : 1
          : 0;
        resolve({ code, stdout, stderr });
      });
    });
  return {
    home,
    run,
    async ok(cwd, ...args) {
      const r = await run(cwd, ...args);
      if (r.code !== 0) throw new Error(`git ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
      return r.stdout.trim();
    },
    tempDir: (prefix = 'outpost-git-') => mkdtemp(path.join(os.tmpdir(), prefix)),
  };
}

/** `http://user:<token>@host:port/<fullPath>.git` (no credentials for a null token). */
export function cloneUrl(baseUrl: string, fullPath: string, token: string | null, user = 'oauth2'): string {
  const u = new URL(`${baseUrl}/${fullPath}.git`);
  if (token !== null) {
    u.username = user;
    u.password = token;
  }
  return u.toString();
}
