/**
 * The repository snapshot tar (snapshot.ts) read back by the system's `tar` and by git: a real bare
 * repository on disk, with a ref name longer than ustar's 100 bytes and a push quarantine directory.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSnapshot, snapshotTar } from '../services/repository/snapshot.js';

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

describe('repository snapshot tar', () => {
  let dir: string;
  const longRef = `refs/heads/${'very-long-branch-name/'.repeat(6)}end`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-snapshot-unit-'));
    const work = path.join(dir, 'work');
    execFileSync('git', ['init', '-q', '-b', 'main', work]);
    await writeFile(path.join(work, 'a.txt'), 'a\n');
    const env = {
      ...process.env,
      GIT_AUTHOR_NAME: 'A',
      GIT_AUTHOR_EMAIL: 'a@example.com',
      GIT_COMMITTER_NAME: 'A',
      GIT_COMMITTER_EMAIL: 'a@example.com',
    };
    execFileSync('git', ['-C', work, 'add', '.'], { env });
    execFileSync('git', ['-C', work, 'commit', '-q', '-m', 'first'], { env });
    execFileSync('git', ['clone', '-q', '--bare', work, path.join(dir, 'repo.git')]);
    execFileSync('git', ['--git-dir', path.join(dir, 'repo.git'), 'update-ref', longRef, 'main']);
    await mkdir(path.join(dir, 'repo.git', 'objects', 'tmp_objdir-incoming-x'), { recursive: true });
    await writeFile(path.join(dir, 'repo.git', 'objects', 'tmp_objdir-incoming-x', 'junk'), 'x');
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('is a tar the system reads, long names included, without quarantine files', async () => {
    const bytes = await collect(snapshotTar(path.join(dir, 'repo.git')));
    expect(bytes.length % 512).toBe(0);
    await writeFile(path.join(dir, 's.tar'), bytes);
    const names = execFileSync('tar', ['-tf', path.join(dir, 's.tar')], { encoding: 'utf8' }).split('\n');
    expect(names).toContain(longRef);
    expect(names).toContain('HEAD');
    expect(names.some((n) => n.includes('tmp_objdir'))).toBe(false);
    expect(names.some((n) => n === 'config')).toBe(false);
    const out = path.join(dir, 'out.git');
    await mkdir(out);
    execFileSync('tar', ['-xf', path.join(dir, 's.tar'), '-C', out]);
    execFileSync('git', ['init', '-q', '--bare', out]);
    execFileSync('git', ['--git-dir', out, 'fsck', '--no-dangling'], { stdio: 'pipe' });
    const subject = execFileSync('git', ['--git-dir', out, 'log', '-1', '--format=%s', longRef], {
      encoding: 'utf8',
    });
    expect(subject.trim()).toBe('first');
  });

  it('keeps loose objects and packs only under objects/', () => {
    expect(inSnapshot(`objects/ab/${'c'.repeat(38)}`, false)).toBe(true);
    expect(inSnapshot(`objects/pack/pack-${'d'.repeat(40)}.pack`, false)).toBe(true);
    expect(inSnapshot(`objects/pack/pack-${'d'.repeat(40)}.idx`, false)).toBe(true);
    expect(inSnapshot('objects/info/alternates', false)).toBe(false);
    expect(inSnapshot('objects/tmp_objdir-incoming-x', true)).toBe(false);
    expect(inSnapshot('objects/pack', true)).toBe(true);
    expect(inSnapshot('refs/heads/main.lock', false)).toBe(false);
    expect(inSnapshot('refs/heads/main', false)).toBe(true);
  });
});
