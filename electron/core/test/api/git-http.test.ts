/**
 * Git's smart HTTP protocol against a listening core with the real `git` client (issue 10; git's
 * gitprotocol-http; GitLab's doc/topics/git/ and Gitlab::GitAccess / Gitlab::Checks messages): clone and
 * push over `http_url_to_repo` with a personal access token as the Basic password, the pre-receive checks
 * (protected branches, force pushes, tags, the read-only state of a storage move), and the post-receive
 * work (branches and tags visible through the API, pipelines, merge request diff versions and
 * merge_status, the force-push audit event, the default branch of an empty repository).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageMoveHooks } from '../../core-contract.js';
import { refs } from '../helpers/disk.js';
import { cloneUrl, makeGitClient } from '../helpers/git-http.js';
import type { GitClient } from '../helpers/git-http.js';
import { eventually } from '../helpers/pipelines.js';
import { addProjectMember, importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { auditEventsSince, lastAuditEventId } from '../helpers/secrets-on-disk.js';
import { Gate, shardsRoot } from '../helpers/storage-shards.js';
import { unprotectNewDefaultBranches } from '../helpers/default-branch-protection.js';
import { ROOT_TOKEN, createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type User = { id: number; username: string; token: string };

describe('git over HTTP', () => {
  let t: TestCore;
  let git: GitClient;
  let shards: string;
  let developer: User;
  let maintainer: User;
  const hooks: { current: StorageMoveHooks } = { current: {} };

  beforeAll(async () => {
    shards = await shardsRoot();
    t = await startTestCore({
      options: {
        storages: { second: path.join(shards, 'second') },
        storageMoveHooks: {
          beforeCopy: (m, s) => hooks.current.beforeCopy?.(m, s) ?? Promise.resolve(),
        },
      },
    });
    git = await makeGitClient();
    // These tests set their own protection rules on the default branch (see helpers/default-branch-protection.ts).
    await unprotectNewDefaultBranches(t);
    developer = await createUserWithToken(t, { scopes: ['write_repository'] });
    maintainer = await createUserWithToken(t, { scopes: ['api'] });
  });

  afterAll(async () => {
    await t.close();
    await rm(shards, { recursive: true, force: true });
    await rm(git.home, { recursive: true, force: true });
  });

  /** A fixture project (trunk, feature, v1.0) with the developer and maintainer as members. */
  async function project(
    name: string,
    visibility: 'private' | 'public' = 'private',
  ): Promise<ImportedProject> {
    const p = await importFixtureProject(t, name, { visibility });
    await addProjectMember(t, p.id, developer.id, 30);
    await addProjectMember(t, p.id, maintainer.id, 40);
    return p;
  }

  /** Clone `p` as `token` into a fresh directory; returns the work tree. */
  async function clone(p: { pathWithNamespace: string }, token: string | null): Promise<string> {
    const dir = await git.tempDir();
    await git.ok(dir, 'clone', '--quiet', cloneUrl(t.url, p.pathWithNamespace, token), 'work');
    return path.join(dir, 'work');
  }

  /** Write a file and commit it in `work`. */
  async function commit(
    work: string,
    file: string,
    content: string,
    message = `Change ${file}`,
  ): Promise<string> {
    await mkdir(path.dirname(path.join(work, file)), { recursive: true });
    await writeFile(path.join(work, file), content);
    await git.ok(work, 'add', file);
    await git.ok(work, 'commit', '--quiet', '-m', message);
    return git.ok(work, 'rev-parse', 'HEAD');
  }

  const branchHead = (p: ImportedProject, branch: string) =>
    refs(p.repo)
      .find((l) => l.startsWith(`refs/heads/${branch} `))
      ?.split(' ')[1];

  it('clones from http_url_to_repo and pushes a new branch and a tag the API then shows', async () => {
    const p = await project('Clone Push');
    const info = await t.api<{ http_url_to_repo: string }>('GET', `/projects/${p.id}`);
    expect(info.body.http_url_to_repo).toBe(`${t.url}/${p.pathWithNamespace}.git`);

    const work = await clone(p, developer.token);
    expect(await git.ok(work, 'rev-parse', 'HEAD')).toBe(p.trunk[2]);
    expect(await git.ok(work, 'rev-parse', 'origin/feature')).toBe(p.featureHead);

    await git.ok(work, 'checkout', '--quiet', '-b', 'topic');
    const sha = await commit(work, 'topic.txt', 'topic\n');
    const pushed = await git.run(work, 'push', 'origin', 'topic');
    expect(pushed.code).toBe(0);
    // GitLab's post-receive message, printed by git as remote: lines.
    expect(pushed.stderr).toContain('remote: To create a merge request for topic, visit:');
    expect(pushed.stderr).toContain(
      `remote:   ${p.webUrl}/-/merge_requests/new?merge_request%5Bsource_branch%5D=topic`,
    );
    const branch = await t.api<{ name: string; commit: { id: string } }>(
      'GET',
      `/projects/${p.id}/repository/branches/topic`,
    );
    expect(branch.status).toBe(200);
    expect(branch.body.commit.id).toBe(sha);

    await git.ok(work, 'tag', '-a', 'v2.0', '-m', 'Second release');
    await git.ok(work, 'push', '--quiet', 'origin', 'v2.0');
    const tag = await t.api<{ name: string; commit: { id: string } }>(
      'GET',
      `/projects/${p.id}/repository/tags/v2.0`,
    );
    expect(tag.status).toBe(200);
    expect(tag.body.commit.id).toBe(sha);

    // The path without `.git` works too (GitLab accepts both).
    const dir = await git.tempDir();
    const bare = cloneUrl(t.url, p.pathWithNamespace, developer.token).replace(/\.git$/, '');
    await git.ok(dir, 'clone', '--quiet', '--bare', bare, 'mirror.git');
    expect(await git.ok(path.join(dir, 'mirror.git'), 'rev-parse', 'topic')).toBe(sha);
    await t.core.idle();
  });

  it('serves projects in nested subgroups', async () => {
    let parent: number | undefined;
    for (const name of ['outer', 'middle', 'inner']) {
      const g = await t.api<{ id: number }>('POST', '/groups', {
        json: { name, path: `${name}-${Math.random().toString(36).slice(2, 7)}`, parent_id: parent },
      });
      expect(g.status, g.text).toBe(201);
      parent = g.body.id;
    }
    const p = await importFixtureProject(t, 'Deep', { namespace_id: parent });
    expect(p.pathWithNamespace.split('/')).toHaveLength(4);
    const work = await clone(p, ROOT_TOKEN);
    const sha = await commit(work, 'deep.txt', 'deep\n');
    await git.ok(work, 'push', '--quiet', 'origin', 'trunk');
    expect(branchHead(p, 'trunk')).toBe(sha);
    await t.core.idle();
  });

  it('refuses a push to a protected branch the pusher may not push to, changing nothing', async () => {
    const p = await project('Protected');
    const prot = await t.api('POST', `/projects/${p.id}/protected_branches`, {
      json: { name: 'trunk', push_access_level: 40, merge_access_level: 40 },
    });
    expect(prot.status).toBe(201);
    const work = await clone(p, developer.token);
    await commit(work, 'x.txt', 'x\n');
    const res = await git.run(work, 'push', 'origin', 'trunk');
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain(
      'remote: GitLab: You are not allowed to push code to protected branches on this project.',
    );
    expect(res.stderr).toMatch(/! \[remote rejected\] trunk -> trunk \(pre-receive hook declined\)/);
    expect(branchHead(p, 'trunk')).toBe(p.trunk[2]);

    // Deleting the default branch or a protected branch is refused too; the maintainer may push.
    const del = await git.run(work, 'push', 'origin', ':trunk');
    expect(del.stderr).toContain('GitLab: The default branch of a project cannot be deleted.');
    await t.api('POST', `/projects/${p.id}/protected_branches`, { json: { name: 'feature' } });
    const delFeature = await git.run(work, 'push', 'origin', ':feature');
    expect(delFeature.code).not.toBe(0);
    expect(delFeature.stderr).toContain(
      'GitLab: You are not allowed to delete protected branches from this project.',
    );
    expect(branchHead(p, 'feature')).toBe(p.featureHead);

    const hex = await git.run(work, 'push', 'origin', `HEAD:refs/heads/${'ab'.repeat(20)}`);
    expect(hex.stderr).toContain(
      'GitLab: You cannot create a branch with a 40-character hexadecimal branch name.',
    );

    const asMaintainer = await clone(p, maintainer.token);
    const sha = await commit(asMaintainer, 'm.txt', 'm\n');
    await git.ok(asMaintainer, 'push', '--quiet', 'origin', 'trunk');
    expect(branchHead(p, 'trunk')).toBe(sha);
    await t.core.idle();
  });

  it('refuses a force push to a protected branch until allow_force_push, then audits it', async () => {
    const p = await project('Force');
    await t.api('POST', `/projects/${p.id}/protected_branches`, {
      json: { name: 'trunk', push_access_level: 30, merge_access_level: 30 },
    });
    const work = await clone(p, developer.token);
    await git.ok(work, 'reset', '--quiet', '--hard', 'HEAD~1');
    const rewritten = await commit(work, 'rewrite.txt', 'rewritten history\n');
    const refused = await git.run(work, 'push', '--force', 'origin', 'trunk');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(
      'remote: GitLab: You are not allowed to force push code to a protected branch on this project.',
    );
    expect(refused.stderr).toContain('[remote rejected]');
    expect(branchHead(p, 'trunk')).toBe(p.trunk[2]);

    const patch = await t.api('PATCH', `/projects/${p.id}/protected_branches/trunk`, {
      json: { allow_force_push: true },
    });
    expect(patch.status).toBe(200);
    const before = lastAuditEventId(t.dataDir);
    await git.ok(work, 'push', '--quiet', '--force', 'origin', 'trunk');
    expect(branchHead(p, 'trunk')).toBe(rewritten);
    const events = auditEventsSince(t.dataDir, before).filter(
      (e) => e.d.event_name === 'force_push_protected_branch',
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.d).toMatchObject({
      target_type: 'ProtectedBranch',
      target_details: 'trunk',
      before: p.trunk[2],
      after: rewritten,
      author_name: `User ${developer.username}`,
    });
    // A fast-forward push on the same branch is not audited.
    const ff = await commit(work, 'ff.txt', 'ff\n');
    const mark = lastAuditEventId(t.dataDir);
    await git.ok(work, 'push', '--quiet', 'origin', 'trunk');
    expect(branchHead(p, 'trunk')).toBe(ff);
    expect(
      auditEventsSince(t.dataDir, mark).filter((e) => e.d.event_name === 'force_push_protected_branch'),
    ).toEqual([]);
    await t.core.idle();
  });

  it('refuses pushes and file API commits that change CODEOWNERS-owned paths when the rule requires code owner approval', async () => {
    const p = await project('Code Owners');
    // CODEOWNERS on the default branch, committed by the maintainer before protecting it.
    const setup = await clone(p, maintainer.token);
    await commit(
      setup,
      '.gitlab/CODEOWNERS',
      '# owners\n/docs/ @docs-team\n*.sql @dba\n^[Optional]\nREADME* @writers\n',
    );
    await git.ok(setup, 'push', '--quiet', 'origin', 'trunk');
    const prot = await t.api('POST', `/projects/${p.id}/protected_branches`, {
      json: {
        name: 'trunk',
        push_access_level: 30,
        merge_access_level: 30,
        code_owner_approval_required: true,
      },
    });
    expect(prot.status).toBe(201);
    expect(prot.body).toMatchObject({ code_owner_approval_required: true });

    const work = await clone(p, developer.token);
    const head = branchHead(p, 'trunk');
    await commit(work, 'docs/guide.md', 'guide\n');
    await commit(work, 'db/schema.sql', 'create table t();\n');
    const refused = await git.run(work, 'push', 'origin', 'trunk');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(
      'remote: GitLab: Pushes to protected branches that contain changes to files that match patterns defined in `CODEOWNERS` are disabled for this project.',
    );
    expect(refused.stderr).toContain('remote: - /docs/');
    expect(refused.stderr).toContain('remote: - *.sql');
    expect(refused.stderr).toMatch(/! \[remote rejected\] trunk -> trunk \(pre-receive hook declined\)/);
    expect(branchHead(p, 'trunk')).toBe(head);

    // Paths nobody owns (and optional sections) push fine; the same commits go to another branch freely.
    await git.ok(work, 'push', '--quiet', 'origin', 'HEAD:refs/heads/owned-changes');
    await git.ok(work, 'reset', '--quiet', '--hard', 'origin/trunk');
    const free = await commit(work, 'src/free.ts', 'export {};\n');
    await commit(work, 'README.md', 'Optional owners only\n');
    await git.ok(work, 'push', '--quiet', 'origin', 'trunk');
    expect(branchHead(p, 'trunk')).not.toBe(head);
    expect(free).toMatch(/^[0-9a-f]{40}$/);

    // The repository files API applies the same rule; the branch doesn't move.
    const before = branchHead(p, 'trunk');
    const api = await t.api('POST', `/projects/${p.id}/repository/files/docs%2Fnew.md`, {
      token: maintainer.token,
      json: { branch: 'trunk', content: 'new\n', commit_message: 'Add docs' },
    });
    expect(api.status).toBe(400);
    expect((api.body as { message: string }).message).toContain('- /docs/');
    expect(branchHead(p, 'trunk')).toBe(before);
    const unowned = await t.api('POST', `/projects/${p.id}/repository/files/src%2Fok.ts`, {
      token: maintainer.token,
      json: { branch: 'trunk', content: 'ok\n', commit_message: 'Add ok' },
    });
    expect(unowned.status).toBe(201);
    await t.core.idle();
  });

  it('only lets Maintainers change existing tags', async () => {
    const p = await project('Tags');
    const work = await clone(p, developer.token);
    const res = await git.run(work, 'push', 'origin', ':refs/tags/v1.0');
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('GitLab: You are not allowed to change existing tags on this project.');
    expect(refs(p.repo).some((l) => l.startsWith('refs/tags/v1.0 '))).toBe(true);
    const asMaintainer = await clone(p, maintainer.token);
    await git.ok(asMaintainer, 'push', '--quiet', 'origin', ':refs/tags/v1.0');
    expect(refs(p.repo).some((l) => l.startsWith('refs/tags/v1.0 '))).toBe(false);
  });

  it('refuses pushes while a storage move holds the repository read-only', async () => {
    const p = await project('Moving');
    const work = await clone(p, developer.token);
    await commit(work, 'during.txt', 'during the move\n');
    const gate = new Gate();
    hooks.current = { beforeCopy: (m, s) => (m.projectId === p.id ? gate.wait(s) : Promise.resolve()) };
    try {
      const move = await t.api('POST', `/projects/${p.id}/repository_storage_moves`, {
        json: { destination_storage_name: 'second' },
      });
      expect(move.status).toBe(201);
      await gate.arrived;
      const res = await git.run(work, 'push', 'origin', 'trunk');
      expect(res.code).not.toBe(0);
      expect(res.stderr).toContain(
        'remote: GitLab: The repository is temporarily read-only. Please try again later.',
      );
      expect(res.stderr).toContain('(pre-receive hook declined)');
    } finally {
      gate.open();
      hooks.current = {};
    }
    await t.core.idle();
    const after = await t.api<{ repository_storage: string }>('GET', `/projects/${p.id}`);
    expect(after.body.repository_storage).toBe('second');
    const trunk = await t.api<{ commit: { id: string } }>(
      'GET',
      `/projects/${p.id}/repository/branches/trunk`,
    );
    expect(trunk.body.commit.id).toBe(p.trunk[2]);
    // Once moved, the same push goes through to the new shard.
    const sha = await git.ok(work, 'rev-parse', 'HEAD');
    await git.ok(work, 'push', '--quiet', 'origin', 'trunk');
    const moved = await t.api<{ commit: { id: string } }>(
      'GET',
      `/projects/${p.id}/repository/branches/trunk`,
    );
    expect(moved.body.commit.id).toBe(sha);
    await t.core.idle();
  });

  it('clones public projects anonymously and asks for credentials on private ones', async () => {
    const pub = await project('Open Source', 'public');
    const work = await clone(pub, null);
    expect(await git.ok(work, 'rev-parse', 'HEAD')).toBe(pub.trunk[2]);
    // Anonymous push: 401, git has no credentials to offer.
    await commit(work, 'anon.txt', 'anon\n');
    const anonPush = await git.run(work, 'push', 'origin', 'trunk');
    expect(anonPush.code).not.toBe(0);
    expect(branchHead(pub, 'trunk')).toBe(pub.trunk[2]);

    const priv = await project('Closed');
    const dir = await git.tempDir();
    const anon = await git.run(dir, 'clone', cloneUrl(t.url, priv.pathWithNamespace, null), 'x');
    expect(anon.code).not.toBe(0);
    const res = await fetch(`${t.url}/${priv.pathWithNamespace}.git/info/refs?service=git-upload-pack`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Basic realm="GitLab"');
    // A missing project looks the same to anonymous callers, and is a 404 for signed-in ones.
    const missing = await fetch(`${t.url}/nobody/nothing.git/info/refs?service=git-upload-pack`);
    expect(missing.status).toBe(401);
    const basic = `Basic ${Buffer.from(`x:${developer.token}`).toString('base64')}`;
    const missingSignedIn = await fetch(`${t.url}/nobody/nothing.git/info/refs?service=git-upload-pack`, {
      headers: { authorization: basic },
    });
    expect(missingSignedIn.status).toBe(404);

    const wrong = await git.run(
      dir,
      'clone',
      cloneUrl(t.url, priv.pathWithNamespace, 'glpat-not-a-real-token'),
      'y',
    );
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain('Authentication failed');
    // Even a public project refuses a presented wrong token (git itself only sends credentials after a 401).
    const wrongPublic = await fetch(
      `${t.url}/${pub.pathWithNamespace}.git/info/refs?service=git-upload-pack`,
      {
        headers: { authorization: `Basic ${Buffer.from('x:glpat-wrong-wrong-wrong').toString('base64')}` },
      },
    );
    expect(wrongPublic.status).toBe(401);
  });

  it('refuses a guest of a private project and tokens without a repository scope', async () => {
    const p = await project('Scopes');
    const guest = await createUserWithToken(t, { scopes: ['api'] });
    await addProjectMember(t, p.id, guest.id, 10);
    const dir = await git.tempDir();
    const asGuest = await git.run(dir, 'clone', cloneUrl(t.url, p.pathWithNamespace, guest.token), 'g');
    expect(asGuest.code).not.toBe(0);
    const guestInfo = await fetch(`${t.url}/${p.pathWithNamespace}.git/info/refs?service=git-upload-pack`, {
      headers: { authorization: `Basic ${Buffer.from(`g:${guest.token}`).toString('base64')}` },
    });
    expect(guestInfo.status).toBe(403);
    expect(await guestInfo.text()).toContain('You are not allowed to download code from this project.');

    const readApi = await createUserWithToken(t, { scopes: ['read_api'] });
    await addProjectMember(t, p.id, readApi.id, 40);
    const readOnly = await createUserWithToken(t, { scopes: ['read_repository'] });
    await addProjectMember(t, p.id, readOnly.id, 40);
    // read_repository fetches but can't push; read_api can do neither.
    const work = await clone(p, readOnly.token);
    await commit(work, 'r.txt', 'r\n');
    const push = await git.run(work, 'push', 'origin', 'trunk');
    expect(push.code).not.toBe(0);
    await git.ok(work, 'remote', 'set-url', 'origin', cloneUrl(t.url, p.pathWithNamespace, readApi.token));
    const pushReadApi = await git.run(work, 'push', 'origin', 'trunk');
    expect(pushReadApi.code).not.toBe(0);
    const fetchReadApi = await git.run(work, 'fetch', 'origin');
    expect(fetchReadApi.code).not.toBe(0);
    expect(branchHead(p, 'trunk')).toBe(p.trunk[2]);
  });

  it('lets any signed-in user clone an internal project, and refuses pushes to archived projects', async () => {
    const p = await project('Internal');
    expect((await t.api('PUT', `/projects/${p.id}`, { json: { visibility: 'internal' } })).status).toBe(200);
    const outsider = await createUserWithToken(t, { scopes: ['read_repository'] });
    const work = await clone(p, outsider.token);
    expect(await git.ok(work, 'rev-parse', 'HEAD')).toBe(p.trunk[2]);
    const dir = await git.tempDir();
    expect((await git.run(dir, 'clone', cloneUrl(t.url, p.pathWithNamespace, null), 'anon')).code).not.toBe(
      0,
    );

    const mine = await clone(p, developer.token);
    await commit(mine, 'late.txt', 'late\n');
    expect((await t.api('PUT', `/projects/${p.id}`, { json: { archived: true } })).status).toBe(200);
    const res = await git.run(mine, 'push', 'origin', 'trunk');
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain("You can't push code to an archived project.");
    expect(branchHead(p, 'trunk')).toBe(p.trunk[2]);
    // Archived projects stay clonable.
    await clone(p, developer.token);
  });

  it('creates a push pipeline for pushed commits, none with -o ci.skip', async () => {
    const p = await project('Pipelines');
    const work = await clone(p, developer.token);
    const sha = await commit(work, '.gitlab-ci.yml', 'build:\n  script:\n    - echo built\n', 'Add CI');
    await git.ok(work, 'push', '--quiet', 'origin', 'trunk');
    await t.core.idle();
    const list = await t.api<{ id: number; sha: string; ref: string; source: string }[]>(
      'GET',
      `/projects/${p.id}/pipelines`,
    );
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ sha, ref: 'trunk', source: 'push' });

    const skipped = await commit(work, 'README.md', 'skip me\n');
    await git.ok(work, 'push', '--quiet', '-o', 'ci.skip', 'origin', 'trunk');
    await t.core.idle();
    expect(branchHead(p, 'trunk')).toBe(skipped);
    const again = await t.api<{ sha: string }[]>('GET', `/projects/${p.id}/pipelines`);
    expect(again.body.map((x) => x.sha)).toEqual([sha]);
  });

  it('records a new merge request diff version and re-checks merge_status after a push', async () => {
    const p = await project('Review');
    const mr = await t.api<{ iid: number }>('POST', `/projects/${p.id}/merge_requests`, {
      json: { source_branch: 'feature', target_branch: 'trunk', title: 'Feature' },
    });
    expect(mr.status).toBe(201);
    await t.core.idle();
    const mrPath = `/projects/${p.id}/merge_requests/${mr.body.iid}`;
    const versions = async () =>
      (await t.api<{ head_commit_sha: string }[]>('GET', `${mrPath}/versions`)).body;
    expect(await versions()).toHaveLength(1);
    const status = async () => (await t.api<{ merge_status: string }>('GET', mrPath)).body.merge_status;
    expect(
      await eventually('checked', async () => ((await status()) === 'can_be_merged' ? true : undefined)),
    );

    // trunk and feature change README.md differently: the merge request now conflicts.
    const work = await clone(p, developer.token);
    await commit(work, 'README.md', 'trunk side\n');
    await git.ok(work, 'push', '--quiet', 'origin', 'trunk');
    await git.ok(work, 'checkout', '--quiet', 'feature');
    const head = await commit(work, 'README.md', 'feature side\n');
    const pushed = await git.run(work, 'push', 'origin', 'feature');
    expect(pushed.code).toBe(0);
    expect(pushed.stderr).toContain('remote: View merge request for feature:');
    expect(pushed.stderr).toContain(`remote:   ${p.webUrl}/-/merge_requests/${mr.body.iid}`);
    await t.core.idle();
    const after = await eventually('a second version', async () => {
      const v = await versions();
      return v.length === 2 ? v : undefined;
    });
    expect(after[0]!.head_commit_sha).toBe(head);
    await eventually('cannot_be_merged', async () =>
      (await status()) === 'cannot_be_merged' ? true : undefined,
    );
  });

  it('makes the first pushed branch of an empty project its default branch', async () => {
    const created = await t.api<{ id: number; path_with_namespace: string; empty_repo: boolean }>(
      'POST',
      '/projects',
      {
        json: { name: 'Empty One', visibility: 'private' },
      },
    );
    expect(created.status).toBe(201);
    expect(created.body.empty_repo).toBe(true);
    const dir = await git.tempDir();
    await git.ok(dir, 'init', '--quiet', '-b', 'develop', 'src');
    const work = path.join(dir, 'src');
    const sha = await commit(work, 'a.txt', 'a\n');
    const url = cloneUrl(t.url, created.body.path_with_namespace, ROOT_TOKEN);
    await git.ok(work, 'push', '--quiet', url, 'develop');
    const info = await t.api<{ default_branch: string; empty_repo: boolean }>(
      'GET',
      `/projects/${created.body.id}`,
    );
    expect(info.body).toMatchObject({ default_branch: 'develop', empty_repo: false });
    const clone2 = await git.tempDir();
    await git.ok(clone2, 'clone', '--quiet', url, 'c');
    expect(await git.ok(path.join(clone2, 'c'), 'rev-parse', '--abbrev-ref', 'HEAD')).toBe('develop');
    expect(await git.ok(path.join(clone2, 'c'), 'rev-parse', 'HEAD')).toBe(sha);
    await t.core.idle();
  });

  it('accepts gzip-encoded request bodies and protocol v2', async () => {
    const p = await project('Gzip');
    const basic = `Basic ${Buffer.from(`x:${developer.token}`).toString('base64')}`;
    const pkt = (s: string) => `${(Buffer.byteLength(s) + 4).toString(16).padStart(4, '0')}${s}`;
    const body = Buffer.from(`${pkt('command=ls-refs\n')}0001${pkt('peel\n')}0000`);
    const post = (payload: Buffer, extra: Record<string, string>) =>
      fetch(`${t.url}/${p.pathWithNamespace}.git/git-upload-pack`, {
        method: 'POST',
        headers: {
          authorization: basic,
          'content-type': 'application/x-git-upload-pack-request',
          'git-protocol': 'version=2',
          ...extra,
        },
        body: payload,
      });
    const plain = await post(body, {});
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('application/x-git-upload-pack-result');
    expect(plain.headers.get('cache-control')).toContain('no-cache');
    const plainText = await plain.text();
    expect(plainText).toContain(`${p.trunk[2]} refs/heads/trunk`);
    const gz = await post(gzipSync(body), { 'content-encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(await gz.text()).toBe(plainText);

    // The v0 advertisement starts with the service line and a flush.
    const adv = await fetch(`${t.url}/${p.pathWithNamespace}.git/info/refs?service=git-receive-pack`, {
      headers: { authorization: basic },
    });
    expect(adv.headers.get('content-type')).toBe('application/x-git-receive-pack-advertisement');
    const text = await adv.text();
    expect(text.startsWith('001f# service=git-receive-pack\n0000')).toBe(true);
    expect(text).toContain('push-options');
    // The internal check refuses callers without the core's secret.
    const internal = await t.api('POST', '/internal/allowed', { json: { push_id: 'x', changes: '' } });
    expect(internal.status).toBe(401);
  });
});
