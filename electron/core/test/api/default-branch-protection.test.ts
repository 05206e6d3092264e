/**
 * Default branch protection (issue 15; doc/api/settings.md `default_branch_protection`,
 * doc/user/project/repository/branches/default.md "Protect initial default branches"; GitLab's
 * Projects::ProtectDefaultBranchService and Gitlab::Access::BranchProtection): for each value 0–4, a new
 * project's default branch — created with a README, by the first push over smart HTTP, by the first commit
 * of the repository files API, or by an administrator's import of a local repository — gets the protected
 * branch rule GitLab gives it (read back through GET /projects/:id/protected_branches, and audited), and
 * real `git push`es by a Developer and a Maintainer are accepted or refused accordingly.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDefaultBranchProtection } from '../helpers/default-branch-protection.js';
import { projectRepoPath, refs } from '../helpers/disk.js';
import { cloneUrl, makeGitClient } from '../helpers/git-http.js';
import type { GitClient } from '../helpers/git-http.js';
import { addProjectMember, importFixtureProject } from '../helpers/repository-projects.js';
import { auditEventsSince, lastAuditEventId } from '../helpers/secrets-on-disk.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type User = { id: number; username: string; token: string };

interface ProtectedBranchJson {
  name: string;
  allow_force_push: boolean;
  push_access_levels: { access_level: number }[];
  merge_access_levels: { access_level: number }[];
  unprotect_access_levels: { access_level: number }[];
}

/** The rule as compared here: name, push and merge levels, force push. */
interface Rule {
  name: string;
  push: number[];
  merge: number[];
  allow_force_push: boolean;
}

/** What GitLab's BranchProtection#to_hash gives each value (none for 0). */
function expectedRules(level: number, name: string): Rule[] {
  const levels: Record<number, [number, number] | null> = {
    0: null,
    1: [30, 40],
    2: [40, 40],
    3: [40, 30],
    4: [40, 40],
  };
  const l = levels[level];
  return l ? [{ name, push: [l[0]], merge: [l[1]], allow_force_push: false }] : [];
}

const PUSH_PROTECTED =
  'remote: GitLab: You are not allowed to push code to protected branches on this project.';
const FORCE_PUSH_PROTECTED =
  'remote: GitLab: You are not allowed to force push code to a protected branch on this project.';

describe('default branch protection', () => {
  let t: TestCore;
  let git: GitClient;
  let developer: User;
  let maintainer: User;
  let seq = 0;

  beforeAll(async () => {
    t = await startTestCore();
    git = await makeGitClient();
    developer = await createUserWithToken(t, { scopes: ['api'] });
    maintainer = await createUserWithToken(t, { scopes: ['api'] });
  });

  afterAll(async () => {
    await t.close();
    await rm(git.home, { recursive: true, force: true });
  });

  async function members(id: number): Promise<void> {
    await addProjectMember(t, id, developer.id, 30);
    await addProjectMember(t, id, maintainer.id, 40);
  }

  /** A new project of root (README on `main` when `readme`), with the developer and maintainer. */
  async function newProject(
    readme: boolean,
  ): Promise<{ id: number; pathWithNamespace: string; repo: string }> {
    seq += 1;
    const res = await t.api<{ id: number; path_with_namespace: string }>('POST', '/projects', {
      json: { name: `Protect ${seq}`, initialize_with_readme: readme },
    });
    expect(res.status, res.text).toBe(201);
    await members(res.body.id);
    const repo = projectRepoPath(t.dataDir, res.body.id);
    return { id: res.body.id, pathWithNamespace: res.body.path_with_namespace, repo };
  }

  async function rules(projectId: number): Promise<Rule[]> {
    const res = await t.api<ProtectedBranchJson[]>('GET', `/projects/${projectId}/protected_branches`);
    expect(res.status).toBe(200);
    return res.body.map((r) => ({
      name: r.name,
      push: r.push_access_levels.map((e) => e.access_level),
      merge: r.merge_access_levels.map((e) => e.access_level),
      allow_force_push: r.allow_force_push,
    }));
  }

  async function clone(p: { pathWithNamespace: string }, token: string): Promise<string> {
    const dir = await git.tempDir();
    await git.ok(dir, 'clone', '--quiet', cloneUrl(t.url, p.pathWithNamespace, token), 'work');
    return path.join(dir, 'work');
  }

  async function commit(work: string, file: string): Promise<string> {
    await mkdir(path.dirname(path.join(work, file)), { recursive: true });
    await writeFile(path.join(work, file), `${file} ${Math.random()}\n`);
    await git.ok(work, 'add', file);
    await git.ok(work, 'commit', '--quiet', '-m', `Change ${file}`);
    return git.ok(work, 'rev-parse', 'HEAD');
  }

  /** Replace the last commit (the next push of it is a force push). */
  async function rewrite(work: string): Promise<string> {
    await git.ok(work, 'commit', '--quiet', '--amend', '-m', 'Rewritten');
    return git.ok(work, 'rev-parse', 'HEAD');
  }

  const head = (repo: string, branch: string) =>
    refs(repo)
      .find((l) => l.startsWith(`refs/heads/${branch} `))
      ?.split(' ')[1];

  /** The `protected_branch_created` audit events of a project after `since`. */
  const createdEvents = (projectId: number, since: number) =>
    auditEventsSince(t.dataDir, since).filter(
      (e) => e.entity_id === projectId && e.d.event_name === 'protected_branch_created',
    );

  it('starts at 2 (fully protected) and takes 0–4 through PUT /application/settings', async () => {
    const res = await t.api<{ default_branch_protection: number }>('GET', '/application/settings');
    expect(res.body.default_branch_protection).toBe(2);
    const p = await newProject(true);
    expect(await rules(p.id)).toEqual(expectedRules(2, 'main'));
  });

  for (const level of [0, 1, 2, 3, 4]) {
    it(`value ${level}: a README project's main gets its rule; Developer and Maintainer pushes and force pushes follow it`, async () => {
      await setDefaultBranchProtection(t, level);
      const since = lastAuditEventId(t.dataDir);
      const p = await newProject(true);
      expect(await rules(p.id)).toEqual(expectedRules(level, 'main'));

      // The rule is audited like any other protection, on behalf of the project's creator (root).
      const events = createdEvents(p.id, since);
      expect(events.length).toBe(level === 0 ? 0 : 1);
      if (level !== 0) {
        expect(events[0]!.d).toMatchObject({
          target_type: 'ProtectedBranch',
          target_details: 'main',
          push_access_levels: level === 1 ? 'Developers + Maintainers' : 'Maintainers',
          allow_force_push: false,
        });
        expect(events[0]!.author_id).toBe(1);
      }

      // A Developer's push to main: only 0 and 1 let Developers push.
      const dev = await clone(p, developer.token);
      const devSha = await commit(dev, 'dev.txt');
      const devPush = await git.run(dev, 'push', 'origin', 'main');
      if (level <= 1) {
        expect(devPush.code, devPush.stderr).toBe(0);
        expect(head(p.repo, 'main')).toBe(devSha);
        // Force push: only 0 (no rule) allows it.
        const rewritten = await rewrite(dev);
        const force = await git.run(dev, 'push', '--force', 'origin', 'main');
        if (level === 0) {
          expect(force.code, force.stderr).toBe(0);
          expect(head(p.repo, 'main')).toBe(rewritten);
        } else {
          expect(force.code).not.toBe(0);
          expect(force.stderr).toContain(FORCE_PUSH_PROTECTED);
          expect(head(p.repo, 'main')).toBe(devSha);
        }
      } else {
        expect(devPush.code).not.toBe(0);
        expect(devPush.stderr).toContain(PUSH_PROTECTED);
        expect(head(p.repo, 'main')).not.toBe(devSha);
      }

      // A Maintainer pushes at every level; force pushes only without a rule.
      const mnt = await clone(p, maintainer.token);
      const mntSha = await commit(mnt, 'maintainer.txt');
      await git.ok(mnt, 'push', '--quiet', 'origin', 'main');
      expect(head(p.repo, 'main')).toBe(mntSha);
      const rewritten = await rewrite(mnt);
      const force = await git.run(mnt, 'push', '--force', 'origin', 'main');
      if (level === 0) {
        expect(force.code, force.stderr).toBe(0);
        expect(head(p.repo, 'main')).toBe(rewritten);
      } else {
        expect(force.stderr).toContain(FORCE_PUSH_PROTECTED);
        expect(head(p.repo, 'main')).toBe(mntSha);
      }
      await t.core.idle();
    });
  }

  for (const level of [0, 1, 2, 3, 4]) {
    it(`value ${level}: the first push into an empty project protects the branch it creates`, async () => {
      await setDefaultBranchProtection(t, level);
      const p = await newProject(false);
      expect(await rules(p.id)).toEqual([]);
      const work = await git.tempDir();
      await git.ok(work, 'init', '--quiet', '-b', 'main');
      await git.ok(work, 'remote', 'add', 'origin', cloneUrl(t.url, p.pathWithNamespace, developer.token));
      const first = await commit(work, 'first.txt');

      // Developers may push the first branch under 0, 1 and 4 ("after initial push"), not under 2 and 3.
      const devFirst = await git.run(work, 'push', 'origin', 'main');
      if (level === 2 || level === 3) {
        expect(devFirst.code).not.toBe(0);
        expect(devFirst.stderr).toContain(
          `remote: A default branch (e.g. main) does not yet exist for ${p.pathWithNamespace}`,
        );
        expect(devFirst.stderr).toContain(
          'remote: Ask a project Owner or Maintainer to create a default branch:',
        );
        expect(devFirst.stderr).toContain(`remote:   ${t.url}/${p.pathWithNamespace}/-/project_members`);
        expect(refs(p.repo).filter((l) => l.startsWith('refs/heads/'))).toEqual([]);
        expect(await rules(p.id)).toEqual([]);
        // A Maintainer may.
        await git.ok(work, 'push', '--quiet', cloneUrl(t.url, p.pathWithNamespace, maintainer.token), 'main');
      } else {
        expect(devFirst.code, devFirst.stderr).toBe(0);
      }
      expect(head(p.repo, 'main')).toBe(first);
      await t.core.idle();
      const project = await t.api<{ default_branch: string }>('GET', `/projects/${p.id}`);
      expect(project.body.default_branch).toBe('main');
      expect(await rules(p.id)).toEqual(expectedRules(level, 'main'));

      // The Developer's next push: allowed by 0 and 1 only (4 is fully protected once the branch exists).
      const next = await commit(work, 'second.txt');
      const devNext = await git.run(work, 'push', 'origin', 'main');
      if (level <= 1) {
        expect(devNext.code, devNext.stderr).toBe(0);
        expect(head(p.repo, 'main')).toBe(next);
      } else {
        expect(devNext.stderr).toContain(PUSH_PROTECTED);
        expect(head(p.repo, 'main')).toBe(first);
      }
      await t.core.idle();
    });
  }

  for (const level of [0, 1, 2, 3, 4]) {
    it(`value ${level}: an administrator's import of a local repository protects its default branch`, async () => {
      await setDefaultBranchProtection(t, level);
      const p = await importFixtureProject(t, `Imported ${level}`);
      await members(p.id);
      expect(await rules(p.id)).toEqual(expectedRules(level, 'trunk'));

      const dev = await clone(p, developer.token);
      const sha = await commit(dev, 'imported.txt');
      const push = await git.run(dev, 'push', 'origin', 'trunk');
      if (level <= 1) {
        expect(push.code, push.stderr).toBe(0);
        expect(head(p.repo, 'trunk')).toBe(sha);
      } else {
        expect(push.stderr).toContain(PUSH_PROTECTED);
        expect(head(p.repo, 'trunk')).toBe(p.trunk[2]);
        const mnt = await clone(p, maintainer.token);
        const mntSha = await commit(mnt, 'maintainer.txt');
        await git.ok(mnt, 'push', '--quiet', 'origin', 'trunk');
        expect(head(p.repo, 'trunk')).toBe(mntSha);
      }
      // Other imported branches stay unprotected.
      expect((await rules(p.id)).map((r) => r.name)).not.toContain('feature');
      await t.core.idle();
    });
  }

  describe('the first commit through the repository files API', () => {
    const createFile = (projectId: number, token: string, branch = 'main') =>
      t.api<{ file_path?: string; message?: string }>(
        'POST',
        `/projects/${projectId}/repository/files/${encodeURIComponent('docs/first.md')}`,
        { token, json: { branch, content: 'first\n', commit_message: 'First' } },
      );

    it('under 2 refuses a Developer (403, nothing written) and protects the branch a Maintainer creates', async () => {
      await setDefaultBranchProtection(t, 2);
      const p = await newProject(false);
      const refused = await createFile(p.id, developer.token);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        message: '403 Forbidden - You are not allowed to push into this branch',
      });
      expect(refs(p.repo).filter((l) => l.startsWith('refs/heads/'))).toEqual([]);
      expect(await rules(p.id)).toEqual([]);

      const made = await createFile(p.id, maintainer.token);
      expect(made.status, made.text).toBe(201);
      await t.core.idle();
      expect(await rules(p.id)).toEqual(expectedRules(2, 'main'));
      // Now main is protected: the Developer's next commit there is refused.
      const next = await t.api(
        'PUT',
        `/projects/${p.id}/repository/files/${encodeURIComponent('docs/first.md')}`,
        { token: developer.token, json: { branch: 'main', content: 'changed\n', commit_message: 'Change' } },
      );
      expect(next.status).toBe(403);
    });

    it('under 1 lets a Developer make the first commit, on any branch name, and protects that branch', async () => {
      await setDefaultBranchProtection(t, 1);
      const p = await newProject(false);
      const made = await createFile(p.id, developer.token, 'trunk');
      expect(made.status, made.text).toBe(201);
      await t.core.idle();
      const project = await t.api<{ default_branch: string }>('GET', `/projects/${p.id}`);
      expect(project.body.default_branch).toBe('trunk');
      expect(await rules(p.id)).toEqual(expectedRules(1, 'trunk'));
    });
  });

  it('creates no rule when one (a wildcard here) already matches the new default branch', async () => {
    await setDefaultBranchProtection(t, 2);
    const p = await newProject(false);
    const own = await t.api('POST', `/projects/${p.id}/protected_branches`, {
      json: { name: 'ma*', push_access_level: 30, merge_access_level: 30, allow_force_push: true },
    });
    expect(own.status).toBe(201);
    const since = lastAuditEventId(t.dataDir);
    const work = await git.tempDir();
    await git.ok(work, 'init', '--quiet', '-b', 'main');
    const sha = await commit(work, 'first.txt');
    await git.ok(work, 'push', '--quiet', cloneUrl(t.url, p.pathWithNamespace, maintainer.token), 'main');
    await t.core.idle();
    expect(head(p.repo, 'main')).toBe(sha);
    expect(await rules(p.id)).toEqual([{ name: 'ma*', push: [30], merge: [30], allow_force_push: true }]);
    expect(createdEvents(p.id, since)).toEqual([]);
  });

  it('changing the setting later leaves existing projects as they are', async () => {
    await setDefaultBranchProtection(t, 2);
    const p = await newProject(true);
    await setDefaultBranchProtection(t, 0);
    expect(await rules(p.id)).toEqual(expectedRules(2, 'main'));
    const q = await newProject(true);
    expect(await rules(q.id)).toEqual([]);
  });
});
