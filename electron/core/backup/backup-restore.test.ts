/**
 * Online backup and restore against real parts: a listening core on a temp data dir with projects on
 * two shards (one inside the data dir, one external), commits pushed through the API WHILE the backup
 * runs, a restore into a fresh dir, and a second core started on the restored data.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitDir, openCoreDatabase } from '../test/helpers/disk.js';
import { shardRepoPath } from '../test/helpers/storage-shards.js';
import { startTestCore } from '../test/helpers/test-core.js';
import type { TestCore } from '../test/helpers/test-core.js';
import { backupDataDir, BackupError } from './backup-data-dir.js';
import type { BackupManifest } from './manifest.js';
import { BackupManifestError, MANIFEST_FILE } from './manifest.js';
import type { BackupProgress } from './progress.js';
import { restoreDataDir, RestoreError } from './restore-data-dir.js';

interface Project {
  id: number;
  path_with_namespace: string;
}

let tmp: string;
let external: string;
let t: TestCore;
const projects: Project[] = [];

function auditCount(dataDir: string): number {
  const db = openCoreDatabase(dataDir);
  try {
    return (db.prepare('SELECT count(*) AS n FROM audit_events').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function branchHeads(core: TestCore, projectId: number): Promise<Record<string, string>> {
  const res = await core.api<{ name: string; commit: { id: string } }[]>(
    'GET',
    `/projects/${projectId}/repository/branches?per_page=100`,
  );
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.map((b) => [b.name, b.commit.id]));
}

async function commitFile(core: TestCore, projectId: number, branch: string, n: number): Promise<void> {
  const res = await core.api(
    'POST',
    `/projects/${projectId}/repository/files/${encodeURIComponent(`f/${n}.txt`)}`,
    {
      json: { branch, content: `change ${n}\n`, commit_message: `change ${n}` },
    },
  );
  if (res.status !== 201) throw new Error(`commit failed: ${res.status} ${res.text}`);
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'outpost-backup-'));
  external = path.join(tmp, 'external-shard');
  await mkdir(external);
  t = await startTestCore({
    dataDir: path.join(tmp, 'data'),
    options: { storages: { external, secondary: path.join(tmp, 'data', 'repositories', 'secondary') } },
  });
  for (const name of ['alpha', 'beta', 'gamma']) {
    const res = await t.api<Project>('POST', '/projects', { json: { name, initialize_with_readme: true } });
    expect(res.status).toBe(201);
    projects.push(res.body);
    await commitFile(t, res.body.id, 'main', 0);
    expect(
      (
        await t.api('POST', `/projects/${res.body.id}/repository/branches`, {
          json: { branch: 'topic', ref: 'main' },
        })
      ).status,
    ).toBe(201);
  }
  // gamma lives on the external shard, beta on the in-data-dir "secondary" one.
  for (const [p, shard] of [
    [projects[2]!, 'external'],
    [projects[1]!, 'secondary'],
  ] as const) {
    const move = await t.api('POST', `/projects/${p.id}/repository_storage_moves`, {
      json: { destination_storage_name: shard },
    });
    expect(move.status).toBe(201);
  }
  await t.core.idle();
  expect(existsSync(shardRepoPath(external, projects[2]!.id))).toBe(true);
  // A sealed secret: readable after restore only if the secret key came along.
  const variable = await t.api('POST', '/admin/ci/variables', {
    json: { key: 'DEPLOY_TOKEN', value: 'sealed-value-123', masked: true },
  });
  expect(variable.status).toBe(201);
  const counter = await t.api('POST', '/admin/ci/variables', { json: { key: 'COUNTER', value: '0' } });
  expect(counter.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await t?.stop();
  await rm(tmp, { recursive: true, force: true });
});

describe('backupDataDir + restoreDataDir on a running core', () => {
  let manifest: BackupManifest;
  let before: { heads: Record<number, Record<string, string>>; audit: number };
  let after: { audit: number };
  const lines: BackupProgress[] = [];
  let writerCommits = 0;

  it('backs up while the core keeps committing, and writes a manifest last', async () => {
    before = { heads: {}, audit: auditCount(t.dataDir) };
    for (const p of projects) before.heads[p.id] = await branchHeads(t, p.id);

    let writing = true;
    const writer = (async () => {
      let n = 1;
      while (writing) {
        for (const p of projects) await commitFile(t, p.id, n % 2 ? 'main' : 'topic', n);
        // An audited change (ci_instance_variable_updated) in every round.
        const put = await t.api('PUT', '/admin/ci/variables/COUNTER', { json: { value: String(n) } });
        if (put.status !== 200) throw new Error(`variable update failed: ${put.status} ${put.text}`);
        writerCommits += projects.length;
        n += 1;
      }
    })();
    // Let the writer get going, so the snapshot lands in the middle of its commits.
    while (writerCommits < 6) await new Promise((r) => setTimeout(r, 20));
    manifest = await backupDataDir({
      dataDir: t.dataDir,
      destination: path.join(tmp, 'backup'),
      storages: { external },
      onProgress: (p) => lines.push(p),
    });
    const duringBackup = writerCommits;
    // Keep writing a little after the backup so the live instance is ahead of it.
    while (writerCommits < duringBackup + 6) await new Promise((r) => setTimeout(r, 20));
    writing = false;
    await writer;
    after = { audit: auditCount(t.dataDir) };

    expect(manifest.format).toBe('outpost-backup');
    expect(manifest.projects.map((p) => p.full_path).sort()).toEqual(
      projects.map((p) => p.path_with_namespace).sort(),
    );
    expect(manifest.projects.every((p) => !p.missing)).toBe(true);
    expect(manifest.database.audit_event_count).toBeGreaterThanOrEqual(before.audit);
    expect(manifest.database.audit_event_count).toBeLessThan(after.audit);
    expect(manifest.storages.find((s) => s.name === 'external')).toEqual({
      name: 'external',
      location: 'external',
      relative_path: null,
    });
    expect(manifest.storages.find((s) => s.name === 'secondary')?.relative_path).toBe(
      'repositories/secondary',
    );
    expect(manifest.files).toContain('core_secret.key');
    const onDisk = JSON.parse(
      await readFile(path.join(tmp, 'backup', MANIFEST_FILE), 'utf8'),
    ) as BackupManifest;
    expect(onDisk.projects.length).toBe(3);
    expect((await stat(path.join(tmp, 'backup'))).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(tmp, 'backup', 'outpost.sqlite'))).mode & 0o777).toBe(0o600);
    expect(lines.map((l) => l.phase)).toEqual(
      expect.arrayContaining(['database', 'repositories', 'files', 'done']),
    );
    expect(lines.at(-1)?.phase).toBe('done');
    // Branch heads in the backup are those from before the backup or newer commits on top of them.
    for (const p of manifest.projects) {
      const mirror = path.join(tmp, 'backup', ...p.backup_path.split('/'));
      for (const [branch, sha] of Object.entries(before.heads[p.id]!)) {
        const backedUp = p.refs[`refs/heads/${branch}`];
        expect(backedUp).toBeDefined();
        execFileSync('git', [`--git-dir=${mirror}`, 'merge-base', '--is-ancestor', sha, backedUp!]);
      }
      expect(p.head).toBe('refs/heads/main');
    }
  }, 180_000);

  it('restores into a fresh dir that a core starts on, with every project, branch and audit event', async () => {
    const restoredDir = path.join(tmp, 'restored');
    const restoredExternal = path.join(tmp, 'restored-external');
    // The external shard needs a path; without one the restore refuses before writing anything.
    await expect(restoreDataDir({ backup: path.join(tmp, 'backup'), dataDir: restoredDir })).rejects.toThrow(
      /storage "external".*--storage external=PATH/,
    );
    expect(existsSync(restoredDir)).toBe(false);

    const restoreLines: BackupProgress[] = [];
    await restoreDataDir({
      backup: path.join(tmp, 'backup'),
      dataDir: restoredDir,
      storages: { external: restoredExternal },
      onProgress: (p) => restoreLines.push(p),
    });
    expect(restoreLines.at(-1)?.phase).toBe('done');
    expect((await stat(path.join(restoredDir, 'core_secret.key'))).mode & 0o777).toBe(0o600);
    expect((await stat(restoredDir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(restoredDir, 'outpost.sqlite'))).mode & 0o777).toBe(0o600);

    const r = await startTestCore({
      dataDir: restoredDir,
      options: {
        storages: {
          external: restoredExternal,
          secondary: path.join(restoredDir, 'repositories', 'secondary'),
        },
      },
    });
    try {
      const list = await r.api<Project[]>('GET', '/projects?per_page=100');
      expect(list.body.map((p) => p.path_with_namespace).sort()).toEqual(
        projects.map((p) => p.path_with_namespace).sort(),
      );
      // The audit log as of the snapshot: everything from before the backup, nothing half-written.
      expect(auditCount(restoredDir)).toBe(manifest.database.audit_event_count);
      expect(auditCount(restoredDir)).toBeGreaterThan(before.audit);
      for (const p of manifest.projects) {
        const heads = await branchHeads(r, p.id);
        // Exactly the refs the manifest recorded…
        for (const [ref, sha] of Object.entries(p.refs))
          if (ref.startsWith('refs/heads/')) expect(heads[ref.slice('refs/heads/'.length)]).toBe(sha);
        // …every branch head of before the backup is there (or has newer commits on top of it)…
        const shard =
          p.repository_storage === 'external'
            ? restoredExternal
            : path.join(restoredDir, 'repositories', p.repository_storage);
        const repo = shardRepoPath(shard, p.id);
        for (const [branch, sha] of Object.entries(before.heads[p.id]!))
          execFileSync('git', [`--git-dir=${repo}`, 'merge-base', '--is-ancestor', sha, heads[branch]!]);
        // …and the repository is whole.
        gitDir(repo, 'fsck', '--full', '--strict');
        expect(() => gitDir(repo, 'config', '--get-regexp', '^remote\\.')).toThrow(); // no origin left
      }
      // The sealed variable opens with the restored secret key.
      const v = await r.api<{ value: string }>('GET', '/admin/ci/variables/DEPLOY_TOKEN');
      expect(v.status).toBe(200);
      expect(v.body.value).toBe('sealed-value-123');
      // The restored instance takes writes.
      await commitFile(r, projects[0]!.id, 'main', 9999);
    } finally {
      await r.stop();
    }
  }, 180_000);

  it('refuses a non-empty data dir, a non-backup, and a non-empty destination, changing nothing', async () => {
    const busy = path.join(tmp, 'busy');
    await mkdir(busy);
    await writeFile(path.join(busy, 'keep.txt'), 'x');
    await expect(
      restoreDataDir({ backup: path.join(tmp, 'backup'), dataDir: busy, storages: { external } }),
    ).rejects.toThrow(RestoreError);
    await expect(readFile(path.join(busy, 'keep.txt'), 'utf8')).resolves.toBe('x');

    await expect(restoreDataDir({ backup: busy, dataDir: path.join(tmp, 'never') })).rejects.toThrow(
      BackupManifestError,
    );
    expect(existsSync(path.join(tmp, 'never'))).toBe(false);

    await expect(backupDataDir({ dataDir: t.dataDir, destination: busy })).rejects.toThrow(/not empty/);
    await expect(
      backupDataDir({ dataDir: t.dataDir, destination: path.join(t.dataDir, 'inside') }),
    ).rejects.toThrow(BackupError);
    // The external shard isn't under the data dir: without --storage the backup can't find gamma.
    const noShard = path.join(tmp, 'no-shard');
    await expect(backupDataDir({ dataDir: t.dataDir, destination: noShard })).rejects.toThrow(
      /storage "external"/,
    );
    expect(existsSync(path.join(noShard, MANIFEST_FILE))).toBe(false);
  }, 60_000);
});

describe('a storage move that finishes during the backup', () => {
  it('mirrors the repository from its new shard and restores it where the snapshot puts it', async () => {
    const { Gate } = await import('../test/helpers/storage-shards.js');
    const gate = new Gate();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-backup-move-'));
    const other = path.join(dir, 'other');
    const core = await startTestCore({
      dataDir: path.join(dir, 'data'),
      options: {
        storages: { other },
        storageMoveHooks: { beforeCopy: (_move, signal) => gate.wait(signal) },
      },
    });
    try {
      const p = await core.api<Project>('POST', '/projects', {
        json: { name: 'mover', initialize_with_readme: true },
      });
      expect(p.status).toBe(201);
      const heads = await branchHeads(core, p.body.id);
      const move = await core.api('POST', `/projects/${p.body.id}/repository_storage_moves`, {
        json: { destination_storage_name: 'other' },
      });
      expect(move.status).toBe(201);
      await gate.arrived; // the move started: the project is still on `default`

      const manifest = await backupDataDir({
        dataDir: core.dataDir,
        destination: path.join(dir, 'backup'),
        storages: { other },
        afterSnapshot: async () => {
          gate.open();
          await core.core.idle(); // the move switches the project and removes the `default` copy
          expect(
            existsSync(shardRepoPath(path.join(core.dataDir, 'repositories', 'default'), p.body.id)),
          ).toBe(false);
        },
      });
      const entry = manifest.projects.find((e) => e.id === p.body.id)!;
      expect(entry.repository_storage).toBe('default'); // as the snapshot says
      expect(entry.missing).toBe(false);
      expect(entry.refs['refs/heads/main']).toBe(heads.main);

      const restored = path.join(dir, 'restored');
      await restoreDataDir({
        backup: path.join(dir, 'backup'),
        dataDir: restored,
        storages: { other: path.join(dir, 'other2') },
      });
      const repo = shardRepoPath(path.join(restored, 'repositories', 'default'), p.body.id);
      expect(gitDir(repo, 'rev-parse', 'refs/heads/main')).toBe(heads.main);
      gitDir(repo, 'fsck', '--full', '--strict');
    } finally {
      gate.open();
      await core.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
