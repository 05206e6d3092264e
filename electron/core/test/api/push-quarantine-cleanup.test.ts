/**
 * A push killed mid-pack leaves git's quarantine directory (`objects/tmp_objdir-incoming-XXXXXX`, or
 * `incoming-XXXXXX` with older git) in the repository; the next start removes it and nothing else
 * (issue 15, "Leftovers after a crash"; services/projects/repository-maintenance.ts). The leftover is
 * made for real: a `git receive-pack` over HTTP is sent its commands and the start of a pack, then killed
 * with SIGKILL (as the OOM killer or a power cut would), so git's own clean-up never runs.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gitDir } from '../helpers/disk.js';
import { importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { ROOT_TOKEN, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { pktLine, FLUSH_PKT } from '../../git/smart-http.js';

const QUARANTINE = /^(?:tmp_objdir-incoming-|incoming-)[A-Za-z0-9]{6}$/;

/** pid → parent pid and command line of every process, from /proc. */
function processes(): { pid: number; ppid: number; cmdline: string }[] {
  const out: { pid: number; ppid: number; cmdline: string }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ');
      out.push({ pid: Number(name), ppid, cmdline });
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

/** `pid` and all its descendants. */
function tree(pid: number): number[] {
  const all = processes();
  const found = [pid];
  for (let i = 0; i < found.length; i++) for (const p of all) if (p.ppid === found[i]) found.push(p.pid);
  return found;
}

const quarantineDirs = (repo: string) =>
  readdirSync(path.join(repo, 'objects')).filter((n) => QUARANTINE.test(n));

describe('quarantine directories of killed pushes', () => {
  let t: TestCore;
  let project: ImportedProject;

  beforeAll(async () => {
    t = await startTestCore();
    project = await importFixtureProject(t, 'pushed-into');
  });

  afterAll(async () => {
    await t.close();
  });

  it('are removed at the next start; the repository and everything else in objects/ stay', async () => {
    const repo = project.repo;
    const before = readdirSync(path.join(repo, 'objects')).sort();
    const refsBefore = gitDir(repo, 'for-each-ref', '--format=%(objectname) %(refname)');
    expect(quarantineDirs(repo)).toEqual([]);

    // A push: one command, then a pack header announcing 3 objects and no objects.
    const url = new URL(`${t.url}/${project.pathWithNamespace}.git/git-receive-pack`);
    const req = http.request(url, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/x-git-receive-pack-request',
        'transfer-encoding': 'chunked',
        authorization: `Basic ${Buffer.from(`root:${ROOT_TOKEN}`).toString('base64')}`,
      },
    });
    req.on('error', () => undefined);
    const zero = '0'.repeat(40);
    req.write(
      Buffer.concat([
        pktLine(`${zero} ${project.featureHead} refs/heads/half-pushed\0report-status\n`),
        FLUSH_PKT,
        Buffer.from('PACK\0\0\0\x02\0\0\0\x03', 'binary'),
      ]),
    );

    // receive-pack made its quarantine and waits for the rest of the pack.
    const receivePack = await vi.waitFor(
      () => {
        const p = processes().find((x) => x.ppid === process.pid && x.cmdline.includes('receive-pack'));
        if (!p) throw new Error('no receive-pack yet');
        if (quarantineDirs(repo).length !== 1) throw new Error('no quarantine yet');
        return p;
      },
      { timeout: 20_000, interval: 50 },
    );
    const [quarantine] = quarantineDirs(repo);
    // Killed outright, with its unpack-objects/index-pack child: git's clean-up never runs.
    for (const pid of tree(receivePack.pid).reverse()) process.kill(pid, 'SIGKILL');
    await vi.waitFor(() => expect(processes().some((p) => p.pid === receivePack.pid)).toBe(false));
    req.destroy();
    await t.stop();
    expect(existsSync(path.join(repo, 'objects', quarantine!))).toBe(true);

    // The next start removes it, and only it.
    t = await startTestCore({ dataDir: t.dataDir });
    expect(quarantineDirs(repo)).toEqual([]);
    expect(readdirSync(path.join(repo, 'objects')).sort()).toEqual(before);
    expect(gitDir(repo, 'for-each-ref', '--format=%(objectname) %(refname)')).toBe(refsBefore);
    gitDir(repo, 'fsck', '--no-progress');
  });
});
